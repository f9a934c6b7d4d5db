/** The catalogue module's face: other modules import it only through this file. */
export {
  listAdminOptions,
  listAdminProducts,
} from "./admin-catalog.js";
export { listShopProducts, loadCreatorOptions } from "./catalog.js";
export {
  catalogCache,
  invalidateCatalogAfterWrite,
  type JsonSnapshot,
  listenForCatalogChanges,
  SnapshotCache,
} from "./catalog-cache.js";
export { bankHolidays, dispatchedDeliveryWindow, orderDeliveryWindow, zoneDays } from "./delivery-dates.js";
export {
  assertDiscountCodeFree,
  createDiscountCodeAsAdmin,
  updateDiscountCodeAsAdmin,
} from "./discount-admin.js";
export { evaluateCode, listAdminDiscountCodes, reserveDiscount, settleDiscount } from "./discounts.js";
export {
  activateFilamentAsAdmin,
  calibrateFilamentAsAdmin,
  createFilamentAsAdmin,
  removeFilamentAsAdmin,
  setColourPrinterAsAdmin,
  updateFilamentAsAdmin,
} from "./filament-workflows.js";
export {
  activeFilament,
  colourPrinter,
  filamentName,
  filamentScatterPerMm,
  filamentView,
  listFilaments,
  seedColourPrinter,
} from "./filaments.js";
export { createOptionAsAdmin, reorderOptionsAsAdmin, updateOptionAsAdmin } from "./option-workflows.js";
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
export { getPrinters, printerForPanel, savePrinters } from "./printers.js";
export {
  createProductAsAdmin,
  removeProductPhotoAsAdmin,
  reorderProductsAsAdmin,
  setProductPhotoAsAdmin,
  setStockAsAdmin,
  updateProductAsAdmin,
} from "./product-workflows.js";
export { createRatesService, type RatesService } from "./rates.js";
export { saveShopPrices } from "./save-prices.js";
export { listShippingZones, replaceShippingZones, saveShippingZones } from "./shipping-zones.js";
export { loadShopPrices } from "./shop-prices.js";
export { consumeStock, OutOfStockError, releaseStock, reserveStock } from "./stock.js";
