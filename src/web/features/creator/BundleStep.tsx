import { type Bundle, type BundleId, getBundle } from "@shared/bundles";
import {
  type AdditionalImage,
  bundleCardPrices,
  type CreatorState,
  type CropPixels,
  DEFAULT_CROP_DATA,
  isPositioned,
  photoAsShown,
  type UploadedImage,
} from "@shared/creator";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { pluralise } from "@shared/messages";
import type { CreatorOption } from "@shared/options";
import { Badge } from "@web/components/ui/badge";
import { cn } from "@web/components/ui/cn";
import { Crop, X } from "lucide-react";
import { useCallback, useId, useRef, useState } from "react";
import { useCurrency } from "../currency";
import { FramedCropper } from "./FramedCropper";
import { ImageDropZone } from "./ImageDropZone";
import { uploadPhoto } from "./useImageUpload";
import { usePointerKind } from "./usePointerKind";

interface BundleStepProps {
  state: CreatorState;
  /** The bundles at the owner's prices (the catalogue's options answer). */
  bundles: readonly Bundle[];
  onSelect: (bundleId: BundleId) => void;
  onAddImage: (image: UploadedImage) => void;
  onRemoveImage: (index: number) => void;
  onCropImage: (
    index: number,
    crop: { x?: number; y?: number; zoom?: number },
    cropPixels?: CropPixels | null,
  ) => void;
  /** The chosen frame colour, to preview each extra photo in its frame. */
  frameHex: string | null;
  /** The catalogue's options: each card is priced with the choices made so far. */
  options: readonly CreatorOption[];
}

function BundleCard({
  bundle,
  prices,
  checked,
  name,
  onChoose,
}: {
  bundle: Bundle;
  /** The bundle with the choices made so far (bundleCardPrices). */
  prices: { pricePence: number; undiscountedPence: number | null };
  checked: boolean;
  name: string;
  onChoose: () => void;
}) {
  const { formatPrice } = useCurrency();
  const descriptionId = `${name}-${bundle.id}-description`;
  return (
    <label
      className={cn(
        "relative flex cursor-pointer flex-col gap-2 rounded-xl border-2 p-4 transition-colors",
        checked ? "border-glow-600 bg-glow-50" : "border-stone-200 bg-white hover:border-stone-400",
        "has-[input:focus-visible]:outline-3 has-[input:focus-visible]:outline-offset-2 has-[input:focus-visible]:outline-glow-600",
      )}
    >
      <span className="flex items-start gap-3">
        <input
          type="radio"
          name={name}
          value={bundle.id}
          checked={checked}
          onChange={onChoose}
          aria-describedby={descriptionId}
          className="mt-0.5 h-5 w-5 shrink-0 accent-glow-700 focus-visible:outline-none"
        />
        <span className="flex-1">
          <span className="block font-semibold text-stone-900">{bundle.name}</span>
          <span className="block text-sm text-stone-700">
            {pluralise(bundle.lithophaneCount, "lithophane")}
          </span>
        </span>
        {bundle.savingPercent ? <Badge tone="success">Save {bundle.savingPercent}%</Badge> : null}
      </span>
      <span className="flex items-baseline gap-2 pl-8">
        <span className="text-xl font-semibold text-stone-900">{formatPrice(prices.pricePence)}</span>
        {prices.undiscountedPence ? (
          <s className="text-sm text-stone-600">
            <span className="sr-only">was </span>
            {formatPrice(prices.undiscountedPence)}
          </s>
        ) : null}
      </span>
      <span id={descriptionId} className="pl-8 text-sm text-stone-600">
        {bundle.description}
      </span>
    </label>
  );
}

