import { PROOF_ADMIN_TEXTS as PA, TWIN_STATUS_LABELS } from "@shared/proofs";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import {
  acceptHeldPrintFile,
  adminQueries,
  type PrintJobView,
  twinPictureUrl,
} from "@web/features/admin/api";
import { toast } from "sonner";

/** The preview and the G-code twin side by side, with their agreement; "Print anyway" when held. */
export function TwinCheck({ orderId, job, label }: { orderId: string; job: PrintJobView; label: string }) {
  const queryClient = useQueryClient();
  const accept = useMutation({
    mutationFn: () => acceptHeldPrintFile(orderId, job.id),
    onSuccess: (data) => {
      queryClient.setQueryData(adminQueries.printFiles(orderId).queryKey, data);
      toast.success(PA.accepted);
    },
    onError: (error) =>
      toast.error(PA.printAnyway, { description: error instanceof Error ? error.message : undefined }),
  });
  if (!job.twinStatus || job.twinStatus === "off") return null;
  const held = job.twinStatus === "flagged";
  return (
    <div
      className={`mt-2 rounded-lg p-2 text-sm ${held ? "bg-red-50 text-red-900" : "bg-stone-50 text-stone-800"}`}
      data-testid="twin-check"
      data-twin={job.twinStatus}
    >
      <p className="font-medium">
        {TWIN_STATUS_LABELS[job.twinStatus]}
        {job.twinSsim !== null && job.twinDeltaL !== null
          ? ` · ${PA.twinFigures(job.twinSsim, job.twinDeltaL)}`
          : ""}
      </p>
      {job.twinError ? <p className="text-xs">{job.twinError}</p> : null}
      {job.twinPictures ? (
        <figure className="mt-2">
          <div className="grid grid-cols-2 gap-2">
            <img
              src={twinPictureUrl(orderId, job.id, "preview", job.updatedAt)}
              alt={PA.previewAlt(label)}
              className="w-full rounded bg-stone-900"
            />
            <img
              src={twinPictureUrl(orderId, job.id, "twin", job.updatedAt)}
              alt={PA.twinAlt(label)}
              className="w-full rounded bg-stone-900"
            />
          </div>
          <figcaption className="mt-1 text-xs">{PA.twinHeading}</figcaption>
        </figure>
      ) : null}
      {held ? (
        <Button
          className="mt-2"
          variant="outline"
          size="sm"
          onClick={() => accept.mutate()}
          disabled={accept.isPending}
        >
          {PA.printAnyway}
        </Button>
      ) : null}
    </div>
  );
}
