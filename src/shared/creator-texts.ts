/**
 * Texts of the creator (a lazily loaded page) that depend on the device: "tap" on touch
 * screens, "click" with a mouse (issue 20). Kept out of messages.ts, which is in the first load.
 */
import type { DescribedToast } from "./messages";

export type PointerKind = "touch" | "mouse";

export const CREATOR_TEXTS = {
  /** After a processing option's surcharge: it is counted per panel (issue 30, decision 331). */
  perPanel: "per panel",
  lipSafeArea: (borderMm: number): string =>
    `The shaded ${borderMm} mm edge sits under the frame's lip: keep faces and text inside the dashed line.`,
  dropZoneHint: (pointer: PointerKind): string =>
    pointer === "touch" ? "Tap to choose a photo." : "Click to choose or drag a photo here.",
  positionHint: (pointer: PointerKind): string =>
    pointer === "touch"
      ? "Drag the photo with your finger to position it; pinch or use the slider to zoom."
      : "Drag the photo to position it; zoom to fill the frame.",
  localContrast: {
    label: "Bring out detail in shadows and highlights",
    hint: "Local contrast evens out light and shade across the photo, so faces in shadow and bright skies keep their detail. The 3D preview shows the result.",
  },
  /** Issue 31: the photo shows at once; its upload runs behind and Add to Cart waits for it. */
  photoUpload: {
    uploading: (percent: number): string => `Uploading your photo… ${percent}%`,
    preparing: "Preparing your photo…",
    uploaded: "Photo uploaded",
    chosen: "Photo chosen, uploading",
    progressLabel: "Photo upload",
    /**
     * The photo is opened on the device; HEIC opens only where the browser can (Safari). Here,
     * not in messages.ts: that module is in every page's first load, this one only in the creator's.
     */
    heicUnsupported: {
      title: "Upload failed",
      description:
        "This browser can't open HEIC photos. Please choose a JPG, PNG or WEBP, or set your iPhone camera to “Most Compatible” (Settings > Camera > Formats).",
      variant: "destructive",
    } satisfies DescribedToast,
  },
  replaceKeepsChoices: "A new photo keeps your other choices and extra photos.",
  extraPhotosIntro: (pointer: PointerKind): string =>
    pointer === "touch"
      ? "Tap “Position” on a photo to place it in the frame."
      : "Click “Position” on a photo to place it in the frame.",
  positionPhoto: "Position",
  hidePosition: "Done",
  positionLabel: (label: string): string => `Position ${label.toLowerCase()} in the frame`,
  centred: "Centred",
  positioned: "Positioned",
  /**
   * Asked before a changed choice resets later steps (issue 30): names what resets and what is
   * kept. `reset` are the step labels (CREATOR_STEP_LABELS) in order.
   */
  resetConfirm: {
    title: (step: string): string => `Change ${step.toLowerCase()}?`,
    description: (reset: readonly string[], extraPhotos: number): string => {
      const names = reset.map((label) => label.toLowerCase());
      const list =
        names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
      const choices = names.length > 1 ? "choices" : "choice";
      const kept =
        extraPhotos > 0
          ? ` Your photo and your ${extraPhotos} extra ${extraPhotos === 1 ? "photo are" : "photos are"} kept.`
          : " Your photo is kept.";
      return `This clears your ${list} ${choices}, so you choose ${names.length > 1 ? "them" : "it"} again.${kept}`;
    },
    confirm: "Change and choose again",
    cancel: "Keep my choices",
  },
  miniBar: {
    label: "Your lightbox so far",
    noPhoto: "No photo yet",
    /** A photo and no choices yet. */
    photoOnly: "Photo uploaded",
    showPreview: "Preview",
    fromPrice: (price: string): string => `From ${price}`,
  },
} as const;
