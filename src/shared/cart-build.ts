/**
 * The cart lines the creator builds and the server prices, without zod: the creator's first
 * load (issue 31 item 3) needs no schema library; the schemas stay in cart.ts, which re-exports these.
 */

import { newCartItemId } from "./accessory-cart-item";
import { BUNDLES, type Bundle, getBundle } from "./bundles";
import type { CartItem } from "./cart";
import {
  type CreatorState,
  chosenLightboxPricePence,
  isCropWithinImage,
  missingAdditionalImages,
  requiredAdditionalImages,
  resolveChosenOptions,
} from "./creator";
import { type CreatorOption, sizeLabel } from "./options";
import { LIGHTBOX_KIND, lithophaneFrameStyle } from "./product-types/lightbox";

export { lithophaneConfigPricePence, lithophaneFrameStyle } from "./product-types/lightbox";

/**
 * The cart item for the creator's current choices, or null when Add to Cart is not allowed
 * yet (use addToCartCheck for the message). Options are resolved against `options`.
 */
export function buildCreatorCartItem(
  state: CreatorState,
  options: readonly CreatorOption[],
  makeId: () => string = newCartItemId,
  bundles: readonly Bundle[] = BUNDLES,
): CartItem | null {
  const { image, bundle: bundleId } = state.selections;
  const bundle = getBundle(bundleId, bundles);
  const chosen = resolveChosenOptions(state.selections, options);
  // A photo still uploading has no server URLs yet: no cart line from the device's copy.
  if (!image || image.pending || !bundle || !chosen || missingAdditionalImages(state) > 0) return null;
  const { cropData } = state;
  // The server refuses a crop outside the photo (lithophaneLineProblem): such a crop is dropped
  // here and the panel is cut centred, as for a line without one.
  const cropPixels = state.cropPixels && isCropWithinImage(state.cropPixels, image) ? state.cropPixels : null;
  const extras = state.additionalImages.slice(0, requiredAdditionalImages(bundle));
  const extraCrops = extras.map((extra) =>
    extra.cropPixels && isCropWithinImage(extra.cropPixels, extra) ? { ...extra.cropPixels } : null,
  );
  return {
    id: makeId(),
    imageUrl: image.url,
    originalImageUrl: image.originalUrl,
    additionalImages: extras.map((extra) => extra.url),
    size: sizeLabel(chosen.size),
    shape: bundle.name,
    frameStyle: lithophaneFrameStyle(chosen.frameColor.name, bundle.lithophaneCount, chosen.shape.name),
    price: chosenLightboxPricePence(bundle, chosen),
    cropData: { x: cropData.x, y: cropData.y, zoom: cropData.zoom, aspectRatio: cropData.aspectRatio },
    config: {
      kind: LIGHTBOX_KIND,
      bundleId: bundle.id,
      processing: chosen.processing.id,
      shapeId: chosen.shape.id,
      frameColorId: chosen.frameColor.id,
      sizeId: chosen.size.id,
      ...(cropPixels ? { cropPixels: { ...cropPixels } } : {}),
      ...(extraCrops.some((c) => c !== null) ? { additionalCropPixels: extraCrops } : {}),
      ...(state.localContrast ? { localContrast: true } : {}),
    },
  };
}
