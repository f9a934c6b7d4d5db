import { type Bundle, getBundle } from "@shared/bundles";
import {
  addToCartCheck,
  type CreatorState,
  type CropPixels,
  creatorPricePence,
  photoAsShown,
} from "@shared/creator";
import { CREATOR_MESSAGES } from "@shared/creator-messages";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { isBelowRecommendedResolution } from "@shared/limits";
import { MESSAGES } from "@shared/messages";
import { type CreatorOption, findOption } from "@shared/options";
import { Button } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { LoadBoundary } from "@web/components/ui/load-boundary";
import { CircleCheck, LoaderCircle, ShoppingCart, TriangleAlert } from "lucide-react";
import { lazy, type ReactNode, Suspense } from "react";
import { useCurrency } from "../currency";
import { FramedCropper, loadPhotoCropper } from "./FramedCropper";
import { PreviewExtras } from "./PreviewExtras";
import { UploadProgress } from "./UploadProgress";
import { usePointerKind } from "./usePointerKind";

interface CreatorPreviewProps {
  state: CreatorState;
  options: readonly CreatorOption[];
  /** The bundles at the owner's prices (the catalogue's options answer). */
  bundles: readonly Bundle[];
  onCrop: (crop: { x?: number; y?: number; zoom?: number }, cropPixels?: CropPixels | null) => void;
  onAddToCart: () => void;
  /** 0-100 while the photo uploads behind the steps, null once it is stored. */
  uploadProgress: number | null;
  /** Add to Cart was pressed and waits for the photo's upload. */
  waitingToAdd: boolean;
  /** Set right after Add to Cart: offer the cart or a fresh start. */
  added: boolean;
  onViewCart: () => void;
  onStartOver: () => void;
}

/** In the cropper's lazily loaded chunk, with the lip band it explains (and the engine's border width). */
const LipSafeHint = lazy(() => loadPhotoCropper().then(([m]) => ({ default: m.LipSafeHint })));

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-stone-700">{term}</dt>
      <dd className="text-right font-medium text-stone-900">{children}</dd>
    </div>
  );
}

