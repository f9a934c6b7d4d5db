/** Bounds of a cart line, shared by the zod schema (./cart) and the zod-free guard (./cart-guard). */

/** Guards against a runaway local storage or request body; far above any real cart. */
export const MAX_CART_ITEMS = 50;
/** Upper bound for one line (£10,000) so a corrupt price can never reach a total. */
export const MAX_ITEM_PRICE_PENCE = 1_000_000;
export const MAX_URL_LENGTH = 2048;
export const MAX_TEXT_LENGTH = 200;
export const MAX_ID_LENGTH = 100;
export const MAX_ADDITIONAL_IMAGES = 10;
export const MAX_ASPECT_RATIO_LENGTH = 20;
