import { zodResolver } from "@hookform/resolvers/zod";
import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import {
  COUNTRIES,
  DEFAULT_PHONE_COUNTRY_CODE,
  DEFAULT_PROFILE_COUNTRY,
  findCountryByDialCode,
  findCountryByName,
  phoneDialCodeChoices,
  phoneDigitHint,
} from "@shared/countries";
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
import { Loader2, MapPin, Pencil, Search } from "lucide-react";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { addressApi, notify, type Profile, useAuth, useProfile, useUpdateProfile } from "../auth";

type ProfileForm = {
  firstName: string;
  lastName: string;
  phone: string;
  phoneCountryCode: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
};

const DIAL_CODE_CHOICES = phoneDialCodeChoices();

function toForm(profile: Profile | null | undefined): ProfileForm {
  return {
    firstName: profile?.firstName ?? "",
    lastName: profile?.lastName ?? "",
    phone: profile?.phone ?? "",
    phoneCountryCode: profile?.phoneCountryCode || DEFAULT_PHONE_COUNTRY_CODE,
    addressLine1: profile?.addressLine1 ?? "",
    addressLine2: profile?.addressLine2 ?? "",
    city: profile?.city ?? "",
    state: profile?.state ?? "",
    postalCode: profile?.postalCode ?? "",
    country: profile?.country || DEFAULT_PROFILE_COUNTRY,
  };
}

/** Profile: read-only first, Edit to change it, Cancel reloads it, Update Profile saves it. */
export function ProfileTab() {
  const auth = useAuth();
  const profileQuery = useProfile();
  const [editing, setEditing] = useState(false);
  const email = profileQuery.data?.email || auth.me?.user.email || "";

  if (profileQuery.isPending) {
    return (
      <Card>
        <p role="status" className="text-stone-600">
          {MESSAGES.common.loading}
        </p>
      </Card>
    );
  }

  return editing ? (
    <ProfileEditor
      profile={profileQuery.data ?? null}
      email={email}
      onDone={() => setEditing(false)}
      onCancel={async () => {
        await profileQuery.refetch();
        setEditing(false);
      }}
    />
  ) : (
    <ProfileSummary profile={profileQuery.data ?? null} email={email} onEdit={() => setEditing(true)} />
  );
}

function ProfileSummary({
  profile,
  email,
  onEdit,
}: {
  profile: Profile | null;
  email: string;
  onEdit: () => void;
}) {
  const form = toForm(profile);
  const country = findCountryByDialCode(form.phoneCountryCode);
  const address = [form.addressLine1, form.addressLine2, form.city, form.state, form.postalCode]
    .map((part) => part.trim())
    .filter(Boolean);
  const name = [form.firstName, form.lastName]
    .map((p) => p.trim())
    .filter(Boolean)
    .join(" ");
  return (
    <Card className="p-6 md:p-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 className="text-2xl text-stone-900">Profile</h2>
          <p className="mt-1 text-stone-700">Your details, used to fill in checkout for you.</p>
        </div>
        <Button variant="outline" onClick={onEdit}>
          <Pencil aria-hidden="true" className="h-4 w-4" />
          {MESSAGES.common.edit}
        </Button>
      </div>
      <dl className="mt-6 grid gap-x-8 gap-y-5 sm:grid-cols-2">
        <SummaryItem label="Name">{name || <Missing />}</SummaryItem>
        <SummaryItem label="Email">{email || <Missing />}</SummaryItem>
        <SummaryItem label="Phone">
          {form.phone.trim() ? (
            <>
              {country ? <span aria-hidden="true">{country.flag} </span> : null}
              {form.phoneCountryCode} {form.phone}
            </>
          ) : (
            <Missing />
          )}
        </SummaryItem>
        <SummaryItem label="Country">{form.country || <Missing />}</SummaryItem>
        <SummaryItem label="Address" className="sm:col-span-2">
          {address.length > 0 ? (
            <address className="not-italic">
              {address.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </address>
          ) : (
            <Missing />
          )}
        </SummaryItem>
      </dl>
    </Card>
  );
}

function SummaryItem({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <dt className="text-sm font-medium text-stone-600">{label}</dt>
      <dd className="mt-1 break-words text-stone-900">{children}</dd>
    </div>
  );
}

function Missing() {
  return <span className="text-stone-500">Not set</span>;
}

function ProfileEditor({
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

function AddressSearch({
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
