import { adminDocumentTitle } from "@shared/titles";
import { type ReactNode, useEffect } from "react";

export function useAdminTitle(section: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = adminDocumentTitle(section);
    return () => {
      document.title = previous;
    };
  }, [section]);
}

/** An admin screen's h1, its introduction and its actions. */
export function AdminHeading({
  title,
  intro,
  actions,
}: {
  title: ReactNode;
  intro?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 className="text-3xl text-stone-900 md:text-4xl">{title}</h1>
        {intro ? <p className="mt-2 max-w-3xl text-stone-700">{intro}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}
