import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { addressFormat } from "@shared/address-format";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import {
  type AddressLookupResult,
  FIELD_MAX_LENGTH,
  type ShippingInfo,
  type shippingInfoSchema,
} from "@shared/schemas";
import { countryName, UK_CODE } from "@shared/world-countries";
import { Button } from "@web/components/ui/button";
import { SelectField, TextField } from "@web/components/ui/field";
import { Loader2, Search } from "lucide-react";
import { type ReactNode, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { addressApi, notify } from "../auth";
import { CountryPicker } from "./CountryPicker";

/** The form's values as typed; the shared schema (the server's) turns them into ShippingInfo. */
export type ShippingFormValues = z.input<typeof shippingInfoSchema>;

export type ShippingForm = UseFormReturn<ShippingFormValues, unknown, ShippingInfo>;

const MISSING = CHECKOUT_MESSAGES.validation.requiredFieldsCheckout;

/** The inline text for a field's error: the spec's toast text becomes "This field is required." */
export function inlineError(message: string | undefined): string | undefined {
  return message === MISSING ? CHECKOUT_MESSAGES.validation.requiredInline : message;
}

/**
 * Checkout's delivery address: name, contact, country, then the address fields in the
 * country's own names and order (county and Eircode in Ireland, state and ZIP code in the US…).
 * A signed-in buyer in the UK can find the address from the postcode.
 */
export function ShippingFields({
  form,
  served,
  onRefused,
  countryNotice,
  canLookUp,
}: {
  form: ShippingForm;
  served: ReadonlySet<string>;
  onRefused: (code: string) => void;
  /** Shown right under the country picker (the "we don't deliver there" notice), where the eye is. */
  countryNotice?: ReactNode;
  /** Address lookup is for signed-in customers. */
  canLookUp: boolean;
}) {
  const {
    register,
    watch,
    setValue,
    getValues,
    trigger,
    formState: { errors, isSubmitted },
  } = form;
  const country = watch("country");
  const format = addressFormat(country);

  const changeCountry = (code: string) => {
    setValue("country", code, { shouldDirty: true });
    const next = addressFormat(code);
    if (!next.fields.some((f) => f.key === "state")) setValue("state", "");
    // A postal code typed for one country is checked again against the next one's format.
    if (isSubmitted || getValues("postalCode")) void trigger(["postalCode", "state"]);
  };

  return (
    <div className="mt-6 grid gap-5 sm:grid-cols-2">
      <TextField
        label="First Name"
        required
        autoComplete="given-name"
        maxLength={FIELD_MAX_LENGTH.name}
        error={inlineError(errors.firstName?.message)}
        {...register("firstName")}
      />
      <TextField
        label="Last Name"
        required
        autoComplete="family-name"
        maxLength={FIELD_MAX_LENGTH.name}
        error={inlineError(errors.lastName?.message)}
        {...register("lastName")}
      />
      <TextField
        label="Email"
        type="email"
        required
        autoComplete="email"
        maxLength={FIELD_MAX_LENGTH.email}
        hint="We send your order confirmation here."
        error={inlineError(errors.email?.message)}
        {...register("email")}
      />
      <TextField
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={FIELD_MAX_LENGTH.phone}
        hint="Optional, for the courier."
        error={errors.phone?.message}
        {...register("phone")}
      />
      <CountryPicker
        name="country"
        value={country}
        onChange={changeCountry}
        served={served}
        onRefused={onRefused}
        error={inlineError(errors.country?.message)}
      />
      {countryNotice ? <div className="sm:col-span-2">{countryNotice}</div> : null}
      <TextField
        label="Address Line 1"
        required
        autoComplete="address-line1"
        maxLength={FIELD_MAX_LENGTH.addressLine}
        containerClassName="sm:col-span-2"
        error={inlineError(errors.addressLine1?.message)}
        {...register("addressLine1")}
      />
      <TextField
        label="Address Line 2"
        autoComplete="address-line2"
        maxLength={FIELD_MAX_LENGTH.addressLine}
        containerClassName="sm:col-span-2"
        error={errors.addressLine2?.message}
        {...register("addressLine2")}
      />
      {format.fields.map((field) => (
        <TextField
          key={`${country}-${field.key}`}
          label={field.label}
          required={field.required}
          autoComplete={field.autoComplete}
          hint={field.hint}
          maxLength={FIELD_MAX_LENGTH[field.key === "postalCode" ? "postalCode" : field.key]}
          className={field.key === "postalCode" ? "uppercase" : undefined}
          error={inlineError(errors[field.key]?.message)}
          {...register(field.key)}
        />
      ))}
      {canLookUp && country === UK_CODE ? (
        <AddressFinder
          postcode={() => getValues("postalCode") ?? ""}
          onPick={(address) => {
            const opts = { shouldDirty: true, shouldValidate: isSubmitted } as const;
            setValue("addressLine1", address.address_line_1, opts);
            setValue("addressLine2", address.address_line_2, opts);
            setValue("city", address.city, opts);
            setValue("state", address.state, opts);
            if (address.postal_code) setValue("postalCode", address.postal_code, opts);
          }}
        />
      ) : null}
    </div>
  );
}

/** Finds UK addresses from the postcode typed above (the profile's lookup service). */
function AddressFinder({
  postcode,
  onPick,
}: {
  postcode: () => string;
  onPick: (address: AddressLookupResult) => void;
}) {
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<AddressLookupResult[]>([]);

  const search = async () => {
    const code = postcode().trim();
    setResults([]);
    if (!code) {
      notify({
        ...ACCOUNT_MESSAGES.address.lookupFailed,
        description: ACCOUNT_MESSAGES.address.postcodeAndCountryRequired,
      });
      return;
    }
    setSearching(true);
    try {
      const addresses = await addressApi.lookup({ postcode: code, country: countryName(UK_CODE) });
      if (addresses.length === 0) notify(ACCOUNT_MESSAGES.address.noneFound);
      else notify(ACCOUNT_MESSAGES.address.found(addresses.length));
      setResults(addresses);
    } catch {
      notify(ACCOUNT_MESSAGES.address.lookupFailed);
    } finally {
      setSearching(false);
    }
  };

  return (
    <div className="space-y-3 sm:col-span-2">
      <Button variant="outline" onClick={search} disabled={searching}>
        {searching ? (
          <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" />
        ) : (
          <Search aria-hidden="true" className="h-4 w-4" />
        )}
        Find address from postcode
      </Button>
      {results.length > 0 ? (
        <SelectField
          label="Choose your address"
          defaultValue=""
          onChange={(e) => {
            const picked = results[Number(e.target.value)];
            if (picked) {
              onPick(picked);
              notify(ACCOUNT_MESSAGES.address.selected);
            }
          }}
        >
          <option value="" disabled>
            {results.length} addresses found
          </option>
          {results.map((address, index) => (
            <option key={address.formatted_address} value={index}>
              {address.formatted_address}
            </option>
          ))}
        </SelectField>
      ) : null}
    </div>
  );
}