/** The live preview column: framed photo, choices so far, total, and Add to Cart. */
export function CreatorPreview({
  state,
  options,
  bundles,
  onCrop,
  onAddToCart,
  uploadProgress,
  waitingToAdd,
  added,
  onViewCart,
  onStartOver,
}: CreatorPreviewProps) {
  const { formatPrice } = useCurrency();
  const pointer = usePointerKind();
  const { selections } = state;
  const processing = findOption(options, "processing", selections.processing);
  const shape = findOption(options, "shape", selections.shape);
  const frame = findOption(options, "frame_color", selections.frameColor);
  const size = findOption(options, "size", selections.size);
  const bundle = getBundle(selections.bundle, bundles);
  const total = creatorPricePence(state, options, bundles);
  const check = addToCartCheck(state);
  // A colour order is cropped on the photo in colour, not the greyscale preview (issue 30).
  const image = selections.image ? photoAsShown(selections.image, selections.processing) : null;
  const panelMm = size?.widthMm && size.heightMm ? { widthMm: size.widthMm, heightMm: size.heightMm } : null;
  const notSelected = (
    <span className="font-normal text-stone-600">{CREATOR_MESSAGES.creator.notSelected}</span>
  );

  return (
    <section
      aria-labelledby="preview-heading"
      className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm md:p-6"
    >
      <h2 id="preview-heading" className="text-2xl text-stone-900">
        Preview
      </h2>
      <div className="mt-4">
        <FramedCropper
          image={image}
          cropData={state.cropData}
          shape={selections.shape}
          frameHex={frame?.hexColor ?? null}
          panelMm={panelMm}
          onCrop={onCrop}
        />
        {uploadProgress !== null ? (
          <UploadProgress percent={uploadProgress} className="mx-auto mt-2 max-w-sm justify-center" />
        ) : null}
        {image ? (
          <p className="mt-2 text-center text-sm text-stone-600">{CREATOR_TEXTS.positionHint(pointer)}</p>
        ) : null}
        {image && panelMm ? (
          <LoadBoundary fallback={null}>
            <Suspense fallback={null}>
              <LipSafeHint />
            </Suspense>
          </LoadBoundary>
        ) : null}
        {image && isBelowRecommendedResolution(image.width, image.height) ? (
          <p className="mt-3 flex gap-2 rounded-lg border border-orange-200 bg-orange-50 p-3 text-sm text-orange-950">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>{CREATOR_MESSAGES.upload.lowResolution(image.width, image.height)}</span>
          </p>
        ) : null}
      </div>

      <PreviewExtras state={state} options={options} />

      <dl className="mt-5 divide-y divide-stone-200 border-y border-stone-200 text-sm">
        <Row term="Processing">{processing?.name ?? notSelected}</Row>
        <Row term="Shape">{shape?.name ?? notSelected}</Row>
        <Row term="Frame colour">
          {frame ? (
            <span className="inline-flex items-center gap-2">
              <span
                aria-hidden="true"
                className="inline-block h-4 w-4 rounded-full ring-1 ring-stone-400"
                style={{ backgroundColor: frame.hexColor ?? undefined }}
              />
              {frame.name}
            </span>
          ) : (
            notSelected
          )}
        </Row>
        <Row term="Size">{size?.name ?? notSelected}</Row>
        <Row term="Bundle">{bundle?.name ?? notSelected}</Row>
      </dl>

      {bundle && total !== null ? (
        <p className="mt-4 flex items-baseline justify-between">
          <span className="text-lg font-medium text-stone-800">{MESSAGES.common.total}</span>
          <span className="text-2xl font-semibold text-stone-900" data-testid="creator-total">
            {formatPrice(total)}
          </span>
        </p>
      ) : null}

      {added ? (
        <div role="status" className="mt-5 rounded-xl border border-emerald-200 bg-emerald-50 p-4">
          <p className="flex items-center gap-2 font-semibold text-emerald-900">
            <CircleCheck aria-hidden="true" className="h-5 w-5" />
            {bundle ? MESSAGES.cart.added(bundle.name).description : CREATOR_MESSAGES.creator.addedFallback}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            {/* Add to Cart is gone: its successor takes the focus (it mounts only after adding). */}
            <Button variant="primary" size="sm" onClick={onViewCart} autoFocus>
              {CREATOR_MESSAGES.creator.viewCart}
            </Button>
            <Button variant="outline" size="sm" onClick={onStartOver}>
              {CREATOR_MESSAGES.creator.createAnother}
            </Button>
          </div>
        </div>
      ) : (
        <>
          <Button
            variant={check.ok ? "glow" : "outline"}
            size="lg"
            className={cn(
              "mt-5 w-full",
              !check.ok && "cursor-not-allowed border-dashed",
              waitingToAdd && "cursor-progress text-base",
            )}
            aria-disabled={!check.ok || waitingToAdd || undefined}
            aria-describedby={check.ok ? undefined : "add-to-cart-hint"}
            aria-busy={waitingToAdd || undefined}
            onClick={onAddToCart}
          >
            {waitingToAdd ? (
              <>
                <LoaderCircle aria-hidden="true" className="h-5 w-5 animate-spin" />
                {CREATOR_TEXTS.photoUpload.uploading(uploadProgress ?? 100)}
              </>
            ) : (
              <>
                <ShoppingCart aria-hidden="true" className="h-5 w-5" />
                {MESSAGES.common.addToCart}
              </>
            )}
          </Button>
          {waitingToAdd ? (
            <p role="status" className="sr-only">
              {CREATOR_TEXTS.photoUpload.uploading(uploadProgress ?? 100)}
            </p>
          ) : null}
          {check.ok ? null : (
            <p id="add-to-cart-hint" className="mt-2 text-center text-sm text-stone-700">
              {check.problem === "additional-images" ? check.description : addToCartHint(state)}
            </p>
          )}
        </>
      )}
    </section>
  );
}

/** What is still missing, in words (designed). */
function addToCartHint(state: CreatorState): string {
  const s = state.selections;
  if (!s.image) return CREATOR_MESSAGES.creator.noImage.description ?? "";
  const missing = [
    !s.processing && "processing",
    !s.shape && "shape",
    !s.frameColor && "frame colour",
    !s.size && "size",
    !s.bundle && "bundle",
  ].filter((step): step is string => typeof step === "string");
  return missing.length > 0 ? CREATOR_MESSAGES.creator.stillToChoose(missing) : "";
}
