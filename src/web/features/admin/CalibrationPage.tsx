/**
 * Admin: Calibration (issue 19 item 3, decision 071). The filaments the workshop prints in, each
 * with its attenuation k per mm; the step wedge to print; and the owner's reading of it (the step
 * that matches a reference card, or a measured light ratio), from which the server computes and
 * stores k (audit-logged). The active filament's k is what print files and the 3D preview use.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import {
  type CalibrationReading,
  calibrationReadingSchema,
  type FilamentView,
  filamentInputSchema,
  formatTransmission,
} from "@shared/calibration";
import type { CalibrationScreenAnswer } from "@shared/colour-printer";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  activateFilament,
  addFilament,
  calibrateFilament,
  calibrationQueries,
  removeFilament,
  updateFilament,
  wedgeDownloadUrl,
} from "@web/api/calibration";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { SelectField, TextField } from "@web/components/ui/field";
import { Download } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { ColourPrinterCard, colourPrinterKey } from "./ColourPrinterCard";
import { ProofSettingsCard } from "./ProofSettingsCard";
import { AdminHeading, LoadError, Loading, useAdminTitle } from "./ui";
import { WedgePhotoCalibration } from "./WedgePhotoCalibration";

const M = ADMIN_MESSAGE_TEXTS.calibration;

function errorText(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/** "Calibrated from the 2.2 mm step matched a card at 18%" */
function readingText(reading: CalibrationReading | null): string {
  if (!reading) return M.notCalibrated;
  if (reading.method === "photo")
    return M.readingPhoto(reading.attenuationPerMm.toFixed(3), `${reading.scatterPerMm.toFixed(3)} mm/mm`);
  return reading.method === "match"
    ? M.readingMatch(reading.matchedStepMm, reading.cardRelativeLight)
    : M.readingRatio(reading.ratio, reading.thinnerMm, reading.thickerMm);
}

function useSaved() {
  const queryClient = useQueryClient();
  return (answer: CalibrationScreenAnswer) => {
    queryClient.setQueryData(calibrationQueries.all().queryKey, answer);
  };
}

export function CalibrationPage() {
  useAdminTitle(M.title);
  const q = useQuery(calibrationQueries.all());
  if (q.isPending) return <Loading />;
  if (q.isError) return <LoadError error={q.error} onRetry={() => void q.refetch()} />;
  const data = q.data;
  const active = data.filaments.find((f) => f.active) ?? null;
  return (
    <div className="space-y-6">
      <AdminHeading title={M.title} intro={M.intro} />
      <Card className="p-5">
        <section aria-labelledby="wedge-title">
          <h2 id="wedge-title" className="text-xl text-stone-900">
            {M.wedgeTitle}
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            {M.wedgeIntro(data.wedgeStepsMm.map((s) => s.toFixed(2)).join(", "))}
          </p>
          {active ? (
            <a
              href={wedgeDownloadUrl(active.id)}
              download
              className={`${buttonClasses("outline", "sm")} mt-3`}
              data-testid="wedge-download"
            >
              <Download aria-hidden="true" className="h-4 w-4" /> {M.downloadWedge}
            </a>
          ) : null}
        </section>
      </Card>

      <section aria-labelledby="filaments-title" className="space-y-4">
        <h2 id="filaments-title" className="text-xl text-stone-900">
          {M.filamentsTitle}
        </h2>
        {data.filaments.map((filament) => (
          // Keyed on its last change too: after a reading or an edit the forms start from the saved values.
          <FilamentCard key={`${filament.id}:${filament.updatedAt}`} filament={filament} data={data} />
        ))}
      </section>

      <AddFilament />

      <ColourPrinterCard key={colourPrinterKey(data)} data={data} />
      <ProofSettingsCard />
    </div>
  );
}

