import type { TimelineEntry } from "@shared/order-timeline";
import { TIMELINE_TEXTS } from "@shared/order-timeline";

/** What has happened to the order, oldest first, newest last (issue 47 item 13). */
export function OrderTimeline({ entries }: { entries: readonly TimelineEntry[] }) {
  if (entries.length === 0) return null;
  return (
    <section aria-labelledby="order-timeline" data-testid="order-timeline">
      <h2 id="order-timeline" className="text-xl text-stone-900">
        {TIMELINE_TEXTS.heading}
      </h2>
      <ol className="mt-3 border-l-2 border-stone-200 pl-5">
        {entries.map((entry, index) => {
          const last = index === entries.length - 1;
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a timeline's entries never move
              key={index}
              className="relative pb-4 last:pb-0"
              data-kind={entry.kind}
              {...(last ? { "aria-current": "step" as const } : {})}
            >
              <span
                aria-hidden="true"
                className={`absolute top-1.5 -left-[1.72rem] h-3 w-3 rounded-full ring-4 ring-white ${last ? "bg-stone-900" : "bg-stone-400"}`}
              />
              <p className={`text-stone-900 ${last ? "font-semibold" : ""}`}>{entry.text}</p>
              <p className="text-sm text-stone-600">
                <time dateTime={entry.at}>{entry.when}</time>
              </p>
            </li>
          );
        })}
      </ol>
    </section>
  );
}
