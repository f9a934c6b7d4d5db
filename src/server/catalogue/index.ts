/** The catalogue module's face: other modules import it only through this file. */
export {
  changedFields,
  createOption,
  createProduct,
  findUpload,
  listAdminOptions,
  listAdminProducts,
  lockUpload,
  productExists,
  productImageKey,
  reorderOptions,
  reorderProducts,
  setProductImage,
  storeProductImage,
  updateOption,
  updateProduct,
} from "./admin-catalog.js";
export { listShopProducts } from "./catalog.js";
export {
  catalogCache,
  invalidateCatalog,
  invalidateCatalogAfterWrite,
  type JsonSnapshot,
  listenForCatalogChanges,
  SnapshotCache,
} from "./catalog-cache.js";
export { bankHolidays, dispatchedDeliveryWindow, orderDeliveryWindow, zoneDays } from "./delivery-dates.js";
export { assertDiscountCodeFree, createDiscountCode, updateDiscountCode } from "./discount-admin.js";
export { evaluateCode, listAdminDiscountCodes, reserveDiscount, settleDiscount } from "./discounts.js";
export {
  activateFilament,
  activeFilament,
  calibrateFilament,
  colourPrinter,
  colourPrinterSnapshot,
  createFilament,
  filamentName,
  filamentScatterPerMm,
  filamentSnapshot,
  filamentView,
  listFilaments,
  removeFilament,
  seedColourPrinter,
  setColourPrinter,
  updateFilament,
} from "./filaments.js";
export {
  CATALOG_FINGERPRINT_SQL,
  dropPricingSnapshot,
  type PricedDescription,
  type PricedItem,
  type PricingSnapshot,
  priceCartItems,
  priceFromSnapshot,
  pricingSnapshot,
} from "./pricing.js";
export { getPrinters, PRINTERS_KEY, printerForPanel, setPrinters } from "./printers.js";
export { createRatesService, type RatesService } from "./rates.js";
export { listShippingZones, replaceShippingZones } from "./shipping-zones.js";
export { loadShopPrices, updateShopPrices } from "./shop-prices.js";
export { consumeStock, OutOfStockError, releaseStock, reserveStock, setStock } from "./stock.js";
