/**
 * "Your panel, as it will glow" (issue 32): the customer's proof on the order page and behind the
 * e-mail's /proof link. Each lightbox shows the twin's picture (the print file simulated from the
 * printer's G-code, lit from behind) or, while it is not made, the creator's preview; Approve, or
 * Change crop with the creator's own crop step. The rules (open window, states) are the server's.
 */
import type { CropPixels } from "@shared/creator";
import { PROOF_TEXTS as T } from "@shared/proofs";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { approveProof, changeProofCrop, type ProofView, proofQueries } from "@web/api/proofs";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Check, Crop } from "lucide-react";
import { useEffect, useState } from "react";
import { notify } from "../cart";
import { FramedCropper } from "../creator";

type Panel = ProofView["panels"][number];

function deadlineText(iso: string): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/London",
  }).format(new Date(iso));
}

function outcome(proof: ProofView): string | null {
  if (proof.state === "approved") return T.approved;
  if (proof.state === "auto_approved") return T.autoApproved;
  if (!proof.open) return T.windowOver;
  if (proof.state === "changed") return T.changed;
  return null;
}

export function ProofCard({ proof, queryKey }: { proof: ProofView; queryKey: readonly unknown[] }) {
  const queryClient = useQueryClient();
  const settle = (next: ProofView) => queryClient.setQueryData(queryKey, next);
  const approve = useMutation({
    mutationFn: () => approveProof(proof.token),
    onSuccess: (next) => {
      settle(next);
      notify({ title: T.approvedToast, description: T.approved, variant: "success" });
    },
    onError: (error) => notify({ title: T.title, description: error.message, variant: "destructive" }),
  });
  // Watches the proof's cheap status while it is open; a new version refetches the whole proof.
  const status = useQuery({ ...proofQueries.status(proof.token), enabled: proof.open });
  const version = status.data?.version;
  const stale = version !== undefined && version !== proof.version;
  useEffect(() => {
    // An invalidation already running is not restarted (a re-render must not cancel it).
    if (stale) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  }, [stale, queryClient, queryKey]);
  const note = outcome(proof);
  return (
    <Card className="p-5" data-testid="proof-card" data-state={proof.state}>
      <section aria-labelledby="proof-title">
        <h2 id="proof-title" className="text-xl text-stone-900">
          {T.title}
        </h2>
        {proof.open ? (
          <p className="mt-1 text-sm text-stone-700">{T.intro(deadlineText(proof.dueAt))}</p>
        ) : null}
        {note ? (
          <p role="status" className="mt-2 text-sm font-medium text-stone-900">
            {note}
          </p>
        ) : null}
        <ul className="mt-4 grid gap-6 sm:grid-cols-2">
          {proof.panels.map((panel) => (
            <ProofPanel key={panel.itemId} panel={panel} proof={proof} onChanged={settle} />
          ))}
        </ul>
        {proof.open ? (
          <Button
            className="mt-4"
            variant="glow"
            onClick={() => approve.mutate()}
            disabled={approve.isPending}
          >
            <Check aria-hidden="true" className="h-4 w-4" />
            {approve.isPending ? T.approving : T.approve}
          </Button>
        ) : null}
      </section>
    </Card>
  );
}

function ProofPanel({
  panel,
  proof,
  onChanged,
}: {
  panel: Panel;
  proof: ProofView;
  onChanged: (next: ProofView) => void;
}) {
  const label = T.panel(panel.itemNumber, panel.itemCount);
  const [editing, setEditing] = useState(false);
  const [crop, setCrop] = useState(panel.crop ?? { x: 0, y: 0, zoom: 1 });
  const [cropPixels, setCropPixels] = useState<CropPixels | null>(null);
  const save = useMutation({
    mutationFn: () => {
      if (!cropPixels) throw new Error(T.position);
      return changeProofCrop({ token: proof.token, itemId: panel.itemId, cropPixels, crop });
    },
    onSuccess: (next) => {
      setEditing(false);
      onChanged(next);
      notify({ title: T.cropSaved, description: T.changed, variant: "success" });
    },
    onError: (error) => notify({ title: T.changeCrop, description: error.message, variant: "destructive" }),
  });
  const picture = panel.twinUrl ?? panel.previewUrl;
  return (
    <li className="space-y-2">
      <h3 className="font-sans text-base font-semibold text-stone-900">
        {label} · {panel.size}
      </h3>
      {editing && panel.photo ? (
        <div>
          <p className="mb-2 text-sm font-medium text-stone-800">{T.position}</p>
          <FramedCropper
            image={panel.photo}
            cropData={{ ...crop, aspectRatio: panel.aspectRatio as "1:1" | "4:3" | "3:4" }}
            shape={panel.shapeId}
            frameHex={null}
            label={label}
            onCrop={(next, pixels) => {
              setCrop((c) => ({ ...c, ...next }));
              if (pixels !== undefined) setCropPixels(pixels);
            }}
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button onClick={() => save.mutate()} disabled={!cropPixels || save.isPending}>
              {save.isPending ? T.savingCrop : T.saveCrop}
            </Button>
            <Button variant="outline" onClick={() => setEditing(false)}>
              {T.cancel}
            </Button>
          </div>
        </div>
      ) : (
        <>
          {panel.twinUrl ? (
            <img
              src={panel.twinUrl}
              alt={T.twinAlt(label)}
              className="aspect-square w-full max-w-xs rounded-lg bg-stone-900 object-contain ring-1 ring-stone-300"
              data-testid="proof-twin"
            />
          ) : picture ? (
            <CroppedPreview panel={panel} url={picture} alt={T.previewAlt(label)} />
          ) : null}
          {!panel.twinUrl && proof.open ? <p className="text-sm text-stone-700">{T.previewNote}</p> : null}
          {proof.open && panel.photo ? (
            <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
              <Crop aria-hidden="true" className="h-4 w-4" />
              {T.changeCrop}
            </Button>
          ) : null}
        </>
      )}
    </li>
  );
}

/** The creator's preview of what is printed: the photo cut to the panel's crop (else centred). */
function CroppedPreview({ panel, url, alt }: { panel: Panel; url: string; alt: string }) {
  const crop = panel.cropPixels;
  const photo = panel.photo;
  const style =
    crop && photo && crop.width > 0 && crop.height > 0
      ? {
          backgroundImage: `url("${url}")`,
          backgroundSize: `${(photo.width / crop.width) * 100}% ${(photo.height / crop.height) * 100}%`,
          backgroundPosition: `${photo.width > crop.width ? (crop.x / (photo.width - crop.width)) * 100 : 50}% ${photo.height > crop.height ? (crop.y / (photo.height - crop.height)) * 100 : 50}%`,
        }
      : { backgroundImage: `url("${url}")`, backgroundSize: "cover", backgroundPosition: "center" };
  const ratio = panel.aspectRatio === "4:3" ? "4 / 3" : panel.aspectRatio === "3:4" ? "3 / 4" : "1 / 1";
  return (
    <div
      role="img"
      aria-label={alt}
      className="w-full max-w-xs rounded-lg bg-stone-200 bg-no-repeat ring-1 ring-stone-300"
      style={{ ...style, aspectRatio: ratio }}
      data-testid="proof-preview"
    />
  );
}
