/**
 * Admin: shipping zones (issue 16). Each zone's countries, prices (entered in pounds, stored
 * in pence), free-delivery threshold, delivery days and duties. Saved as a whole; the server
 * validates (no negative price, a country in one zone only) and audit-logs the change.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { formatMinorUnitsAsDecimal, poundsToPence } from "@shared/money";
import { type ShippingZone, shippingZonesSchema } from "@shared/shipping-zones";
import { countryName } from "@shared/world-countries";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiRequestError } from "@web/api/client";
import { adminShippingZonesQuery, saveShippingZones, shippingQueryKeys } from "@web/api/shipping";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { SelectField, TextAreaField, TextField } from "@web/components/ui/field";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminHeading, LoadError, Loading, useAdminTitle } from "./ui";

/** A zone as typed into the form: money and days as text. */
interface ZoneDraft {
  id: string;
  name: string;
  countries: string;
  standard: string;
  express: string;
  freeOver: string;
  standardMin: string;
  standardMax: string;
  expressMin: string;
  expressMax: string;
  duties: string;
  sortOrder: number;
}

const M = ADMIN_MESSAGE_TEXTS.shippingZones;

function toDraft(zone: ShippingZone): ZoneDraft {
  return {
    id: zone.id,
    name: zone.name,
    countries: zone.countries.join(", "),
    standard: formatMinorUnitsAsDecimal(zone.standardPence),
    express: formatMinorUnitsAsDecimal(zone.expressPence),
    freeOver:
      zone.freeStandardOverPence === null ? "" : formatMinorUnitsAsDecimal(zone.freeStandardOverPence),
    standardMin: String(zone.standardDays.min),
    standardMax: String(zone.standardDays.max),
    expressMin: String(zone.expressDays.min),
    expressMax: String(zone.expressDays.max),
    duties: zone.duties ?? "",
    sortOrder: zone.sortOrder,
  };
}

/** "8.99" -> 899; anything that is not a number stays NaN for the schema to refuse. */
function pence(text: string): number {
  const value = Number(text.trim().replace(/^£/, ""));
  return text.trim() === "" || !Number.isFinite(value) ? Number.NaN : poundsToPence(value);
}

function fromDraft(draft: ZoneDraft) {
  return {
    id: draft.id,
    name: draft.name,
    countries: draft.countries
      .split(/[\s,]+/)
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
    standardPence: pence(draft.standard),
    expressPence: pence(draft.express),
    freeStandardOverPence: draft.freeOver.trim() === "" ? null : pence(draft.freeOver),
    standardDays: { min: Number(draft.standardMin), max: Number(draft.standardMax) },
    expressDays: { min: Number(draft.expressMin), max: Number(draft.expressMax) },
    duties: draft.duties === "" ? null : (draft.duties as ShippingZone["duties"]),
    sortOrder: draft.sortOrder,
  };
}

/** "zones.2.standardPence" -> [2, "standardPence"]. */
function errorsByZone(fields: Record<string, string>): Map<number, string[]> {
  const out = new Map<number, string[]>();
  for (const [path, message] of Object.entries(fields)) {
    const match = /^zones\.(\d+)/.exec(path);
    const index = match ? Number(match[1]) : -1;
    out.set(index, [...(out.get(index) ?? []), message]);
  }
  return out;
}

