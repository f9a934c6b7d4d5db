/**
 * Calibration by photo (issue 32 item 5): the owner photographs the lit wedge, the server measures
 * it, this shows the fit (each step's light, measured and fitted, k per channel, the scattering and
 * how well it fits) and asks before saving it for the filament.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import type { FilamentView } from "@shared/calibration";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { type CalibrationScreenAnswer, calibrateFilament, measureWedgePhoto } from "@web/features/admin/api";
import { useId, useState } from "react";
import { toast } from "sonner";

const M = ADMIN_MESSAGE_TEXTS.calibration;

type Measurement = Awaited<ReturnType<typeof measureWedgePhoto>>;

export function WedgePhotoCalibration({
  filament,
  onSaved,
}: {
  filament: FilamentView;
  onSaved: (answer: CalibrationScreenAnswer) => void;
}) {
  const [photo, setPhoto] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const inputId = useId();
  const headingId = useId();
  const measure = useMutation({
    mutationFn: (file: File) => measureWedgePhoto(filament.id, file),
    onMutate: () => setProblem(undefined),
    onError: (error) => setProblem(error instanceof Error ? error.message : M.photoFitFailed),
  });
  const save = useMutation({
    mutationFn: (fit: Measurement) => calibrateFilament(filament.id, fit.reading),
    onSuccess: (answer) => {
      onSaved(answer);
      const after = answer.filaments.find((f) => f.id === filament.id);
      toast.success(M.computed(filament.name, after ? after.attenuationPerMm.toFixed(3) : "?"));
    },
    onError: (error) =>
      toast.error(M.computeFailed, { description: error instanceof Error ? error.message : undefined }),
  });
  const fit = measure.data;

  return (
    <section
      aria-labelledby={headingId}
      className="mt-4 rounded-xl bg-stone-50 p-4"
      data-testid="wedge-photo"
    >
      <h4 id={headingId} className="font-medium text-stone-900">
        {M.photoTitle(filament.name)}
      </h4>
      <p className="mt-1 text-sm text-stone-700">{M.photoIntro}</p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          if (photo) measure.mutate(photo);
        }}
      >
        <div className="grid gap-1 text-sm">
          <label htmlFor={inputId} className="font-medium text-stone-800">
            {M.photoChoose}
          </label>
          <input
            id={inputId}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="min-h-11 max-w-full text-sm"
            onChange={(event) => {
              setPhoto(event.target.files?.[0] ?? null);
              measure.reset();
            }}
          />
        </div>
        <Button type="submit" variant="outline" disabled={!photo || measure.isPending}>
          {measure.isPending ? M.photoFitting : M.photoFit}
        </Button>
      </form>
      {problem ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {fit ? (
        <div className="mt-4 space-y-3" data-testid="wedge-photo-fit">
          <h5 className="font-medium text-stone-900">{M.photoResultTitle}</h5>
          <FitChart steps={fit.steps} />
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <FitFigure label={M.photoK} value={fit.reading.attenuationPerMm.toFixed(3)} testId="photo-k" />
            <FitFigure
              label={M.photoKRgb}
              value={fit.reading.attenuationRgbPerMm.map((k) => k.toFixed(3)).join(" · ")}
            />
            <FitFigure
              label={M.photoScatter}
              value={`${fit.reading.scatterPerMm.toFixed(3)} mm/mm`}
              testId="photo-scatter"
            />
            <FitFigure label={M.photoCameraBlur} value={`${fit.reading.cameraBlurMm.toFixed(2)} mm`} />
            <FitFigure
              label={M.photoResidual}
              value={`${fit.reading.toneResidualL.toFixed(2)} L* · ${M.photoStepsUsed(fit.reading.stepsUsed, fit.steps.length)}`}
            />
          </dl>
          <div className="flex flex-wrap gap-2">
            <Button
              onClick={() => {
                if (window.confirm(M.photoConfirm(filament.name, fit.reading.attenuationPerMm.toFixed(3)))) {
                  save.mutate(fit);
                }
              }}
              disabled={save.isPending}
            >
              {M.photoSave(filament.name)}
            </Button>
            <Button variant="outline" onClick={() => measure.reset()}>
              {M.photoDiscard}
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}

function FitFigure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <dt className="text-stone-700">{label}</dt>
      <dd className="font-semibold tabular-nums text-stone-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

/** Measured light per step (dots; hollow when not used) and the fitted curve, on a log scale. */
function FitChart({ steps }: { steps: Measurement["steps"] }) {
  const width = 320;
  const height = 160;
  const pad = 28;
  const values = steps.flatMap((s) => [s.measured, s.fitted]).filter((v) => v > 0);
  const low = Math.log10(Math.max(1e-4, Math.min(...values)));
  const high = Math.log10(Math.max(...values));
  const t0 = steps[0]?.thicknessMm ?? 0;
  const t1 = steps.at(-1)?.thicknessMm ?? 1;
  const x = (t: number) => pad + ((t - t0) / (t1 - t0 || 1)) * (width - 2 * pad);
  const y = (v: number) =>
    height - pad - ((Math.log10(Math.max(v, 1e-4)) - low) / (high - low || 1)) * (height - 2 * pad);
  const line = steps
    .map((s, i) => `${i === 0 ? "M" : "L"}${x(s.thicknessMm).toFixed(1)},${y(s.fitted).toFixed(1)}`)
    .join(" ");
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      className="w-full max-w-md rounded-lg border border-stone-200 bg-white"
      role="img"
      aria-label={M.photoChartLabel}
    >
      <line x1={pad} y1={height - pad} x2={width - pad} y2={height - pad} stroke="#d6d3d1" />
      <line x1={pad} y1={pad} x2={pad} y2={height - pad} stroke="#d6d3d1" />
      <path d={line} fill="none" stroke="#b45309" strokeWidth={2} />
      {steps.map((s) => (
        <circle
          key={s.thicknessMm}
          cx={x(s.thicknessMm)}
          cy={y(s.measured)}
          r={4}
          fill={s.used ? "#1c1917" : "white"}
          stroke="#1c1917"
        />
      ))}
      <text x={pad} y={height - 8} fontSize={10} fill="#57534e">
        {t0.toFixed(1)} mm
      </text>
      <text x={width - pad} y={height - 8} fontSize={10} fill="#57534e" textAnchor="end">
        {t1.toFixed(1)} mm
      </text>
    </svg>
  );
}
