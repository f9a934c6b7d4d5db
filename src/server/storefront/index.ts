/** The storefront module's face: other modules import it only through this file. */
export * from "./admin-site-images.js";
export * from "./google-feed.js";
export * from "./reviews.js";
export * from "./site-image-variants.js";
export * from "./site-images.js";
export * from "./storefront.js";
