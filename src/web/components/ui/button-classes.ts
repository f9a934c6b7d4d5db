/**
 * The button look as class names, without the Button component (whose asChild needs Radix's
 * Slot): the shop's first load (nav, home page) only needs the classes.
 */
import { cn } from "./cn";

export const variants = {
  primary: "bg-stone-900 text-white hover:bg-stone-700 disabled:bg-stone-400",
  glow: "bg-glow-400 text-stone-950 hover:bg-glow-300 disabled:bg-stone-300 disabled:text-stone-600",
  outline: "border border-stone-300 bg-white text-stone-900 hover:bg-stone-100 disabled:text-stone-400",
  ghost: "text-stone-800 hover:bg-stone-100 disabled:text-stone-400",
  destructive: "bg-red-700 text-white hover:bg-red-800 disabled:bg-red-300",
} as const;

export const sizes = {
  // On a touch screen every button is at least 44 px tall (a finger, not a pointer).
  sm: "min-h-9 px-3 text-sm pointer-coarse:min-h-11",
  md: "min-h-11 px-5 text-base",
  lg: "min-h-12 px-7 text-lg",
  icon: "h-11 w-11",
} as const;

/**
 * A link or small control on a touch screen: at least 44 x 44 px (WCAG 2.5.5), centred, without
 * changing how it looks with a mouse.
 */
export const TOUCH_TARGET =
  "pointer-coarse:inline-flex pointer-coarse:min-h-11 pointer-coarse:min-w-11 pointer-coarse:items-center";

export function buttonClasses(variant: keyof typeof variants = "primary", size: keyof typeof sizes = "md") {
  return cn(
    "inline-flex items-center justify-center gap-2 rounded-full font-medium transition-colors disabled:cursor-not-allowed",
    variants[variant],
    sizes[size],
  );
}
