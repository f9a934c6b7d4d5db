import type { ReactNode } from "react";
import { cn } from "./cn";

/** A page's heading block and body, with the shop's consistent width and spacing. */
export function Page({
  title,
  intro,
  children,
  className,
}: {
  title: ReactNode;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mx-auto max-w-5xl px-4 py-10 md:py-16", className)}>
      <h1 className="text-4xl text-stone-900 md:text-5xl">{title}</h1>
      {intro ? <p className="mt-4 max-w-3xl text-lg text-stone-700">{intro}</p> : null}
      {children ? <div className="mt-8">{children}</div> : null}
    </div>
  );
}
