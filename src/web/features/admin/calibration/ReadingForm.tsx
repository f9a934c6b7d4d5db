import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { type CalibrationReading, calibrationReadingSchema, type FilamentView } from "@shared/calibration";
import type { CalibrationScreenAnswer } from "@shared/colour-printer";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { SelectField, TextField } from "@web/components/ui/field";
import { calibrateFilament } from "@web/features/admin/api";
import { type FormEvent, useId, useState } from "react";
import { toast } from "sonner";
import { useSaved } from "./useSaved";

const M = ADMIN_MESSAGE_TEXTS.calibration;
function errorText(error: unknown): string | undefined {
  return error instanceof Error ? error.message : undefined;
}

/** The owner's reading of the printed step wedge (a matched step or a measured light ratio), from which the server computes k. */
export function ReadingForm({ filament, data }: { filament: FilamentView; data: CalibrationScreenAnswer }) {
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
