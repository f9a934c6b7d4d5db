import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { Link } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { Page } from "@web/components/ui/page";
import { Children, isValidElement, type ReactNode } from "react";

/** When the policy texts were last reviewed. */
export const POLICIES_UPDATED = "November 2026";

/** Body-text styling for policy prose: paragraphs, (direct child) lists and links. */
const prose =
  "space-y-4 text-stone-700 [&_a]:font-medium [&_a]:text-glow-800 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-stone-900 [&_strong]:text-stone-900 [&>ol]:list-decimal [&>ol]:pl-6 [&>ol>li]:mt-1.5 [&>ul]:list-disc [&>ul]:pl-6 [&>ul>li]:mt-1.5";

export const linkClass = "font-medium text-glow-800 underline underline-offset-4 hover:text-stone-900";

/** Cell styling shared by the policy tables; they wrap rather than scroll on a phone. */
export const tableCell = "border-b border-stone-200 px-3 py-3 text-left align-top sm:px-4";

export interface PolicyHighlight {
  label: string;
  value: string;
  /** A short qualifier under the value. */
  note?: string;
}

interface SectionProps {
  id: string;
  title: string;
  children: ReactNode;
}

/** A titled part of a policy: a section with an h2 that the page's contents list links to. */
export function PolicySection({ id, title, children }: SectionProps) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-2xl text-stone-900 md:text-3xl">
        {title}
      </h2>
      <div className={cn("mt-4", prose)}>{children}</div>
    </section>
  );
}

/** The sections passed as children, for the "On this page" list. */
function sectionsOf(children: ReactNode): Array<{ id: string; title: string }> {
  return Children.toArray(children)
    .filter((c) => isValidElement<SectionProps>(c) && c.type === PolicySection)
    .map((c) => {
      const { id, title } = (c as { props: SectionProps }).props;
      return { id, title };
    });
}

/** One policy page: a heading, the key facts at a glance, then its sections with a contents list beside them. */
export function PolicyLayout({
  title,
  intro,
  highlights,
  children,
}: {
  title: string;
  intro: string;
  /** Short key facts shown as cards above the full text. */
  highlights?: readonly PolicyHighlight[];
  children: ReactNode;
}) {
  const sections = sectionsOf(children);
  return (
    <Page title={title} intro={intro}>
      <p className="-mt-4 text-sm text-stone-600">Last updated {POLICIES_UPDATED}</p>
      {highlights?.length ? (
        <section aria-labelledby="at-a-glance" className="mt-8">
          <h2 id="at-a-glance" className="sr-only">
            At a glance
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
            {highlights.map((h) => (
              <div key={h.label} className="rounded-2xl border border-glow-200 bg-glow-50 p-4 sm:p-5">
                <dt className="text-sm font-medium text-stone-700">{h.label}</dt>
                <dd className="mt-1 font-display text-xl text-stone-900 sm:text-2xl">{h.value}</dd>
                {h.note ? <dd className="mt-1 text-sm text-stone-700">{h.note}</dd> : null}
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      <div className="mt-10 lg:grid lg:grid-cols-[minmax(0,1fr)_14rem] lg:gap-12">
        <div className="min-w-0 max-w-3xl space-y-10">{children}</div>
        {sections.length > 2 ? (
          <nav aria-label="On this page" className="hidden lg:block">
            <div className="sticky top-24 border-l-2 border-glow-300 pl-4">
              <p className="text-sm font-semibold uppercase tracking-wide text-stone-700">On this page</p>
              <ul className="mt-3 space-y-1 text-sm">
                {sections.map((s) => (
                  <li key={s.id}>
                    <a
                      href={`#${s.id}`}
                      className="inline-block py-1 text-stone-700 underline-offset-4 hover:text-stone-900 hover:underline"
                    >
                      {s.title}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </nav>
        ) : null}
      </div>
      <aside
        aria-label="Questions about this policy"
        className="mt-14 flex max-w-3xl flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
      >
        <p className="text-stone-700">
          Questions about this page? {BRAND_NAME} is a small business and you will hear back from the maker at{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`} className={cn(linkClass, "break-all")}>
            {SUPPORT_EMAIL}
          </a>
          .
        </p>
        <Link to="/contact" className={cn(buttonClasses("outline", "sm"), "shrink-0")}>
          Contact us
        </Link>
      </aside>
    </Page>
  );
}