function UploadedPhoto({
  image,
  label,
  onRemove,
  onCrop,
  shape,
  aspectRatio,
  frameHex,
}: {
  image: AdditionalImage;
  label: string;
  onRemove: () => void;
  onCrop: (crop: { x?: number; y?: number; zoom?: number }, cropPixels?: CropPixels | null) => void;
  shape: string | null;
  aspectRatio: string;
  frameHex: string | null;
}) {
  const [open, setOpen] = useState(false);
  const cropperId = useId();
  const pointer = usePointerKind();
  const cropData = image.cropData ?? { ...DEFAULT_CROP_DATA, aspectRatio };
  return (
    <li className={cn("rounded-xl border border-stone-200 bg-white p-3", open && "sm:col-span-2")}>
      <div className="flex items-center gap-3">
        <img src={image.url} alt={label} className="h-16 w-16 rounded-md object-cover" />
        <span className="min-w-0 flex-1 text-sm">
          <span className="block font-medium text-stone-900">{label}</span>
          <span className="block text-stone-600">
            {isPositioned(image.cropData) ? CREATOR_TEXTS.positioned : CREATOR_TEXTS.centred}
          </span>
        </span>
        <button
          type="button"
          onClick={() => setOpen((o) => !o)}
          aria-expanded={open}
          aria-controls={cropperId}
          aria-label={open ? undefined : CREATOR_TEXTS.positionLabel(label)}
          className="inline-flex h-10 items-center gap-1.5 rounded-full border border-stone-300 px-3 text-sm font-medium text-stone-800 hover:bg-stone-100"
        >
          <Crop aria-hidden="true" className="h-4 w-4" />
          {open ? CREATOR_TEXTS.hidePosition : CREATOR_TEXTS.positionPhoto}
        </button>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${label.toLowerCase()}`}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-stone-700 hover:bg-red-50 hover:text-red-800"
        >
          <X aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      {open ? (
        <div id={cropperId} className="mt-3">
          <FramedCropper
            image={image}
            cropData={cropData}
            shape={shape}
            frameHex={frameHex}
            onCrop={onCrop}
            label={label}
          />
          <p className="mt-2 text-center text-sm text-stone-600">{CREATOR_TEXTS.positionHint(pointer)}</p>
        </div>
      ) : null}
    </li>
  );
}

interface PendingUpload {
  readonly id: number;
  readonly progress: number;
}

/** Extra photos upload side by side; each keeps its own progress until it joins the bundle. */
function useAdditionalUploads(onAdd: (image: UploadedImage) => void) {
  const [pending, setPending] = useState<readonly PendingUpload[]>([]);
  const nextId = useRef(0);
  const start = useCallback(
    async (file: File, index: number) => {
      const id = nextId.current++;
      const setProgress = (progress: number) =>
        setPending((list) =>
          list.some((p) => p.id === id)
            ? list.map((p) => (p.id === id ? { id, progress } : p))
            : [...list, { id, progress }],
        );
      try {
        const uploaded = await uploadPhoto(file, { kind: "additional", index }, setProgress);
        if (uploaded) onAdd(uploaded);
      } finally {
        setPending((list) => list.filter((p) => p.id !== id));
      }
    },
    [onAdd],
  );
  return { pending, start };
}

/** The bundle choice and, for multi-lithophane bundles, one upload per extra photo. */
export function BundleStep({
  state,
  bundles,
  onSelect,
  onAddImage,
  onRemoveImage,
  onCropImage,
  frameHex,
  options,
}: BundleStepProps) {
  const name = useId();
  const pointer = usePointerKind();
  const bundle = getBundle(state.selections.bundle, bundles);
  const { pending, start } = useAdditionalUploads(onAddImage);
  const emptySlots = Math.max(
    0,
    (bundle?.additionalImages ?? 0) - state.additionalImages.length - pending.length,
  );
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="sr-only">Choose a bundle</legend>
        <div className="grid gap-3">
          {bundles.map((b) => (
            <BundleCard
              key={b.id}
              bundle={b}
              prices={bundleCardPrices(b, state.selections, options)}
              name={name}
              checked={b.id === bundle?.id}
              onChoose={() => onSelect(b.id)}
            />
          ))}
        </div>
      </fieldset>
      {bundle && bundle.additionalImages > 0 ? (
        <section aria-labelledby={`${name}-extra`}>
          <h3 id={`${name}-extra`} className="text-lg text-stone-900">
            Your other {pluralise(bundle.additionalImages, "photo")}
          </h3>
          <p className="mt-1 text-sm text-stone-700">
            The {bundle.name} has {bundle.lithophaneCount} lithophanes: upload{" "}
            {pluralise(bundle.additionalImages, "more photo")}. They share your frame colour, shape and size.{" "}
            {CREATOR_TEXTS.extraPhotosIntro(pointer)}
          </p>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {state.additionalImages.map((image, i) => (
              <UploadedPhoto
                key={image.url}
                image={photoAsShown(image, state.selections.processing)}
                label={`Photo ${i + 2} of ${bundle.lithophaneCount}`}
                onRemove={() => onRemoveImage(i)}
                onCrop={(crop, cropPixels) => onCropImage(i, crop, cropPixels)}
                shape={state.selections.shape}
                aspectRatio={state.cropData.aspectRatio}
                frameHex={frameHex}
              />
            ))}
            {pending.map((upload) => (
              <li key={`pending-${upload.id}`} className="rounded-xl border border-stone-200 bg-white p-4">
                <div
                  role="progressbar"
                  aria-label="Uploading a photo"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={upload.progress}
                  className="h-2 w-full overflow-hidden rounded-full bg-stone-200"
                >
                  <div className="h-full rounded-full bg-glow-600" style={{ width: `${upload.progress}%` }} />
                </div>
                <p className="mt-2 text-sm text-stone-700">Uploading… {upload.progress}%</p>
              </li>
            ))}
            {Array.from({ length: emptySlots }, (_, j) => {
              const number = state.additionalImages.length + pending.length + j + 2;
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: empty slots are interchangeable
                <li key={`empty-${j}`}>
                  <ImageDropZone
                    compact
                    label={`Upload photo ${number} of ${bundle.lithophaneCount}`}
                    progress={null}
                    onFile={(file) => void start(file, number - 2)}
                  />
                </li>
              );
            })}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
