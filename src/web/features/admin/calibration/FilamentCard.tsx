import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { type CalibrationReading, type FilamentView, formatTransmission } from "@shared/calibration";
import type { CalibrationScreenAnswer } from "@shared/colour-printer";
import { useMutation } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextField } from "@web/components/ui/field";
import { activateFilament, removeFilament, updateFilament } from "@web/features/admin/api";
import { useId, useState } from "react";
import { toast } from "sonner";
import { WedgePhotoCalibration } from "../WedgePhotoCalibration";
import { ReadingForm } from "./ReadingForm";
import { useSaved } from "./useSaved";

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

export function FilamentCard({ filament, data }: { filament: FilamentView; data: CalibrationScreenAnswer }) {
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
