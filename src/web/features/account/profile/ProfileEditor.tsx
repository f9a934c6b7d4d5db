import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { COUNTRIES, findCountryByDialCode, phoneDialCodeChoices, phoneDigitHint } from "@shared/countries";
import { MESSAGES } from "@shared/messages";
import {
  type AddressLookupResult,
  FIELD_MAX_LENGTH,
  type ProfileInput,
  profileSchema,
} from "@shared/schemas";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { FieldShell, inputClasses, SelectField, TextField } from "@web/components/ui/field";
import { useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { notify, type Profile, useUpdateProfile } from "../../auth";
import { AddressSearch } from "./AddressSearch";
import { type ProfileForm, toForm } from "./profileForm";

const DIAL_CODE_CHOICES = phoneDialCodeChoices();

/** The profile's form: name, phone with its dial code, and the address (typed or looked up); Update Profile saves it. */
export function ProfileEditor({
  profile,
  email,
  onDone,
  onCancel,
}: {
  profile: Profile | null;
  email: string;
  onDone: () => void;
  onCancel: () => Promise<void>;
}) {
  const update = useUpdateProfile();
  const {
    register,
    handleSubmit,
    watch,
    setValue,
    getValues,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<ProfileForm>({
    // The schema trims and defaults; the form keeps plain strings.
    resolver: zodResolver(profileSchema) as unknown as Resolver<ProfileForm>,
    defaultValues: toForm(profile),
  });
  const [cancelling, setCancelling] = useState(false);

  useEffect(() => setFocus("firstName"), [setFocus]);

  const dialCode = watch("phoneCountryCode");
  const phoneHint = phoneDigitHint(findCountryByDialCode(dialCode));

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(values as ProfileInput);
      notify(ACCOUNT_MESSAGES.profile.updated);
      onDone();
    } catch {
      notify(ACCOUNT_MESSAGES.profile.updateFailed);
    }
  });

  const fill = (address: AddressLookupResult) => {
    const opts = { shouldDirty: true, shouldValidate: true } as const;
    setValue("addressLine1", address.address_line_1, opts);
    setValue("addressLine2", address.address_line_2, opts);
    setValue("city", address.city, opts);
    setValue("state", address.state, opts);
    if (address.postal_code) setValue("postalCode", address.postal_code, opts);
  };

  return (
    <Card className="p-6 md:p-8">
      <h2 className="text-2xl text-stone-900">Edit profile</h2>
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-6" aria-busy={isSubmitting}>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            maxLength={FIELD_MAX_LENGTH.name}
            error={errors.firstName?.message}
            {...register("firstName")}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            maxLength={FIELD_MAX_LENGTH.name}
            error={errors.lastName?.message}
            {...register("lastName")}
          />
        </div>
        <TextField
          label="Email"
          type="email"
          value={email}
          readOnly
          hint="To change your email address, use the Security tab."
          className="read-only:bg-stone-100 read-only:text-stone-700"
        />

        <FieldShell
          label="Phone"
          hint={phoneHint}
          error={errors.phone?.message ?? errors.phoneCountryCode?.message}
        >
          {({ id, describedBy }) => (
            <div className="flex gap-2">
              <div className="w-32 shrink-0 sm:w-48">
                <select
                  aria-label="Country code"
                  className={inputClasses}
                  autoComplete="tel-country-code"
                  {...register("phoneCountryCode")}
                >
                  {DIAL_CODE_CHOICES.map((c) => (
                    <option key={c.iso2} value={c.dialCode}>
                      {c.flag} {c.dialCode} {c.name}
                    </option>
                  ))}
                </select>
              </div>
              <input
                id={id}
                type="tel"
                inputMode="tel"
                autoComplete="tel-national"
                maxLength={FIELD_MAX_LENGTH.phone}
                aria-describedby={describedBy}
                aria-invalid={errors.phone ? true : undefined}
                className={cn(inputClasses, "min-w-0 flex-1")}
                {...register("phone")}
              />
            </div>
          )}
        </FieldShell>

        <SelectField
          label="Country"
          autoComplete="country-name"
          error={errors.country?.message}
          {...register("country")}
        >
          {COUNTRIES.map((c) => (
            <option key={c.iso2} value={c.name}>
              {c.flag} {c.name}
            </option>
          ))}
        </SelectField>

        <AddressSearch
          register={register("postalCode")}
          postalCodeError={errors.postalCode?.message}
          getQuery={() => ({
            postcode: getValues("postalCode").trim(),
            country: getValues("country").trim(),
          })}
          onPick={fill}
        />

        <TextField
          label="Address line 1"
          autoComplete="address-line1"
          maxLength={FIELD_MAX_LENGTH.addressLine}
          error={errors.addressLine1?.message}
          {...register("addressLine1")}
        />
        <TextField
          label="Address line 2"
          autoComplete="address-line2"
          maxLength={FIELD_MAX_LENGTH.addressLine}
          error={errors.addressLine2?.message}
          {...register("addressLine2")}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="City"
            autoComplete="address-level2"
            maxLength={FIELD_MAX_LENGTH.city}
            error={errors.city?.message}
            {...register("city")}
          />
          <TextField
            label="State / County"
            autoComplete="address-level1"
            maxLength={FIELD_MAX_LENGTH.state}
            error={errors.state?.message}
            {...register("state")}
          />
        </div>

        <div className="flex flex-col-reverse gap-3 border-t border-stone-200 pt-6 sm:flex-row sm:justify-end">
          <Button
            variant="outline"
            disabled={isSubmitting || cancelling}
            onClick={async () => {
              setCancelling(true);
              await onCancel();
            }}
          >
            {MESSAGES.common.cancel}
          </Button>
          <Button type="submit" disabled={isSubmitting || cancelling}>
            {isSubmitting ? "Saving…" : ACCOUNT_MESSAGES.account.updateProfile}
          </Button>
        </div>
      </form>
    </Card>
  );
}
