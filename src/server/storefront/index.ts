/** The storefront module's face: other modules import it only through this file. */
export {
  type AdminSiteImage,
  createSiteImage,
  deleteSiteImage,
  findSiteImageUpload,
  listAdminSiteImages,
  siteImageAuditView,
  siteImageCount,
  toAdminImage,
  updateSiteImage,
} from "./admin-site-images.js";
export { GOOGLE_FEED_URL, googleFeed, googleFeedXml } from "./google-feed.js";
export {
  deleteReview,
  deleteReviewPhoto,
  listAdminReviews,
  moderateReview,
  queueDueReviewRequests,
  REVIEW_REQUEST_BATCH,
  reviewLinkState,
  scheduleReviewRequest,
  submitReview,
} from "./reviews.js";
export { deleteVariants, encodeSiteImage } from "./site-images.js";
export { invalidateStorefront, storefrontCache } from "./storefront.js";
