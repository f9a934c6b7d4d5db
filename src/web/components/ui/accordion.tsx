/**
 * A single-open, collapsible accordion (the WAI-ARIA accordion pattern) for the creator's steps,
 * in place of Radix's (~7 KB gzip of the creator's first load with its collection, presence and
 * collapsible helpers; issue 31 item 3). Same markup as Radix's: each trigger is a button with
 * aria-expanded, aria-controls and data-state, inside the item's heading; its panel is a region
 * named by the trigger, rendered only while open. Up/Down move between the enabled triggers
 * (wrapping), Home/End go to the first/last.
 */
import {
  type ComponentPropsWithRef,
  createContext,
  type KeyboardEvent,
  type ReactElement,
  type ReactNode,
  useContext,
  useId,
} from "react";

interface RootContext {
  value: string;
  onValueChange: (value: string) => void;
}

interface ItemContext {
  open: boolean;
  disabled: boolean;
  value: string;
  triggerId: string;
  contentId: string;
}

const AccordionRootContext = createContext<RootContext | null>(null);
const AccordionItemContext = createContext<ItemContext | null>(null);

function useRootContext(): RootContext {
  const context = useContext(AccordionRootContext);
  if (!context) throw new Error("An accordion part is outside <AccordionRoot>.");
  return context;
}

function useItemContext(): ItemContext {
  const context = useContext(AccordionItemContext);
  if (!context) throw new Error("An accordion part is outside <AccordionItem>.");
  return context;
}

const TRIGGER_SELECTOR = "[data-accordion-trigger]:not(:disabled)";

/** Up/Down/Home/End between the enabled triggers of this accordion (not of one nested in it). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>): void {
  const target = event.target as HTMLElement;
  if (!target.matches(TRIGGER_SELECTOR)) return;
  const root = event.currentTarget;
  const triggers = [...root.querySelectorAll<HTMLButtonElement>(TRIGGER_SELECTOR)].filter(
    (trigger) => trigger.closest("[data-accordion-root]") === root,
  );
  const index = triggers.indexOf(target as HTMLButtonElement);
  if (index < 0) return;
  const last = triggers.length - 1;
  const next =
    event.key === "ArrowDown"
      ? index === last
        ? 0
        : index + 1
      : event.key === "ArrowUp"
        ? index === 0
          ? last
          : index - 1
        : event.key === "Home"
          ? 0
          : event.key === "End"
            ? last
            : null;
  if (next === null) return;
  event.preventDefault();
  triggers[next]?.focus();
}

/** The accordion: `value` is the open item's value ("" when all are closed). */
export function AccordionRoot({
  value,
  onValueChange,
  className,
  children,
}: RootContext & { className?: string; children: ReactNode }) {
  return (
    <AccordionRootContext.Provider value={{ value, onValueChange }}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the keys move focus between the triggers (buttons) inside */}
      <div data-accordion-root="" data-orientation="vertical" className={className} onKeyDown={moveFocus}>
        {children}
      </div>
    </AccordionRootContext.Provider>
  );
}

export function AccordionItem({
  value,
  disabled = false,
  className,
  children,
}: {
  value: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const root = useRootContext();
  const id = useId();
  const open = root.value === value;
  return (
    <AccordionItemContext.Provider
      value={{ open, disabled, value, triggerId: `${id}-trigger`, contentId: `${id}-content` }}
    >
      <div
        data-state={open ? "open" : "closed"}
        data-disabled={disabled ? "" : undefined}
        data-orientation="vertical"
        className={className}
      >
        {children}
      </div>
    </AccordionItemContext.Provider>
  );
}

/** The item's heading: `render` gives the heading element (h2, h3) around the trigger. */
export function AccordionHeader({ render }: { render: (props: { "data-state": string }) => ReactElement }) {
  const item = useItemContext();
  return render({ "data-state": item.open ? "open" : "closed" });
}

export function AccordionTrigger({ className, children, ref }: ComponentPropsWithRef<"button">) {
  const root = useRootContext();
  const item = useItemContext();
  return (
    <button
      ref={ref}
      type="button"
      id={item.triggerId}
      aria-controls={item.contentId}
      aria-expanded={item.open}
      data-state={item.open ? "open" : "closed"}
      data-disabled={item.disabled ? "" : undefined}
      data-orientation="vertical"
      data-accordion-trigger=""
      disabled={item.disabled}
      className={className}
      onClick={() => root.onValueChange(item.open ? "" : item.value)}
    >
      {children}
    </button>
  );
}

export function AccordionContent({ className, children }: { className?: string; children: ReactNode }) {
  const item = useItemContext();
  return (
    // A section named by its trigger: a region, as Radix's panel.
    <section
      id={item.contentId}
      aria-labelledby={item.triggerId}
      data-state={item.open ? "open" : "closed"}
      data-orientation="vertical"
      hidden={!item.open}
      className={className}
    >
      {item.open ? children : null}
    </section>
  );
}
