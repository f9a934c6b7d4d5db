/** The checkout's calls: shipping zones (also read by the shipping policy page and the admin) and the checkout session and its status. */
export {
  type CheckoutCreated,
  CheckoutError,
  type CheckoutInput,
  type CheckoutStatus,
  checkoutQueries,
  createCheckout,
  fetchCheckoutStatus,
  type RefusedItem,
} from "./checkout";
export {
  fetchShippingZones,
  type PublicShippingZone,
  shippingQueryKeys,
  shippingZonesQuery,
} from "./shipping";
