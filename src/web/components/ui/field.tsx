import {
  forwardRef,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from "react";
import { cn } from "./cn";

export const inputClasses =
  "block w-full min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500 disabled:bg-stone-100 disabled:text-stone-600 aria-[invalid=true]:border-red-600";

interface FieldShellProps {
  label: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  error?: string | undefined;
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
  className?: string;
}

/** A label, the control, an optional hint and an error, wired together for screen readers. */
export function FieldShell({ label, required, hint, error, children, className }: FieldShellProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("space-y-1.5", className)}>
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {label}
        {required ? (
          <span aria-hidden="true" className="text-red-700">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {children({ id, describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-stone-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What every field's control carries: its id, hint and error links, state and look. */
function controlProps(
  id: string,
  describedBy: string | undefined,
  error: string | undefined,
  required: boolean | undefined,
  className: string | undefined,
) {
  return {
    id,
    "aria-describedby": describedBy,
    "aria-invalid": error ? true : undefined,
    "aria-required": required || undefined,
    className: cn(inputClasses, className),
  } as const;
}

type Common = { label: ReactNode; hint?: ReactNode; error?: string | undefined; containerClassName?: string };

export const TextField = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & Common>(
  function TextField({ label, hint, error, containerClassName, className, required, ...props }, ref) {
    return (
      <FieldShell label={label} hint={hint} error={error} required={required} className={containerClassName}>
        {({ id, describedBy }) => (
          <input ref={ref} {...controlProps(id, describedBy, error, required, className)} {...props} />
        )}
      </FieldShell>
    );
  },
);

export const TextAreaField = forwardRef<
  HTMLTextAreaElement,
  TextareaHTMLAttributes<HTMLTextAreaElement> & Common
>(function TextAreaField({ label, hint, error, containerClassName, className, required, ...props }, ref) {
  return (
    <FieldShell label={label} hint={hint} error={error} required={required} className={containerClassName}>
      {({ id, describedBy }) => (
        <textarea ref={ref} {...controlProps(id, describedBy, error, required, className)} {...props} />
      )}
    </FieldShell>
  );
});

export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & Common>(
  function SelectField(
    { label, hint, error, containerClassName, className, required, children, ...props },
    ref,
  ) {
    return (
      <FieldShell label={label} hint={hint} error={error} required={required} className={containerClassName}>
        {({ id, describedBy }) => (
          <select ref={ref} {...controlProps(id, describedBy, error, required, className)} {...props}>
            {children}
          </select>
        )}
      </FieldShell>
    );
  },
);
