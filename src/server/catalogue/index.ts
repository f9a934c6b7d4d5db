/** The catalogue module's face: other modules import it only through this file. */
export * from "./admin-catalog.js";
export * from "./catalog.js";
export * from "./catalog-cache.js";
export * from "./delivery-dates.js";
export * from "./discount-admin.js";
export * from "./discounts.js";
export * from "./filaments.js";
export * from "./pricing.js";
export * from "./rates.js";
export * from "./shipping-zones.js";
export * from "./shop-prices.js";
export * from "./stock.js";
