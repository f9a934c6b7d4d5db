import { findCountryByDialCode } from "@shared/countries";
import { MESSAGES } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Pencil } from "lucide-react";
import type { ReactNode } from "react";
import type { Profile } from "../../auth";
import { toForm } from "./profileForm";

/** The profile read-only, with Edit: each field or a note that it is missing. */
export function ProfileSummary({
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
