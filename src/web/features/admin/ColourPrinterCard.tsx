/**
 * Admin Calibration: the colour printer (issue 22, decision 106). Which four spools the
 * multi-material printer holds for colour lithophanes: one filament per role (white relief,
 * cyan, magenta, yellow), its extruder, and its k per mm for red, green and blue light, typed in
 * or computed by the server from a wedge reading per channel. Saved together (audit-logged).
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import {
  type CalibrationScreenAnswer,
  COLOUR_ROLES,
  type ColourPrinterInput,
  type ColourRole,
  colourPrinterInputSchema,
  DEFAULT_COLOUR_SET,
  EXTRUDERS,
} from "@shared/colour-printer";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { SelectField, TextField } from "@web/components/ui/field";
import { calibrationQueries, saveColourPrinter } from "@web/features/admin/api";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";

const C = ADMIN_MESSAGE_TEXTS.colourPrinter;
const CHANNELS = ["r", "g", "b"] as const;
type Channel = (typeof CHANNELS)[number];

interface SlotDraft {
  role: ColourRole;
  filamentId: string;
  extruder: string;
  k: Record<Channel, string>;
  useReading: boolean;
  thinner: string;
  thicker: string;
  /** Per cent. */
  ratio: Record<Channel, string>;
}

/** Remounts the form when the saved set changes (after a save, or another admin's). */
export function colourPrinterKey(data: CalibrationScreenAnswer): string {
  return JSON.stringify(
    data.colourPrinter.slots.map((s) => [s.role, s.filamentId, s.extruder, s.attenuationPerMm]),
  );
}

function draftsOf(data: CalibrationScreenAnswer): SlotDraft[] {
  return COLOUR_ROLES.map((role) => {
    const slot = data.colourPrinter.slots.find((s) => s.role === role);
    const k = slot?.attenuationPerMm ?? DEFAULT_COLOUR_SET[role].attenuationPerMm;
    return {
      role,
      filamentId: slot?.filamentId ?? "",
      extruder: String(slot?.extruder ?? DEFAULT_COLOUR_SET[role].extruder),
      k: { r: String(k.r), g: String(k.g), b: String(k.b) },
      useReading: false,
      thinner: String(slot?.reading?.thinnerMm ?? 0.6),
      thicker: String(slot?.reading?.thickerMm ?? 1.4),
      ratio: {
        r: slot?.reading ? String(Math.round(slot.reading.ratio.r * 1000) / 10) : "",
        g: slot?.reading ? String(Math.round(slot.reading.ratio.g * 1000) / 10) : "",
        b: slot?.reading ? String(Math.round(slot.reading.ratio.b * 1000) / 10) : "",
      },
    };
  });
}

/** The drafts as the API takes them (numbers from the typed text; the schema says what is wrong). */
function inputOf(drafts: readonly SlotDraft[]): ColourPrinterInput {
  const num = (text: string) => (text.trim() === "" ? Number.NaN : Number(text.replace(",", ".")));
  return {
    slots: drafts.map((d) => ({
      role: d.role,
      filamentId: d.filamentId,
      extruder: num(d.extruder),
      ...(d.useReading
        ? {
            reading: {
              thinnerMm: num(d.thinner),
              thickerMm: num(d.thicker),
              ratio: { r: num(d.ratio.r) / 100, g: num(d.ratio.g) / 100, b: num(d.ratio.b) / 100 },
            },
          }
        : { attenuationPerMm: { r: num(d.k.r), g: num(d.k.g), b: num(d.k.b) } }),
    })),
  };
}

