/**
 * The storefront's input rules (issue 20): what the owner sets on an image, what a reviewer
 * sends, and (re-exported from ./lightbox-price) the custom lightbox's from-price. Server and
 * lazily loaded pages only (zod).
 */
import { z } from "zod";
import { REVIEW_BODY_MAX, REVIEW_BODY_MIN, REVIEW_NAME_MAX, SITE_IMAGE_SLOTS } from "./storefront";

export const ALT_MAX = 200;

/** What the owner sets on an image: alt text is required (it is read aloud and indexed). */
export const siteImageFieldsSchema = z.object({
  alt: z
    .string()
    .trim()
    .min(3, { error: "Describe the picture in a few words (alt text is required)." })
    .max(ALT_MAX, { error: `Alt text can be at most ${ALT_MAX} characters.` }),
  enabled: z.boolean(),
  sortOrder: z.number().int().min(0).max(9999),
});

export const siteImageCreateSchema = siteImageFieldsSchema.extend({
  slot: z.enum(SITE_IMAGE_SLOTS),
  uploadId: z.uuid({ error: "Choose a photo first." }),
});

export const siteImageUpdateSchema = siteImageFieldsSchema.partial();

export const reviewSubmissionSchema = z.object({
  token: z.string().min(10).max(300),
  rating: z
    .number()
    .int()
    .min(1, { error: "Choose from 1 to 5 stars." })
    .max(5, { error: "Choose from 1 to 5 stars." }),
  body: z
    .string()
    .trim()
    .min(REVIEW_BODY_MIN, { error: `Please write at least ${REVIEW_BODY_MIN} characters.` })
    .max(REVIEW_BODY_MAX, { error: `Please keep your review under ${REVIEW_BODY_MAX} characters.` }),
  name: z
    .string()
    .trim()
    .min(1, { error: "Please give a name to show with your review." })
    .max(REVIEW_NAME_MAX, { error: `A name can be at most ${REVIEW_NAME_MAX} characters.` }),
  place: z.string().trim().max(REVIEW_NAME_MAX).optional(),
  /** An upload (POST /api/uploads) of the customer's photo of their lightbox. */
  photoUploadId: z.uuid().optional(),
});
export type ReviewSubmission = z.infer<typeof reviewSubmissionSchema>;

// ---------------------------------------------------------------- the lightbox's from-price

// Zod-free, in its own module so /shop's first load needs no zod (issue 20: long tasks).
export { lightboxFromPricePence } from "./lightbox-price";