export function ShippingZonesPage() {
  useAdminTitle(M.title);
  const queryClient = useQueryClient();
  const query = useQuery(adminShippingZonesQuery());
  const [drafts, setDrafts] = useState<ZoneDraft[] | null>(null);
  const [problems, setProblems] = useState<Map<number, string[]>>(new Map());

  useEffect(() => {
    if (query.data && drafts === null) setDrafts(query.data.map(toDraft));
  }, [query.data, drafts]);

  const save = useMutation({
    mutationFn: saveShippingZones,
    onSuccess: (zones) => {
      setDrafts(zones.map(toDraft));
      setProblems(new Map());
      queryClient.setQueryData(adminShippingZonesQuery().queryKey, zones);
      void queryClient.invalidateQueries({ queryKey: shippingQueryKeys.zones });
      toast.success(M.saved);
    },
    onError: (error) => {
      if (error instanceof ApiRequestError && error.fields) setProblems(errorsByZone(error.fields));
      toast.error(M.saveFailed, { description: error.message });
    },
  });

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!drafts) return <Loading />;

  const update = (index: number, patch: Partial<ZoneDraft>) =>
    setDrafts((current) => current?.map((d, i) => (i === index ? { ...d, ...patch } : d)) ?? null);

  const onSave = () => {
    const zones = drafts.map(fromDraft);
    const parsed = shippingZonesSchema.safeParse({ zones });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[issue.path.join(".")] ??= issue.message;
      setProblems(errorsByZone(fields));
      toast.error(M.saveFailed, { description: parsed.error.issues[0]?.message });
      return;
    }
    save.mutate(parsed.data.zones);
  };

  return (
    <div>
      <AdminHeading
        title={M.title}
        intro={M.intro}
        actions={
          <Button onClick={onSave} disabled={save.isPending}>
            Save zones
          </Button>
        }
      />
      <div className="space-y-6">
        {drafts.map((draft, index) => {
          const zoneProblems = problems.get(index) ?? [];
          const countryCodes = fromDraft(draft).countries;
          return (
            <Card key={draft.id} className="p-4 md:p-6" data-testid={`zone-${draft.id}`}>
              <h2 className="text-xl text-stone-900">{draft.name || draft.id}</h2>
              {zoneProblems.length > 0 ? (
                <ul role="alert" className="mt-2 list-disc pl-5 text-sm font-medium text-red-700">
                  {zoneProblems.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              ) : null}
              <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <TextField
                  label="Name"
                  value={draft.name}
                  onChange={(e) => update(index, { name: e.target.value })}
                  containerClassName="sm:col-span-2"
                />
                <SelectField
                  label="Import duties"
                  value={draft.duties}
                  onChange={(e) => update(index, { duties: e.target.value })}
                  containerClassName="sm:col-span-2"
                >
                  <option value="">None apply</option>
                  <option value="customer_pays_on_delivery">Customer pays on delivery</option>
                  <option value="shop_pays">The shop pays</option>
                </SelectField>
                <TextField
                  label={`${draft.name} standard price (£)`}
                  inputMode="decimal"
                  value={draft.standard}
                  onChange={(e) => update(index, { standard: e.target.value })}
                />
                <TextField
                  label={`${draft.name} express price (£)`}
                  inputMode="decimal"
                  value={draft.express}
                  onChange={(e) => update(index, { express: e.target.value })}
                />
                <TextField
                  label="Free standard over (£)"
                  hint="Blank: never free."
                  inputMode="decimal"
                  value={draft.freeOver}
                  onChange={(e) => update(index, { freeOver: e.target.value })}
                  containerClassName="sm:col-span-2"
                />
                <TextField
                  label="Standard days, from"
                  inputMode="numeric"
                  value={draft.standardMin}
                  onChange={(e) => update(index, { standardMin: e.target.value })}
                />
                <TextField
                  label="Standard days, to"
                  inputMode="numeric"
                  value={draft.standardMax}
                  onChange={(e) => update(index, { standardMax: e.target.value })}
                />
                <TextField
                  label="Express days, from"
                  inputMode="numeric"
                  value={draft.expressMin}
                  onChange={(e) => update(index, { expressMin: e.target.value })}
                />
                <TextField
                  label="Express days, to"
                  inputMode="numeric"
                  value={draft.expressMax}
                  onChange={(e) => update(index, { expressMax: e.target.value })}
                />
                <TextAreaField
                  label={`Countries (${countryCodes.length})`}
                  hint={
                    countryCodes.length <= 6
                      ? countryCodes.map(countryName).join(", ")
                      : "ISO codes, separated by commas or spaces."
                  }
                  rows={3}
                  value={draft.countries}
                  onChange={(e) => update(index, { countries: e.target.value })}
                  containerClassName="sm:col-span-2 lg:col-span-4"
                />
              </div>
            </Card>
          );
        })}
      </div>
    </div>
  );
}