function FilamentCard({ filament, data }: { filament: FilamentView; data: CalibrationScreenAnswer }) {
  const saved = useSaved();
  const [name, setName] = useState(filament.name);
  const [colour, setColour] = useState(filament.colour);
  const [k, setK] = useState(String(filament.attenuationPerMm));
  const edit = useMutation({
    mutationFn: () =>
      updateFilament(filament.id, {
        ...(name !== filament.name ? { name } : {}),
        ...(colour !== filament.colour ? { colour } : {}),
        ...(Number(k) !== filament.attenuationPerMm ? { attenuationPerMm: Number(k) } : {}),
      }),
    onSuccess: (answer) => {
      saved(answer);
      toast.success(M.saved);
    },
    onError: (error) => toast.error(M.saveFailed, { description: errorText(error) }),
  });
  const activate = useMutation({
    mutationFn: () => activateFilament(filament.id),
    onSuccess: (answer) => {
      saved(answer);
      toast.success(M.activated(filament.name));
    },
    onError: (error) => toast.error(M.saveFailed, { description: errorText(error) }),
  });
  const remove = useMutation({
    mutationFn: () => removeFilament(filament.id),
    onSuccess: (answer) => {
      saved(answer);
      toast.success(M.removed(filament.name));
    },
    onError: (error) => toast.error(M.removeFailed, { description: errorText(error) }),
  });
  const headingId = useId();

  return (
    <Card className="p-5" data-testid="filament" data-name={filament.name} data-k={filament.attenuationPerMm}>
      <section aria-labelledby={headingId}>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={headingId} className="flex items-center gap-2 text-lg font-medium text-stone-900">
            <span
              aria-hidden="true"
              className="inline-block h-5 w-5 rounded-full border border-stone-300"
              style={{ backgroundColor: filament.colour }}
            />
            {filament.name}
            {filament.active ? <Badge tone="success">{M.active}</Badge> : null}
          </h3>
          <div className="flex flex-wrap gap-2">
            {filament.active ? null : (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => activate.mutate()}
                  disabled={activate.isPending}
                >
                  {M.activate}
                </Button>
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => remove.mutate()}
                  disabled={remove.isPending}
                >
                  {M.remove}
                </Button>
              </>
            )}
          </div>
        </div>
        {filament.active ? <p className="mt-1 text-sm text-stone-700">{M.activeHint}</p> : null}
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-stone-700">{M.k}</dt>
            <dd className="text-lg font-semibold tabular-nums text-stone-900" data-testid="filament-k">
              {filament.attenuationPerMm.toFixed(3)}
            </dd>
          </div>
          <div>
            <dt className="text-stone-700">{M.transmission}</dt>
            <dd className="text-lg font-semibold tabular-nums text-stone-900">
              {formatTransmission(filament.transmissionPerMm)}
            </dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-stone-700">{M.calibratedFrom}</dt>
            <dd className="text-stone-900">{readingText(filament.calibration)}</dd>
          </div>
        </dl>

        <ReadingForm filament={filament} data={data} />
        <WedgePhotoCalibration filament={filament} onSaved={saved} />

        <form
          className="mt-4 grid gap-3 border-t border-stone-100 pt-4 sm:grid-cols-[1fr_8rem_8rem_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            edit.mutate();
          }}
        >
          <TextField label={M.name} value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
          <TextField
            label={M.colour}
            type="color"
            value={colour}
            onChange={(e) => setColour(e.target.value)}
            className="h-11 p-1"
          />
          <TextField label={M.k} inputMode="decimal" value={k} onChange={(e) => setK(e.target.value)} />
          <Button type="submit" variant="outline" disabled={edit.isPending}>
            {M.save}
          </Button>
        </form>
      </section>
    </Card>
  );
}