export function ColourPrinterCard({ data }: { data: CalibrationScreenAnswer }) {
  const queryClient = useQueryClient();
  const [drafts, setDrafts] = useState<SlotDraft[]>(() => draftsOf(data));
  const [problem, setProblem] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: saveColourPrinter,
    onSuccess: (answer) => {
      queryClient.setQueryData(calibrationQueries.all().queryKey, answer);
      setProblem(undefined);
      toast.success(C.saved);
    },
    onError: (error) => {
      const message = error instanceof Error ? error.message : undefined;
      setProblem(message);
      toast.error(C.saveFailed, { description: message });
    },
  });
  const update = (index: number, patch: Partial<SlotDraft>) =>
    setDrafts((all) => all.map((d, i) => (i === index ? { ...d, ...patch } : d)));
  const colourOf = (id: string) => data.filaments.find((f) => f.id === id)?.colour ?? "#ffffff";
  const { ready, missing } = data.colourPrinter;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = colourPrinterInputSchema.safeParse(inputOf(drafts));
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    save.mutate(parsed.data);
  };

  return (
    <Card className="p-5">
      <form
        aria-labelledby="colour-printer-title"
        onSubmit={onSubmit}
        noValidate
        data-testid="colour-printer"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="colour-printer-title" className="text-xl text-stone-900">
            {C.title}
          </h2>
          {ready ? <Badge tone="success">{C.ready}</Badge> : null}
        </div>
        <p className="mt-1 text-sm text-stone-700">{C.intro}</p>
        {!ready ? (
          <p role="status" className="mt-2 text-sm font-medium text-amber-800">
            {C.notReady(missing.map((r) => C.role[r] ?? r).join(", "))}
          </p>
        ) : null}
        <div className="mt-4 space-y-4">
          {drafts.map((d, index) => (
            <fieldset
              key={d.role}
              className="rounded-xl border border-stone-200 p-4"
              data-testid="colour-slot"
              data-role={d.role}
            >
              <legend className="flex items-center gap-2 px-1 font-medium text-stone-900">
                <span
                  aria-hidden="true"
                  className="inline-block h-4 w-4 rounded-full ring-1 ring-stone-300"
                  style={{ backgroundColor: colourOf(d.filamentId) }}
                />
                {C.role[d.role] ?? d.role}
              </legend>
              <div className="grid gap-3 sm:grid-cols-[2fr_1fr]">
                <SelectField
                  label={C.filament}
                  value={d.filamentId}
                  onChange={(e) => update(index, { filamentId: e.target.value })}
                >
                  <option value="">—</option>
                  {data.filaments.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.name}
                    </option>
                  ))}
                </SelectField>
                <SelectField
                  label={C.extruder}
                  value={d.extruder}
                  onChange={(e) => update(index, { extruder: e.target.value })}
                >
                  {EXTRUDERS.map((n) => (
                    <option key={n} value={String(n)}>
                      {C.extruderOption(n)}
                    </option>
                  ))}
                </SelectField>
              </div>
              {d.useReading ? (
                <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
                  <TextField
                    label={C.thinner}
                    inputMode="decimal"
                    value={d.thinner}
                    onChange={(e) => update(index, { thinner: e.target.value })}
                  />
                  <TextField
                    label={C.thicker}
                    inputMode="decimal"
                    value={d.thicker}
                    onChange={(e) => update(index, { thicker: e.target.value })}
                  />
                  {CHANNELS.map((c) => (
                    <TextField
                      key={c}
                      label={C.ratio(c.toUpperCase())}
                      inputMode="decimal"
                      value={d.ratio[c]}
                      onChange={(e) => update(index, { ratio: { ...d.ratio, [c]: e.target.value } })}
                    />
                  ))}
                </div>
              ) : (
                <div className="mt-3 grid grid-cols-3 gap-3">
                  {CHANNELS.map((c) => (
                    <TextField
                      key={c}
                      label={C.channel[c] ?? c}
                      inputMode="decimal"
                      value={d.k[c]}
                      onChange={(e) => update(index, { k: { ...d.k, [c]: e.target.value } })}
                    />
                  ))}
                </div>
              )}
              <label className="mt-2 flex min-h-11 items-center gap-3 text-sm font-medium text-stone-800">
                <input
                  type="checkbox"
                  checked={d.useReading}
                  onChange={(e) => update(index, { useReading: e.target.checked })}
                  className="h-5 w-5 accent-stone-900"
                />
                {C.readingToggle}
              </label>
              {d.useReading ? <p className="text-sm text-stone-600">{C.readingHint}</p> : null}
            </fieldset>
          ))}
        </div>
        {problem ? (
          <p role="alert" className="mt-3 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <Button type="submit" className="mt-4" disabled={save.isPending}>
          {C.save}
        </Button>
      </form>
    </Card>
  );
}
