import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import { countryName, searchCountries, WORLD_COUNTRIES, type WorldCountry } from "@shared/world-countries";
import { cn } from "@web/components/ui/cn";
import { inputClasses } from "@web/components/ui/field";
import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";

interface CountryPickerProps {
  /** ISO alpha-2 of the chosen country. */
  value: string;
  onChange: (code: string) => void;
  /** Countries some shipping zone delivers to; the others are listed but cannot be chosen. */
  served: ReadonlySet<string>;
  /** Called with a country the shop does not deliver to, when the buyer tries to choose it. */
  onRefused: (code: string) => void;
  error?: string | undefined;
  name?: string;
}

/**
 * A searchable country list (a combobox, typed into to filter): the United Kingdom, Ireland,
 * then every other country by English name. A country in no zone shows "No delivery yet" and
 * cannot be chosen.
 */
export function CountryPicker({ value, onChange, served, onRefused, error, name }: CountryPickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const errorId = `${id}-error`;
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const matches = useMemo(() => (query ? searchCountries(query) : [...WORLD_COUNTRIES]), [query]);

  const close = () => {
    setOpen(false);
    setQuery(null);
  };

  const choose = (country: WorldCountry) => {
    if (!served.has(country.code)) {
      onRefused(country.code);
      close();
      return;
    }
    onChange(country.code);
    close();
  };

  const move = (next: number) => {
    const bounded = Math.max(0, Math.min(matches.length - 1, next));
    setActive(bounded);
    listRef.current?.children[bounded]?.scrollIntoView({ block: "nearest" });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      if (!open) setOpen(true);
      move(open ? active + 1 : 0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      move(active - 1);
    } else if (event.key === "Enter") {
      if (!open) return;
      event.preventDefault();
      const country = matches[active];
      if (country) choose(country);
    } else if (event.key === "Escape") {
      if (open) {
        event.preventDefault();
        close();
      }
    }
  };

  const activeCountry = open ? matches[active] : undefined;
  return (
    <div className="relative space-y-1.5 sm:col-span-2">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {INTERNATIONAL_MESSAGES.countryLabel}
        <span aria-hidden="true" className="text-red-700">
          {" "}
          *
        </span>
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          aria-activedescendant={activeCountry ? `${id}-${activeCountry.code}` : undefined}
          className={cn(inputClasses, "pr-10")}
          value={query ?? countryName(value)}
          onFocus={(e) => {
            e.currentTarget.select();
            setOpen(true);
          }}
          onClick={() => setOpen(true)}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onBlur={() => close()}
          onKeyDown={onKeyDown}
        />
        <ChevronDown
          aria-hidden="true"
          className="pointer-events-none absolute right-3 top-1/2 h-4 w-4 -translate-y-1/2 text-stone-500"
        />
      </div>
      {open ? (
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={INTERNATIONAL_MESSAGES.countrySearch}
          className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
        >
          {matches.length === 0 ? (
            <div className="px-3 py-2 text-sm text-stone-600">{INTERNATIONAL_MESSAGES.noCountryMatch}</div>
          ) : (
            matches.map((country, index) => {
              const deliverable = served.has(country.code);
              return (
                <div
                  key={country.code}
                  tabIndex={-1}
                  id={`${id}-${country.code}`}
                  role="option"
                  aria-selected={country.code === value}
                  aria-disabled={deliverable ? undefined : true}
                  // Chosen on mouse down, before the input's blur closes the list.
                  onMouseDown={(e) => {
                    e.preventDefault();
                    choose(country);
                  }}
                  onMouseEnter={() => setActive(index)}
                  className={cn(
                    "flex cursor-pointer justify-between gap-2 px-3 py-2 text-base",
                    index === active ? "bg-stone-100" : "",
                    country.code === value ? "font-semibold" : "",
                    deliverable ? "text-stone-900" : "text-stone-500",
                  )}
                >
                  <span>{country.name}</span>
                  {deliverable ? null : <span className="text-sm">No delivery yet</span>}
                </div>
              );
            })
          )}
        </div>
      ) : null}
      {error ? (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
