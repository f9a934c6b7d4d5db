/** What the rest of the app uses of the shop: the lightbox and its collections card (the home page shows it too). */
export { FeaturedLightbox } from "./FeaturedLightbox";
