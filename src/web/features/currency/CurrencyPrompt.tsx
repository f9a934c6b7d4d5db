import { CURRENCIES, type CurrencyCode } from "@shared/currency";
import { MESSAGES } from "@shared/messages";
import { buttonClasses } from "@web/components/ui/button-classes";
import { cn } from "@web/components/ui/cn";
import { X } from "lucide-react";
import { useId } from "react";
import { useCurrency } from "./CurrencyProvider";

/**
 * The "Switch Currency?" card for visitors whose time zone points outside the UK. A card, not a
 * modal: the shop stays usable behind it. Any answer (or closing it) records that it was seen.
 */
export function CurrencyPrompt() {
  const { promptVisible, suggestedCurrency, setCurrency, dismissPrompt } = useCurrency();
  const titleId = useId();
  const textId = useId();
  if (!promptVisible) return null;
  // The suggested currency first, then the others in the spec's order.
  const choices = CURRENCIES.filter((c) => c.code !== "GBP").sort(
    (a, b) => Number(b.code === suggestedCurrency) - Number(a.code === suggestedCurrency),
  );
  const choose = (code: CurrencyCode) => setCurrency(code);
  return (
    <section
      aria-labelledby={titleId}
      aria-describedby={textId}
      className="fixed inset-x-3 bottom-20 z-40 rounded-2xl border border-stone-200 bg-white p-5 shadow-xl sm:inset-x-auto sm:bottom-6 sm:left-6 sm:w-96"
    >
      <h2 id={titleId} className="pr-10 font-display text-xl text-stone-900">
        {MESSAGES.currency.promptTitle}
      </h2>
      <p id={textId} className="mt-1 text-sm text-stone-700">
        {MESSAGES.currency.promptDescription}
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-2">
        {choices.map((c) => (
          <li key={c.code}>
            <button
              type="button"
              className={cn(
                buttonClasses(c.code === suggestedCurrency ? "glow" : "outline", "sm"),
                "w-full rounded-lg",
              )}
              onClick={() => choose(c.code)}
            >
              {c.code} ({c.symbol})
            </button>
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={cn(buttonClasses("ghost", "sm"), "mt-2 w-full underline underline-offset-4")}
        onClick={() => choose("GBP")}
      >
        {MESSAGES.currency.keepGbp}
      </button>
      <button
        type="button"
        aria-label="Close the currency suggestion"
        className="absolute right-3 top-3 inline-flex h-10 w-10 items-center justify-center rounded-full text-stone-700 hover:bg-stone-100"
        onClick={dismissPrompt}
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </section>
  );
}
