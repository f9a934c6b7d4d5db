import type { ButtonHTMLAttributes } from "react";
import { buttonClasses, type sizes, type variants } from "./button-classes";
import { cn } from "./cn";

export { buttonClasses };

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: keyof typeof variants;
  size?: keyof typeof sizes;
}

/**
 * A button in one of the shop's looks. A link that looks like a button uses buttonClasses on
 * the Link itself (no asChild: Radix's Slot was ~1 KB gzip of the shop's and creator's first
 * load for a prop nobody passed; issue 31 item 3).
 */
export function Button({ variant = "primary", size = "md", className, type, ...props }: ButtonProps) {
  return (
    <button className={cn(buttonClasses(variant, size), className)} type={type ?? "button"} {...props} />
  );
}
