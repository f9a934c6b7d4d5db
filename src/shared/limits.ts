/** Limits and timings from spec section 9, in one place for web and server. */

/** Max size of each uploaded image (main and each additional): "10MB", read as 10 MiB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/**
 * Unfinished resumable uploads one visitor may hold at once: a bundle's panels sent together
 * (the main photo and up to four more), no more. Each holds its declared size of the visitor's
 * upload allowance until it ends.
 */
export const MAX_UNFINISHED_UPLOADS = 5;
/** The file input's accept attribute. */
export const UPLOAD_ACCEPT = "image/*";
/** What the server accepts, judged by the file's content (the hint says JPG and PNG; the FAQ adds WEBP). */
export const UPLOAD_IMAGE_FORMATS = ["jpeg", "png", "webp"] as const;
export type UploadImageFormat = (typeof UPLOAD_IMAGE_FORMATS)[number];
/** Width x height above this is refused before decoding (decompression bombs; 48 MP phone photos fit). */
export const MAX_UPLOAD_PIXELS = 50_000_000;
/** Below this on either side the image may print soft; the UI suggests a larger one. */
export const RECOMMENDED_MIN_IMAGE_PX = 1200;

/** True when either side of the photo is below the recommended 1200 px (fine relief needs pixels). */
export function isBelowRecommendedResolution(width: number, height: number): boolean {
  return width < RECOMMENDED_MIN_IMAGE_PX || height < RECOMMENDED_MIN_IMAGE_PX;
}

export const OPTIONS_REFETCH_MS = 30_000;

export const PASSWORD_MIN_LENGTH = 6;
/** Not in the spec; Better Auth's default maximum. */
export const PASSWORD_MAX_LENGTH = 128;

export const MFA_CODE_LENGTH = 6;
/** Wait after unenrolling old factors before enrolling a new one. */
export const MFA_FACTOR_CLEANUP_DELAY_MS = 1000;
export const MFA_DELETE_SIGN_OUT_DELAY_MS = 1000;
export const EMAIL_CHANGE_SIGN_OUT_DELAY_MS = 2000;
/** TOTP parameters; the issuer is BRAND_NAME. */
export const TOTP_ALGORITHM = "SHA1";
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const MFA_QR_SIZE_PX = 300;
export const MFA_QR_MARGIN = 2;
export const MFA_QR_ERROR_CORRECTION = "M";
/** date-fns format for MFA factor dates. */
export const MFA_DATE_FORMAT = "MMM dd, yyyy";

export const PHONE_MIN_DIGITS = 6;
export const PHONE_MAX_DIGITS = 15;

/**
 * Order ids were shown as their first 8 characters until issue 47; that prefix is still
 * accepted (track form, Click & Drop import) for the orders already e-mailed with it.
 */
export const ORDER_NUMBER_LENGTH = 8;
/** The shop's first sequential order number (#1001; issue 47 item 13, migration 0025). */
export const FIRST_ORDER_NUMBER = 1001;

export const MOBILE_BREAKPOINT_PX = 768;
/** One toast at a time, shown for 4 s by default. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 4000;
