/**
 * Texts of international checkout (issue 16): the checkout, success and track pages and the
 * server. Kept out of messages.ts, which is in the first load.
 */
export const INTERNATIONAL_MESSAGES = {
  /** Checkout: the chosen country is in no zone. */
  notDelivered: (country: string): string =>
    `We don't deliver to ${country} yet. Ask us and we'll see what we can do.`,
  askAboutCountry: "Ask about delivery",
  contactSubject: (country: string): string => `Delivery to ${country}`,
  countryLabel: "Country",
  countrySearch: "Search countries",
  noCountryMatch: "No country matches.",
  invalidPostalCode: (label: string, example: string | undefined): string =>
    `Please enter a valid ${label}${example ? ` (for example ${example})` : ""}.`,
  /** The server's answer when the client's shipping price is not the zone's. */
  shippingPriceChanged:
    "The delivery price for your country has changed. Please check the new price and try again.",
  arrives: (window: string): string => `Arrives ${window}`,
  estimatedDelivery: "Estimated delivery",
  dutiesCustomer:
    "Import duties and taxes may be charged by your country's customs on delivery; they are not included in our prices and are paid by you to the carrier.",
  dutiesShop: "Any import duties and taxes are paid by us: nothing more to pay on delivery.",
  noDuties: "No import duties or taxes to pay on delivery.",
  chargedInGbpShipping: (amount: string): string => `charged in GBP: ${amount}`,
} as const;
