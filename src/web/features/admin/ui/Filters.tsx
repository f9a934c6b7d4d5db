import { cn } from "@web/components/ui/cn";
import { type ReactNode, useId } from "react";

/** Native select styled like the shop's inputs, with a visible label. */
export function FilterSelect({
  label,
  value,
  onChange,
  children,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
  className?: string;
}) {
  // An explicit label: wrapped, the select's name would run on into its options' text (issue 30).
  const id = useId();
  return (
    <div className={cn("flex flex-col gap-1 text-sm font-medium text-stone-800", className)}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900"
      >
        {children}
      </select>
    </div>
  );
}

export function FilterInput({
  label,
  value,
  onChange,
  type = "text",
  placeholder,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  type?: "text" | "date" | "search" | "number";
  placeholder?: string;
  className?: string;
}) {
  return (
    <label className={cn("flex flex-col gap-1 text-sm font-medium text-stone-800", className)}>
      {label}
      <input
        type={type}
        value={value}
        placeholder={placeholder}
        onChange={(e) => onChange(e.target.value)}
        className="min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900 placeholder:text-stone-500"
      />
    </label>
  );
}
