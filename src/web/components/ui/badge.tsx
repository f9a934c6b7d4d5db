import type { HTMLAttributes } from "react";
import { cn } from "./cn";

const tones = {
  neutral: "bg-stone-100 text-stone-800",
  glow: "bg-glow-100 text-glow-800",
  success: "bg-emerald-100 text-emerald-800",
  warning: "bg-orange-100 text-orange-900",
  danger: "bg-red-100 text-red-800",
} as const;

export function Badge({
  tone = "neutral",
  className,
  ...props
}: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof tones }) {
  return (
    <span
      className={cn(
        "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
