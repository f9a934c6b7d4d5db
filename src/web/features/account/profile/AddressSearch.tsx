import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { findCountryByName } from "@shared/countries";
import { type AddressLookupResult, FIELD_MAX_LENGTH } from "@shared/schemas";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { SelectField, TextField } from "@web/components/ui/field";
import { Loader2, MapPin, Search } from "lucide-react";
import { useMemo, useState } from "react";
import type { useForm } from "react-hook-form";
import { addressApi, notify } from "../../auth";
import type { ProfileForm } from "./profileForm";

/** The address look-up beside the profile's address: the postcode (and country) finds addresses to fill in. */
export function AddressSearch({
  register,
  postalCodeError,
  getQuery,
  onPick,
}: {
  register: ReturnType<ReturnType<typeof useForm<ProfileForm>>["register"]>;
  postalCodeError: string | undefined;
  getQuery: () => { postcode: string; country: string };
  onPick: (address: AddressLookupResult) => void;
}) {
  const [searching, setSearching] = useState(false);
  const [needsBoth, setNeedsBoth] = useState(false);
  const [results, setResults] = useState<AddressLookupResult[] | null>(null);
  const [chosen, setChosen] = useState("");
  const options = useMemo(() => results ?? [], [results]);

  const search = async () => {
    const { postcode, country } = getQuery();
    setResults(null);
    setChosen("");
    // Address search needs both the postal code and the country.
    if (!postcode || !findCountryByName(country)) {
      setNeedsBoth(true);
      return;
    }
    setNeedsBoth(false);
    setSearching(true);
    try {
      const addresses = await addressApi.lookup({ postcode, country });
      if (addresses.length === 0) {
        notify(ACCOUNT_MESSAGES.address.noneFound);
        return;
      }
      setResults(addresses);
      notify(ACCOUNT_MESSAGES.address.found(addresses.length));
    } catch {
      notify(ACCOUNT_MESSAGES.address.lookupFailed);
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="space-y-3 rounded-xl border border-stone-200 bg-stone-50 p-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <TextField
          label="Postcode"
          autoComplete="postal-code"
          maxLength={FIELD_MAX_LENGTH.postalCode}
          error={
            postalCodeError ?? (needsBoth ? ACCOUNT_MESSAGES.address.postcodeAndCountryRequired : undefined)
          }
          {...register}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              void search();
            }
          }}
        />
        <Button
          variant="outline"
          onClick={search}
          disabled={searching}
          className={cn("w-full sm:w-auto", postalCodeError || needsBoth ? "sm:mb-7" : "")}
        >
          {searching ? (
            <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
          ) : (
            <Search aria-hidden="true" className="h-4 w-4" />
          )}
          Find address
        </Button>
      </div>
      {options.length > 0 ? (
        <SelectField
          label={
            <span className="inline-flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="h-4 w-4" /> Choose your address
            </span>
          }
          value={chosen}
          onChange={(e) => {
            const index = Number(e.target.value);
            setChosen(e.target.value);
            const address = options[index];
            if (e.target.value !== "" && address) {
              onPick(address);
              notify(ACCOUNT_MESSAGES.address.selected);
            }
          }}
        >
          <option value="">{`${options.length} ${options.length === 1 ? "address" : "addresses"} found - choose one`}</option>
          {options
            .map((a, position) => ({ label: a.formatted_address, value: String(position) }))
            .map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
        </SelectField>
      ) : (
        <p className="text-sm text-stone-600">
          Search by postcode to fill in your address, or type it below.
        </p>
      )}
    </div>
  );
}
