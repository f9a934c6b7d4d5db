/**
 * A colour line's thumbnails (issue 30): every upload is stored with a small colour picture beside
 * its greyscale preview, named after it (…-preview.webp and …-preview-colour.webp), so any page
 * that holds a line's preview URL can show that panel in colour without asking the server.
 * Uploads stored before the thumbnails existed have none: pages fall back to the preview.
 */

/** The colour thumbnail's longest side: sharp on a 3x phone screen at the largest thumbnail. */
export const COLOUR_THUMBNAIL_MAX_SIDE_PX = 480;

const PREVIEW_SUFFIX = /-preview\.[a-z0-9]+$/;

/** What follows an upload's stem in its colour thumbnail's key (the preview's is "-preview.webp"). */
export const COLOUR_THUMBNAIL_SUFFIX = "-preview-colour.webp";

/** The colour thumbnail's key or URL beside a preview's, or null when it is not a preview's. */
export function colourThumbnailOf(preview: string): string | null {
  return PREVIEW_SUFFIX.test(preview) ? preview.replace(PREVIEW_SUFFIX, COLOUR_THUMBNAIL_SUFFIX) : null;
}
