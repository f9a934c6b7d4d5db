/**
 * The cart's small entry for the app shell (app/): its provider and floating button, in the first
 * load already. Not index.ts, whose other exports (the line titles, the toasts) would join the
 * first load's chunk through it; the panel is loaded on demand (app/ShopOverlays.tsx).
 */
export { CartButton } from "./CartButton";
export { CartProvider, useCart } from "./CartProvider";
