import { MESSAGES } from "@shared/messages";

/** A step's choices while they load: two grey cards. */
export function OptionsLoading() {
  return (
    <div role="status" className="grid gap-3 sm:grid-cols-2">
      <span className="sr-only">{MESSAGES.common.loading}</span>
      {[0, 1].map((i) => (
        <div key={i} aria-hidden="true" className="h-16 animate-pulse rounded-xl bg-stone-200" />
      ))}
    </div>
  );
}
