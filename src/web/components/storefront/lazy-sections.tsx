/**
 * The customer sections as lazy components for the landing pages: their code (and the review
 * texts) loads once there is something to show, after hydration, never in a page's first load.
 */
import { lazy } from "react";

const sections = () => import("./StorefrontSections");

export const LazyCustomerReviews = lazy(() => sections().then((m) => ({ default: m.CustomerReviews })));
export const LazyCustomerGallery = lazy(() => sections().then((m) => ({ default: m.CustomerGallery })));
export const LazyShopReviews = lazy(() => sections().then((m) => ({ default: m.ShopReviews })));
