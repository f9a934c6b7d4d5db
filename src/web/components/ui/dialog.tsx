import { X } from "lucide-react";
import { Dialog as RadixDialog } from "radix-ui";
import type { ReactNode } from "react";
import { cn } from "./cn";
import { useReturnFocus } from "./return-focus";

export interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
  /** Blocking dialogs cannot be dismissed by Escape, outside click or a close button. */
  blocking?: boolean;
  /** A blocking dialog's answer to Escape, the one dismissal it still hears (e.g. sign out). */
  onBlockedEscape?: () => void;
}

export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  className,
  blocking,
  onBlockedEscape,
}: DialogProps) {
  const stop = blocking ? (e: Event) => e.preventDefault() : undefined;
  // Without a trigger to go back to, the focus returns to what opened the dialog.
  const returnFocus = useReturnFocus(open === true);
  const onEscape = blocking
    ? (e: KeyboardEvent) => {
        e.preventDefault();
        onBlockedEscape?.();
      }
    : undefined;
  return (
    <RadixDialog.Root {...(open === undefined ? {} : { open })} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger ? <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger> : null}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-stone-950/60" />
        <RadixDialog.Content
          {...(trigger ? {} : returnFocus)}
          onEscapeKeyDown={onEscape}
          onPointerDownOutside={stop}
          onInteractOutside={stop}
          className={cn(
            "fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl",
            className,
          )}
          {...(description ? {} : { "aria-describedby": undefined })}
        >
          <RadixDialog.Title className="pr-10 font-display text-2xl text-stone-900">
            {title}
          </RadixDialog.Title>
          {description ? (
            <RadixDialog.Description className="mt-1 text-stone-700">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
          {blocking ? null : (
            <RadixDialog.Close
              aria-label="Close"
              className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100"
            >
              <X aria-hidden="true" className="h-5 w-5" />
            </RadixDialog.Close>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
