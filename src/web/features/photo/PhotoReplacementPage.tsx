import type { CropPixels, UploadedImage } from "@shared/creator";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { photoReplacementProblem, PHOTO_PAGE_TEXTS as T } from "@shared/photo-review";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Page } from "@web/components/ui/page";
import { useState } from "react";
import { FramedCropper, ImageDropZone, useImageUpload, usePointerKind } from "../creator";
import { type PhotoPage, photoPageQuery, sendReplacementPhoto } from "./api";

/**
 * Where a customer sends a better photo for one panel (issue 17): the link in the shop's e-mail
 * carries a signed token; no account needed. The photo is uploaded as in the creator, placed
 * with the creator's crop tool (every panel, as the creator crops each extra photo; "tap" or
 * "click" wording by the device, issue 30 item 13), checked for size here and again by the server.
 */
export function PhotoReplacementPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const q = useQuery({ ...photoPageQuery(token), enabled: token !== "" });
  if (!token || q.isError) {
    return (
      <Page title={T.title}>
        <Card role="alert" className="p-5 text-stone-900">
          {q.error?.message ?? T.invalid}
        </Card>
      </Page>
    );
  }
  if (q.isPending) return <Page title={T.title} intro="Loading..." />;
  return <Replacement token={token} page={q.data} />;
}

function Replacement({ token, page }: { token: string; page: PhotoPage }) {
  const { upload, progress } = useImageUpload();
  const pointer = usePointerKind();
  const [image, setImage] = useState<UploadedImage | null>(null);
  const [crop, setCrop] = useState({ x: 0, y: 0, zoom: 1 });
  const [cropPixels, setCropPixels] = useState<CropPixels | null>(null);
  const send = useMutation({
    mutationFn: () => {
      if (!image) throw new Error(T.notStored);
      return sendReplacementPhoto({
        token,
        originalUrl: image.originalUrl,
        ...(page.cropped && cropPixels ? { cropPixels, crop } : {}),
      });
    },
  });

  const cropData = { ...crop, aspectRatio: page.aspectRatio };
  const problem =
    image && page.panelMm
      ? photoReplacementProblem({ photo: image, crop: page.cropped ? cropPixels : null, panel: page.panelMm })
      : null;

  if (send.isSuccess) {
    return (
      <Page title={T.title}>
        <Card role="status" className="p-5 text-stone-900">
          {T.done}
        </Card>
      </Page>
    );
  }
  return (
    <Page title={T.title} intro={T.intro(page.orderNumber)}>
      <div className="grid gap-6 md:grid-cols-2">
        <Card className="p-5">
          <h2 className="text-lg font-semibold text-stone-900">
            {T.panel(page.panelIndex + 1, page.panelCount)}
          </h2>
          <p className="mt-1 text-sm text-stone-700">
            {page.shape} · {page.size} · {page.frameColor}
          </p>
          <p className="mt-3 text-stone-900">{page.reasonText}</p>
          {page.note ? <p className="mt-2 whitespace-pre-wrap text-stone-900">{page.note}</p> : null}
          {page.currentImageUrl ? (
            <figure className="mt-4">
              <img
                src={page.currentImageUrl}
                alt={T.current}
                className="h-40 w-40 rounded-lg border border-stone-200 bg-stone-100 object-cover"
              />
              <figcaption className="mt-1 text-sm text-stone-700">{T.current}</figcaption>
            </figure>
          ) : null}
        </Card>
        <div className="space-y-4">
          <ImageDropZone
            label={T.choose}
            progress={progress}
            compact={image !== null}
            onFile={async (file) => {
              const uploaded = await upload(
                file,
                page.panelIndex === 0 ? { kind: "main" } : { kind: "additional", index: page.panelIndex - 1 },
              );
              if (uploaded) {
                setImage(uploaded);
                setCrop({ x: 0, y: 0, zoom: 1 });
                setCropPixels(null);
              }
            }}
          />
          {image ? (
            <div>
              {page.cropped ? <p className="mb-2 text-sm font-medium text-stone-800">{T.position}</p> : null}
              {page.cropped ? (
                <FramedCropper
                  image={image}
                  cropData={cropData}
                  shape={page.shapeId}
                  frameHex={null}
                  onCrop={(next, pixels) => {
                    setCrop((c) => ({ ...c, ...next }));
                    if (pixels !== undefined) setCropPixels(pixels);
                  }}
                />
              ) : null}
              {page.cropped ? (
                <p className="mt-2 text-center text-sm text-stone-600">
                  {CREATOR_TEXTS.positionHint(pointer)}
                </p>
              ) : (
                <img
                  src={image.url}
                  alt=""
                  className="mx-auto h-56 w-56 rounded-lg border border-stone-200 object-cover"
                />
              )}
            </div>
          ) : null}
          {problem ? (
            <p role="alert" className="text-sm text-red-800">
              {problem.message}
            </p>
          ) : null}
          {send.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {send.error.message}
            </p>
          ) : null}
          <Button onClick={() => send.mutate()} disabled={!image || problem !== null || send.isPending}>
            {send.isPending ? T.sending : T.send}
          </Button>
        </div>
      </div>
    </Page>
  );
}
