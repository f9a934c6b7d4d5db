/**
 * The creator's texts (the spec's words): the photo upload and its refusals, the steps and the
 * prices. Kept out of MESSAGES: the creator loads lazily, and the other pages' first load has no
 * room for them.
 */
import { MAX_UPLOAD_PIXELS, RECOMMENDED_MIN_IMAGE_PX } from "./limits";
import { type DescribedToast, errorToast } from "./messages";

export const CREATOR_MESSAGES = {
  upload: {
    tooLarge: errorToast("File too large", "Please select an image smaller than 10MB."),
    failed: errorToast("Upload failed", "There was an error uploading your image. Please try again."),
    // The spec's hint says JPG and PNG; the FAQ also mentions WEBP, which the server accepts.
    hint: "JPG, PNG or WEBP, up to 10MB",
    // Designed: the spec recommends at least 1200x1200 px; this says why.
    lowResolution: (width: number, height: number): string =>
      `This photo is ${width}×${height} px. For the sharpest lithophane we recommend at least ${RECOMMENDED_MIN_IMAGE_PX}×${RECOMMENDED_MIN_IMAGE_PX} px; smaller photos can look soft when lit.`,
    // Designed: the server judges the file's content; these say what was wrong with it.
    unsupportedFormat: errorToast(
      "Upload failed",
      "That file type isn't supported. Please upload a JPG, PNG or WEBP image.",
    ),
    tooManyPixels: errorToast(
      "Upload failed",
      `That image has too many pixels for us to process. Please upload one of at most ${MAX_UPLOAD_PIXELS / 1_000_000} megapixels.`,
    ),
    noFile: errorToast("Upload failed", "Please choose an image to upload."),
    // Designed (issue 14): anonymous uploads are limited per client and per visitor.
    tooManyUploads: errorToast(
      "Upload failed",
      "You've uploaded a lot of images in the last minute. Please wait a minute and try again.",
    ),
    quotaExceeded: errorToast(
      "Upload failed",
      "You've reached today's upload allowance. Please use the images you've already uploaded, or try again tomorrow.",
    ),
    tooManyUnfinished: errorToast(
      "Upload failed",
      "Several of your photos are still uploading. Please let them finish, or try again in an hour.",
    ),
  },

  creator: {
    /** 422 from create-checkout and the saved cart: a lithophane's photo is not one uploaded to this shop. */
    imageNotUploaded:
      "A photo in this lithophane was not uploaded to our shop. Please remove it from your cart and create it again.",
    noImage: errorToast("No image selected", "Please upload an image first."),
    additionalImagesRequired: (missingCount: number, bundleName: string): DescribedToast =>
      errorToast(
        "Additional images required",
        `Please upload ${missingCount} more image(s) for your ${bundleName}.`,
      ),
    // Designed: Add to Cart is disabled in this case, but the server and tests need a text.
    incompleteSelection: errorToast(
      "Incomplete selection",
      "Please complete every step before adding to cart.",
    ),
    notSelected: "Not selected",
    comingSoonSuffix: "(Coming Soon)",
    // Designed (issue 14): why the server refuses a lithophane line that cannot be made.
    lineProblems: {
      photoCount: (bundleName: string, required: number, given: number): string =>
        `The ${bundleName} takes ${required} additional photo${required === 1 ? "" : "s"}, but this lithophane has ${given}. Please remove it from your cart and create it again.`,
      cropOutside:
        "The crop of this lithophane lies outside its photo. Please remove it from your cart and create it again.",
    },
    // Designed: what the preview shows once the lithophane is in the cart, and what is missing.
    addedFallback: "Added to your cart.",
    viewCart: "View cart",
    createAnother: "Create another",
    stillToChoose: (missing: readonly string[]): string => `Still to choose: ${missing.join(", ")}.`,
    // Designed: the backlit 3D preview under the framed photo (issue 7).
    preview3d: {
      heading: "Backlit 3D preview",
      intro: "Your panel as we will print it, glowing in its lightbox. Drag to turn it.",
      loading: "Building your 3D preview…",
      updating: "Updating the 3D preview…",
      unavailable:
        "The 3D preview needs WebGL, which is not available in this browser. Everything else works as usual, and the framed photo above shows your crop.",
      failed: "The 3D preview could not be shown for this photo. Your lithophane is not affected.",
      backlight: "Backlight",
      backlightHint: (lit: boolean): string =>
        lit ? "Lit from behind, as in the lightbox." : "Unlit: white filament in daylight.",
      viewLabel: (shapeName: string, lit: boolean): string =>
        `3D model of your ${shapeName.toLowerCase()} lithophane, ${lit ? "lit from behind" : "unlit"}. Drag, or use the arrow keys, to turn it.`,
      turnLeft: "Turn left",
      turnRight: "Turn right",
      turnOver: "Turn over",
      resetView: "Reset view",
    },
  },

  // Designed: the server prices every cart line itself and refuses one it cannot sell.
  pricing: {
    lithophaneUnavailable:
      "Some choices in this lithophane are no longer available. Please remove it from your cart and create it again.",
    itemUnknown: "This item is no longer available. Please remove it from your cart.",
    /**
     * A product the shop does not sell now (switched off, or a draft never published): its name
     * is not said, so a guessed id learns nothing of a product not yet on sale (issue 46).
     */
    productUnavailable: "This item is no longer available. Please remove it from your cart.",
  },
} as const;