function ReadingForm({ filament, data }: { filament: FilamentView; data: CalibrationScreenAnswer }) {
  const saved = useSaved();
  const steps = data.wedgeStepsMm;
  const [method, setMethod] = useState<"match" | "ratio">("match");
  const [matched, setMatched] = useState(String(steps[Math.min(4, steps.length - 1)] ?? ""));
  const [card, setCard] = useState(String(Math.round(data.defaultCardRelativeLight * 100)));
  const [thinner, setThinner] = useState(String(steps[0] ?? ""));
  const [thicker, setThicker] = useState(String(steps[3] ?? ""));
  const [ratio, setRatio] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const calibrate = useMutation({
    mutationFn: (reading: CalibrationReading) => calibrateFilament(filament.id, reading),
    onSuccess: (answer) => {
      saved(answer);
      const after = answer.filaments.find((f) => f.id === filament.id);
      toast.success(M.computed(filament.name, after ? after.attenuationPerMm.toFixed(3) : "?"));
    },
    onError: (error) => {
      setProblem(errorText(error));
      toast.error(M.computeFailed, { description: errorText(error) });
    },
  });
  const methodName = useId();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const reading =
      method === "match"
        ? {
            method,
            thinnestStepMm: steps[0] ?? 0,
            matchedStepMm: Number(matched),
            cardRelativeLight: Number(card) / 100,
          }
        : { method, thinnerMm: Number(thinner), thickerMm: Number(thicker), ratio: Number(ratio) / 100 };
    const parsed = calibrationReadingSchema.safeParse(reading);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message);
      return;
    }
    setProblem(undefined);
    calibrate.mutate(parsed.data);
  };

  const stepOptions = steps.map((s) => (
    <option key={s} value={String(s)}>
      {s.toFixed(2)} mm
    </option>
  ));

  return (
    <form
      className="mt-4 rounded-xl bg-stone-50 p-4"
      onSubmit={onSubmit}
      aria-label={M.readingTitle(filament.name)}
      noValidate
    >
      <fieldset>
        <legend className="font-medium text-stone-900">{M.readingTitle(filament.name)}</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
          {(["match", "ratio"] as const).map((value) => (
            <label key={value} className="flex items-center gap-2">
              <input
                type="radio"
                name={methodName}
                value={value}
                checked={method === value}
                onChange={() => setMethod(value)}
                className="h-4 w-4"
              />
              {value === "match" ? M.methodMatch : M.methodRatio}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3 grid gap-3 sm:grid-cols-3 sm:items-end">
        {method === "match" ? (
          <>
            <SelectField label={M.matchedStep} value={matched} onChange={(e) => setMatched(e.target.value)}>
              {stepOptions.slice(1)}
            </SelectField>
            <TextField
              label={M.card}
              inputMode="decimal"
              value={card}
              onChange={(e) => setCard(e.target.value)}
            />
          </>
        ) : (
          <>
            <SelectField label={M.thinner} value={thinner} onChange={(e) => setThinner(e.target.value)}>
              {stepOptions}
            </SelectField>
            <SelectField label={M.thicker} value={thicker} onChange={(e) => setThicker(e.target.value)}>
              {stepOptions}
            </SelectField>
            <TextField
              label={M.ratio}
              inputMode="decimal"
              value={ratio}
              onChange={(e) => setRatio(e.target.value)}
            />
          </>
        )}
        <Button type="submit" disabled={calibrate.isPending} className="sm:col-start-3">
          {M.compute}
        </Button>
      </div>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

function AddFilament() {
  const saved = useSaved();
  const [name, setName] = useState("");
  const [colour, setColour] = useState("#ffffff");
  const [problem, setProblem] = useState<string | undefined>();
  const add = useMutation({
    mutationFn: () => addFilament({ name, colour }),
    onSuccess: (answer) => {
      saved(answer);
      toast.success(M.added(name.trim()));
      setName("");
    },
    onError: (error) => {
      setProblem(errorText(error));
      toast.error(M.addFailed, { description: errorText(error) });
    },
  });
  return (
    <Card className="p-5">
      <form
        aria-labelledby="add-filament-title"
        onSubmit={(event) => {
          event.preventDefault();
          const parsed = filamentInputSchema.safeParse({ name, colour });
          if (!parsed.success) {
            setProblem(parsed.error.issues[0]?.message);
            return;
          }
          setProblem(undefined);
          add.mutate();
        }}
        noValidate
      >
        <h2 id="add-filament-title" className="text-xl text-stone-900">
          {M.addTitle}
        </h2>
        <div className="mt-3 grid gap-3 sm:grid-cols-[1fr_8rem_auto] sm:items-end">
          <TextField
            label={M.name}
            value={name}
            onChange={(e) => setName(e.target.value)}
            maxLength={60}
            error={problem}
          />
          <TextField
            label={M.colour}
            type="color"
            value={colour}
            onChange={(e) => setColour(e.target.value)}
            className="h-11 p-1"
          />
          <Button type="submit" disabled={add.isPending}>
            {M.add}
          </Button>
        </div>
      </form>
    </Card>
  );
}
