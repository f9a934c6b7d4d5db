import { CURRENCIES, type CurrencyCode } from "@shared/currency";
import { MESSAGES } from "@shared/messages";
import { showsCurrencyBanner } from "@shared/overlays";
import { useLocation } from "@web/app/routing";
import { cn } from "@web/components/ui/cn";
import { X } from "lucide-react";
import { useCurrency } from "./CurrencyProvider";

// The prompt is shown once per page: fixed ids are unique.
const titleId = "currency-banner-title";
const textId = "currency-banner-text";
const CHOICE =
  "inline-flex h-9 pointer-coarse:h-11 items-center justify-center rounded-full border px-3 text-sm font-semibold transition-colors";

/**
 * The "Switch Currency?" prompt for visitors whose time zone points outside the UK, as a slim
 * banner in the page's flow above the navigation: it pushes the page down rather than covering
 * any of it, and is not shown on checkout or the admin (issue 20). Any answer, or closing it,
 * records that it was seen.
 *
 * The pre-rendered landing pages carry it hidden (data-pending: the time zone and local
 * storage are not known when the page is built); public/csp-boot.js shows it before the first paint
 * when it is wanted (styles.css), so nothing moves when the app starts and takes it over (CLS).
 */
export function CurrencyPrompt() {
  const { promptVisible, promptPending, suggestedCurrency, setCurrency, dismissPrompt } = useCurrency();
  const { pathname } = useLocation();
  if (!(promptVisible || promptPending) || !showsCurrencyBanner(pathname)) return null;
  // The spec's order in every case (the pre-rendered banner cannot know the suggestion: moving
  // it first once the app starts would shift the buttons); the suggested one is highlighted.
  const suggested = promptPending ? null : suggestedCurrency;
  const choices = CURRENCIES.filter((c) => c.code !== "GBP");
  const choose = (code: CurrencyCode) => setCurrency(code);
  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={textId}
      data-testid="currency-banner"
      data-pending={promptPending || undefined}
      className="relative border-b border-glow-200 bg-glow-50"
    >
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 py-2 pl-4 pr-14">
        <p className="min-w-0 text-sm text-stone-800">
          <span id={titleId} className="font-semibold text-stone-900">
            {MESSAGES.currency.promptTitle}
          </span>{" "}
          <span id={textId}>{MESSAGES.currency.promptDescription}</span>
        </p>
        {/* One row, scrolled sideways where it does not fit: the banner stays slim on a phone. */}
        <ul className="flex min-w-0 gap-1.5 overflow-x-auto py-1">
          {choices.map((c) => (
            <li key={c.code} className="shrink-0">
              <button
                type="button"
                className={cn(
                  CHOICE,
                  c.code === suggested
                    ? "border-glow-700 bg-glow-400 text-stone-950 hover:bg-glow-300"
                    : "border-stone-300 bg-white text-stone-800 hover:bg-stone-100",
                )}
                onClick={() => choose(c.code)}
              >
                {c.code} ({c.symbol})
              </button>
            </li>
          ))}
          <li className="shrink-0">
            <button
              type="button"
              className={cn(CHOICE, "border-transparent text-stone-800 underline underline-offset-4")}
              onClick={() => choose("GBP")}
            >
              {MESSAGES.currency.keepGbp}
            </button>
          </li>
        </ul>
      </div>
      <button
        type="button"
        aria-label="Close the currency suggestion"
        className="absolute right-2 top-1.5 inline-flex h-10 w-10 pointer-coarse:h-11 pointer-coarse:w-11 items-center justify-center rounded-full text-stone-700 hover:bg-glow-100"
        onClick={dismissPrompt}
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </section>
  );
}
