/**
 * "Your panel, as it will glow" (issue 32): the customer's proof on the order page and behind the
 * e-mail's /proof link. Each panel of each lightbox (a bundle's three too, issue 44) shows the
 * twin's picture (the print file simulated from the printer's G-code, lit from behind) or, while
 * it is made, "simulating your print" with an estimate and the creator's preview; each panel is
 * approved or re-cropped on its own, or all at once. The rules (window, states, caps) are the
 * server's. The e-mail's links land on #approve and #crop.
 */
import type { CropPixels } from "@shared/creator";
import { proofOutcomeText, proofWaitMinutes, PROOF_TEXTS as T } from "@shared/proofs";
import { formatShopMoment } from "@shared/shop-dates";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { approveProof, changeProofCrop, type ProofView, proofQueries } from "@web/features/proofs/api";
import { Check, Crop } from "lucide-react";
import { useEffect, useState } from "react";
import { notify } from "../cart";
import { FramedCropper } from "../creator";

type Panel = ProofView["panels"][number];

export function ProofCard({ proof, queryKey }: { proof: ProofView; queryKey: readonly unknown[] }) {
  const queryClient = useQueryClient();
  const settle = (next: ProofView) => queryClient.setQueryData(queryKey, next);
  const approve = useMutation({
    mutationFn: () => approveProof(proof.token),
    onSuccess: (next) => {
      settle(next);
      notify({ title: T.approvedToast, description: T.approved(proof.piece), variant: "success" });
    },
    onError: (error) =>
      notify({ title: T.title(proof.piece), description: error.message, variant: "destructive" }),
  });
  // Watches the proof's cheap status while it is open; a new version refetches the whole proof.
  const status = useQuery({ ...proofQueries.status(proof.token), enabled: proof.open });
  const version = status.data?.version;
  const stale = version !== undefined && version !== proof.version;
  useEffect(() => {
    // An invalidation already running is not restarted (a re-render must not cancel it).
    if (stale) void queryClient.invalidateQueries({ queryKey }, { cancelRefetch: false });
  }, [stale, queryClient, queryKey]);
  const note = proofOutcomeText(proof, proof.orderStatus);
  const making = proof.panels.flatMap((panel) => (panel.making ? [panel.making] : []));
  const openPanels = proof.panels.filter((panel) => panel.open).length;
  return (
    <Card className="p-5" data-testid="proof-card" data-state={proof.state}>
      <section aria-labelledby="proof-title">
        <h2 id="proof-title" className="text-xl text-stone-900">
          {T.title(proof.piece)}
        </h2>
        {proof.open ? (
          <p className="mt-1 text-sm text-stone-700">
            {T.intro(formatShopMoment(proof.dueAt), proof.panels.length, proof.piece)}
          </p>
        ) : null}
        {proof.open && making.length > 0 ? (
          <p role="status" className="mt-2 text-sm font-medium text-amber-900" data-testid="proof-simulating">
            {T.simulating(proofWaitMinutes(making))}
          </p>
        ) : null}
        {note ? (
          <p role="status" className="mt-2 text-sm font-medium text-stone-900">
            {note}
          </p>
        ) : null}
        <ul id="crop" className="mt-4 grid scroll-mt-24 gap-6 sm:grid-cols-2">
          {proof.panels.map((panel) => (
            <ProofPanel
              key={`${panel.itemId}-${panel.panelIndex}`}
              panel={panel}
              proof={proof}
              onChanged={settle}
            />
          ))}
        </ul>
        {proof.open && openPanels > 0 ? (
          <Button
            id="approve"
            className="mt-4 scroll-mt-24"
            variant="glow"
            onClick={() => approve.mutate()}
            disabled={approve.isPending}
          >
            <Check aria-hidden="true" className="h-4 w-4" />
            {approve.isPending ? T.approving : proof.panels.length > 1 ? T.approveAll : T.approve}
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
  const label = T.bundlePanel(
    panel.name,
    panel.itemNumber,
    panel.itemCount,
    panel.panelNumber,
    panel.panelCount,
  );
  const [editing, setEditing] = useState(false);
  const [crop, setCrop] = useState(panel.crop ?? { x: 0, y: 0, zoom: 1 });
  const [cropPixels, setCropPixels] = useState<CropPixels | null>(null);
  const save = useMutation({
    mutationFn: () => {
      if (!cropPixels) throw new Error(T.position);
      return changeProofCrop({
        token: proof.token,
        itemId: panel.itemId,
        panelIndex: panel.panelIndex,
        cropPixels,
        crop,
      });
    },
    onSuccess: (next) => {
      setEditing(false);
      onChanged(next);
      notify({ title: T.cropSaved, description: T.changed, variant: "success" });
    },
    onError: (error) => notify({ title: T.changeCrop, description: error.message, variant: "destructive" }),
  });
  const approve = useMutation({
    mutationFn: () => approveProof(proof.token, [{ itemId: panel.itemId, panelIndex: panel.panelIndex }]),
    onSuccess: (next) => {
      onChanged(next);
      notify({ title: T.panelApprovedToast(proof.piece), description: label, variant: "success" });
    },
    onError: (error) =>
      notify({ title: T.title(proof.piece), description: error.message, variant: "destructive" }),
  });
  const picture = panel.twinUrl ?? panel.previewUrl;
  const several = proof.panels.length > 1;
  const state =
    panel.state === "approved"
      ? T.panelApproved
      : panel.state === "auto_approved"
        ? T.panelAutoApproved
        : panel.state === "changed"
          ? T.panelChanged
          : null;
  return (
    <li className="space-y-2" data-testid="proof-panel" data-state={panel.state}>
      <h3 className="font-sans text-base font-semibold text-stone-900">
        {label} · {panel.size}
      </h3>
      {state && several ? <p className="text-sm font-medium text-stone-800">{state}</p> : null}
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
              className="h-auto max-h-80 w-auto max-w-full rounded-lg bg-stone-900 ring-1 ring-stone-300"
              data-testid="proof-twin"
            />
          ) : picture ? (
            <CroppedPreview panel={panel} url={picture} alt={T.previewAlt(label)} />
          ) : null}
          {!panel.twinUrl && panel.open ? (
            <p className="text-sm text-stone-700">{panel.making ? T.previewNote : T.photoNote}</p>
          ) : null}
          {panel.open ? (
            <div className="flex flex-wrap gap-2">
              {several ? (
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => approve.mutate()}
                  disabled={approve.isPending}
                >
                  <Check aria-hidden="true" className="h-4 w-4" />
                  {approve.isPending ? T.approving : T.approvePanel(proof.piece)}
                </Button>
              ) : null}
              {panel.photo && panel.changesLeft > 0 ? (
                <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                  <Crop aria-hidden="true" className="h-4 w-4" />
                  {T.changeCrop}
                </Button>
              ) : null}
            </div>
          ) : null}
          {panel.open && panel.photo ? (
            <p className="text-xs text-stone-600">
              {panel.changesLeft > 0 ? T.cropChangesLeft(panel.changesLeft) : T.tooManyCropChanges}
            </p>
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
