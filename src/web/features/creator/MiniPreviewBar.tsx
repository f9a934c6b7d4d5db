import { type Bundle, getBundle } from "@shared/bundles";
import { type CreatorState, creatorPricePence, displayUrl, photoAsShown } from "@shared/creator";
import { CREATOR_TEXTS } from "@shared/creator-texts";
import { type CreatorOption, findOption } from "@shared/options";
import { compactSize } from "@shared/size-text";
import { ImageIcon } from "lucide-react";
import { useCurrency } from "../currency";
import { useClipPath } from "./clip-path";

/**
 * On small screens (below lg, where the preview sits under the steps) a bar kept at the bottom
 * of the screen: a thumbnail of the photo in the chosen frame colour and shape, the choices so
 * far and the price, so every choice is seen as it is made. "Preview" scrolls to the full one.
 */
export function MiniPreviewBar({
  state,
  options,
  bundles,
  onShowPreview,
}: {
  state: CreatorState;
  options: readonly CreatorOption[];
  /** The bundles at the owner's prices (the catalogue's options answer). */
  bundles: readonly Bundle[];
  onShowPreview: () => void;
}) {
  const { formatPrice } = useCurrency();
  const { selections } = state;
  const shape = findOption(options, "shape", selections.shape);
  const frame = findOption(options, "frame_color", selections.frameColor);
  const size = findOption(options, "size", selections.size);
  const bundle = getBundle(selections.bundle, bundles);
  const total = creatorPricePence(state, options, bundles);
  const cheapest = Math.min(...bundles.map((b) => b.pricePence));
  const clipPath = useClipPath(selections.shape);
  const parts = [
    shape?.name,
    frame ? `${frame.name} frame` : null,
    size ? compactSize(size.id) : null,
    bundle?.name,
  ].filter((p): p is string => typeof p === "string");
  return (
    <section
      aria-label={CREATOR_TEXTS.miniBar.label}
      data-testid="creator-mini-bar"
      className="sticky bottom-0 z-30 -mx-4 mt-6 border-t border-stone-200 bg-white/95 px-4 py-2 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] backdrop-blur lg:hidden"
    >
      <div className="flex items-center gap-3">
        <div
          aria-hidden="true"
          data-testid="mini-frame"
          data-frame-color={frame?.hexColor ?? ""}
          className="h-14 w-14 shrink-0 rounded-sm p-1"
          style={{ backgroundColor: frame?.hexColor ?? "#d6d3d1", clipPath }}
        >
          {selections.image ? (
            <img
              src={displayUrl(photoAsShown(selections.image, selections.processing))}
              alt=""
              className="h-full w-full object-cover"
              style={clipPath ? { clipPath } : undefined}
            />
          ) : (
            <span className="flex h-full w-full items-center justify-center bg-stone-100 text-stone-500">
              <ImageIcon className="h-5 w-5" />
            </span>
          )}
        </div>
        <p className="min-w-0 flex-1 text-sm">
          <span className="block truncate font-medium text-stone-900">
            {parts.length > 0
              ? parts.join(" · ")
              : selections.image
                ? selections.image.pending
                  ? CREATOR_TEXTS.photoUpload.chosen
                  : CREATOR_TEXTS.miniBar.photoOnly
                : CREATOR_TEXTS.miniBar.noPhoto}
          </span>
          <span className="block font-semibold text-stone-900" data-testid="mini-bar-price">
            {total !== null ? formatPrice(total) : CREATOR_TEXTS.miniBar.fromPrice(formatPrice(cheapest))}
          </span>
        </p>
        <button
          type="button"
          onClick={onShowPreview}
          className="inline-flex h-11 shrink-0 items-center rounded-full bg-stone-900 px-4 text-sm font-semibold text-white hover:bg-stone-700"
        >
          {CREATOR_TEXTS.miniBar.showPreview}
        </button>
      </div>
    </section>
  );
}
