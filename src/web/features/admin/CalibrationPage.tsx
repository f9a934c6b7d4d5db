/**
 * Admin: Calibration (issue 19 item 3, decision 071). The filaments the workshop prints in, each
 * with its attenuation k per mm; the step wedge to print; and the owner's reading of it (the step
 * that matches a reference card, or a measured light ratio), from which the server computes and
 * stores k (audit-logged). The active filament's k is what print files and the 3D preview use.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { useQuery } from "@tanstack/react-query";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { calibrationQueries, wedgeDownloadUrl } from "@web/features/admin/api";
import { Download } from "lucide-react";
import { ColourPrinterCard, colourPrinterKey } from "./ColourPrinterCard";
import { AddFilament } from "./calibration/AddFilament";
import { FilamentCard } from "./calibration/FilamentCard";
import { ProofSettingsCard } from "./ProofSettingsCard";
import { AdminHeading, LoadError, Loading, useAdminTitle } from "./ui";

const M = ADMIN_MESSAGE_TEXTS.calibration;

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
