/** The storefront page's text inputs' look. */
export const FIELD = "rounded-lg border border-stone-300 px-3 py-2 text-base text-stone-900";
