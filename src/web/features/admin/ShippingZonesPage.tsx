/**
 * Admin: shipping zones (issue 16). Each zone's countries, prices (entered in pounds, stored
 * in pence), free-delivery threshold, delivery days and duties. Saved as a whole; the server
 * validates (no negative price, a country in one zone only) and audit-logs the change.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { formatMinorUnitsAsDecimal, poundsToPence } from "@shared/money";
import { DUTIES_POLICIES, type ShippingZone, shippingZonesSchema } from "@shared/shipping-zones";
import { countryName } from "@shared/world-countries";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { SelectField, TextAreaField, TextField } from "@web/components/ui/field";
import { adminShippingZonesQuery, saveShippingZones } from "@web/features/admin/api";
import { shippingQueryKeys } from "@web/features/checkout/api";
import { ApiRequestError } from "@web/lib/http/client";
import { useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminHeading, LoadError, Loading, useAdminTitle } from "./ui";

const M = ADMIN_MESSAGE_TEXTS.shippingZones;

/** A zone's figures as typed into the form: money in pounds and days, all as text. */
type FigureKey =
  | "standard"
  | "express"
  | "freeOver"
  | "standardMin"
  | "standardMax"
  | "expressMin"
  | "expressMax";

interface ZoneDraft {
  id: string;
  name: string;
  countries: string;
  duties: string;
  sortOrder: number;
  figures: Record<FigureKey, string>;
}

const money = (pence: number | null) => (pence === null ? "" : formatMinorUnitsAsDecimal(pence));

/** Every figure's field once: its label, how it is typed, and where it comes from. */
const FIGURES: ReadonlyArray<{
  key: FigureKey;
  label: string;
  decimal?: boolean;
  hint?: string;
  wide?: boolean;
  read: (zone: ShippingZone) => string;
}> = [
  { key: "standard", label: M.standardPrice, decimal: true, read: (z) => money(z.standardPence) },
  { key: "express", label: M.expressPrice, decimal: true, read: (z) => money(z.expressPence) },
  {
    key: "freeOver",
    label: M.freeOver,
    decimal: true,
    hint: M.freeOverHint,
    wide: true,
    read: (z) => money(z.freeStandardOverPence),
  },
  { key: "standardMin", label: M.standardFrom, read: (z) => String(z.standardDays.min) },
  { key: "standardMax", label: M.standardTo, read: (z) => String(z.standardDays.max) },
  { key: "expressMin", label: M.expressFrom, read: (z) => String(z.expressDays.min) },
  { key: "expressMax", label: M.expressTo, read: (z) => String(z.expressDays.max) },
];

function toDraft(zone: ShippingZone): ZoneDraft {
  return {
    id: zone.id,
    name: zone.name,
    countries: zone.countries.join(", "),
    duties: zone.duties ?? "",
    sortOrder: zone.sortOrder,
    figures: Object.fromEntries(FIGURES.map((f) => [f.key, f.read(zone)])) as Record<FigureKey, string>,
  };
}

/** "8.99" -> 899; anything that is not a number stays NaN for the schema to refuse. */
function pence(text: string): number {
  const value = Number(text.trim().replace(/^£/, ""));
  return text.trim() === "" || !Number.isFinite(value) ? Number.NaN : poundsToPence(value);
}

function fromDraft(draft: ZoneDraft) {
  const f = draft.figures;
  return {
    id: draft.id,
    name: draft.name,
    countries: draft.countries
      .split(/[\s,]+/)
      .map((c) => c.trim().toUpperCase())
      .filter(Boolean),
    standardPence: pence(f.standard),
    expressPence: pence(f.express),
    freeStandardOverPence: f.freeOver.trim() === "" ? null : pence(f.freeOver),
    standardDays: { min: Number(f.standardMin), max: Number(f.standardMax) },
    expressDays: { min: Number(f.expressMin), max: Number(f.expressMax) },
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

  const saveButton = (
    <Button onClick={onSave} disabled={save.isPending}>
      {M.save}
    </Button>
  );
  return (
    <div>
      <AdminHeading title={M.title} intro={M.intro} actions={saveButton} />
      <div className="space-y-6">
        {drafts.map((draft, index) => {
          const zoneProblems = problems.get(index) ?? [];
          const countryCodes = fromDraft(draft).countries;
          return (
            <Card
              key={draft.id}
              role="group"
              aria-labelledby={`zone-${draft.id}-title`}
              className="p-4 md:p-6"
              data-testid={`zone-${draft.id}`}
            >
              <h2 id={`zone-${draft.id}-title`} className="text-xl text-stone-900">
                {draft.name || draft.id}
              </h2>
              {zoneProblems.length > 0 ? (
                <ul role="alert" className="mt-2 list-disc pl-5 text-sm font-medium text-red-700">
                  {zoneProblems.map((message) => (
                    <li key={message}>{message}</li>
                  ))}
                </ul>
              ) : null}
              <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
                <TextField
                  label={M.name}
                  value={draft.name}
                  onChange={(e) => update(index, { name: e.target.value })}
                  containerClassName="sm:col-span-2"
                />
                <SelectField
                  label={M.duties}
                  value={draft.duties}
                  onChange={(e) => update(index, { duties: e.target.value })}
                  containerClassName="sm:col-span-2"
                >
                  <option value="">{M.dutiesOptions.none}</option>
                  {DUTIES_POLICIES.map((policy) => (
                    <option key={policy} value={policy}>
                      {M.dutiesOptions[policy]}
                    </option>
                  ))}
                </SelectField>
                {FIGURES.map((field) => (
                  <TextField
                    key={field.key}
                    label={field.label}
                    hint={field.hint}
                    inputMode={field.decimal ? "decimal" : "numeric"}
                    value={draft.figures[field.key]}
                    onChange={(e) =>
                      update(index, { figures: { ...draft.figures, [field.key]: e.target.value } })
                    }
                    containerClassName={field.wide ? "sm:col-span-2" : undefined}
                  />
                ))}
                <TextAreaField
                  label={M.countries(countryCodes.length)}
                  hint={countryCodes.length <= 6 ? countryCodes.map(countryName).join(", ") : M.countriesHint}
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
      {/* The list is long: a second Save where the last zone ends. */}
      <div className="mt-6 flex justify-end">{saveButton}</div>
    </div>
  );
}
