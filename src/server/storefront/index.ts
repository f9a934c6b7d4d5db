/** The storefront module's face: other modules import it only through this file. */
export { type AdminSiteImage, listAdminSiteImages } from "./admin-site-images.js";
export {
  addSiteImageAsAdmin,
  deleteReviewAsAdmin,
  deleteSiteImageAsAdmin,
  moderateReviewAsAdmin,
  updateSiteImageAsAdmin,
} from "./admin-workflows.js";
export { GOOGLE_FEED_URL, googleFeed, googleFeedXml } from "./google-feed.js";
export {
  listAdminReviews,
  queueDueReviewRequests,
  REVIEW_REQUEST_BATCH,
  reviewLinkState,
  scheduleReviewRequest,
  submitReview,
} from "./reviews.js";
export { deleteVariants, encodeSiteImage } from "./site-images.js";
export { invalidateStorefront, storefrontCache } from "./storefront.js";
