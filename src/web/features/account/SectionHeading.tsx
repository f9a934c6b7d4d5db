import type { ReactNode } from "react";

export function SectionHeading({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3">
      <span className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-stone-100 text-stone-800">
        {icon}
      </span>
      <div>
        <h2 className="text-xl text-stone-900">{title}</h2>
        {children ? <p className="mt-1 text-sm text-stone-700">{children}</p> : null}
      </div>
    </div>
  );
}
