import { currenciesByRegion, isSupportedCurrency } from "@shared/currency";
import { cn } from "@web/components/ui/cn";
import { inputClasses } from "@web/components/ui/field";
import { useId } from "react";
import { useCurrency } from "./CurrencyProvider";

/** "EUR (€) Euro": the code and symbol first, as the spec's dropdown shows them. */
function optionText(code: string, symbol: string, name: string) {
  return `${code} (${symbol}) ${name}`;
}

/** The currency dropdown: every currency grouped by region, with code and symbol. */
export function CurrencySelect({
  className,
  label = "Prices shown in",
}: {
  className?: string;
  label?: string;
}) {
  const { currency, setCurrency } = useCurrency();
  const id = useId();
  return (
    <div className={cn("flex items-center gap-2", className)}>
      <label htmlFor={id} className="shrink-0 text-sm font-medium text-stone-800">
        {label}
      </label>
      <select
        id={id}
        value={currency}
        onChange={(event) => {
          const code = event.target.value;
          if (isSupportedCurrency(code)) setCurrency(code);
        }}
        className={cn(inputClasses, "w-auto min-w-0 py-1.5 pr-8 text-sm")}
      >
        {currenciesByRegion().map((group) => (
          <optgroup key={group.region} label={group.region}>
            {group.currencies.map((c) => (
              <option key={c.code} value={c.code}>
                {optionText(c.code, c.symbol, c.name)}
              </option>
            ))}
          </optgroup>
        ))}
      </select>
    </div>
  );
}
