import { BRAND_NAME, PRODUCT_WORD } from "./brand";

/**
 * The user-visible texts the spec quotes (sections 2, 5 and 8), word for word, that every page
 * can show (navigation, cart, currency, the shop), and the toast helpers; the texts of screens
 * that load lazily are beside this file, one tree per area, so a page's first load carries only
 * its own: account-messages.ts (sign-in, MFA, the account), checkout-messages.ts (checkout,
 * validation, contact, tracking), creator-messages.ts (upload, creator, prices),
 * commerce-messages.ts, admin-messages.ts and the rest. The spec's wording is binding:
 * messages.test.ts pins a sample so nobody "fixes" it. Texts marked "designed" are ours, for
 * cases the spec leaves "not shown".
 */

/** A toast. The spec says toasts are destructive unless stated; success toasts are plainly not. */
export interface ToastMessage {
  readonly title: string;
  readonly description?: string;
  readonly variant: "default" | "destructive";
}

/** A title and description used for something other than a toast (inline errors, dialogs). */
export interface TitledText {
  readonly title: string;
  readonly description: string;
}

/** A toast whose description is known to be present. */
export interface DescribedToast extends ToastMessage {
  readonly description: string;
}

export function errorToast(title: string): ToastMessage;
export function errorToast(title: string, description: string): DescribedToast;
export function errorToast(title: string, description?: string): ToastMessage {
  return description === undefined
    ? { title, variant: "destructive" }
    : { title, description, variant: "destructive" };
}

export function successToast(title: string): ToastMessage;
export function successToast(title: string, description: string): DescribedToast;
export function successToast(title: string, description?: string): ToastMessage {
  return description === undefined
    ? { title, variant: "default" }
    : { title, description, variant: "default" };
}

/** "1 item", "2 items": the spec's "item(s)" notation, spelled out properly. */
export function pluralise(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}

export const MESSAGES = {
  common: {
    loading: "Loading...",
    error: "Error",
    unexpectedError: "An unexpected error occurred. Please try again.",
    comingSoon: "Coming Soon",
    /** Beside dimmed creator options. */
    comingSoonSuffix: "(Coming Soon)",
    notSelected: "Not selected",
    addToCart: "Add to Cart",
    total: "Total",
    back: "Back",
    cancel: "Cancel",
    edit: "Edit",
    remove: "Remove",
  },

  home: {
    createCta: `Create Your ${PRODUCT_WORD}`,
    learnMore: "Learn More",
    /** Shown only over approved customer reviews (issue 46); with none, no section at all. */
    reviewsHeading: "Kind words from our customers",
  },

  nav: {
    home: "Home",
    shop: "Shop",
    about: "About",
    faq: "FAQ",
    contact: "Contact",
    account: "Account",
    admin: "Admin",
    signIn: "Sign in",
    startCreating: "Start Creating",
  },

  notFound: {
    title: "Oops! We're a bit lost...",
    homeLink: "Take Me Home",
    documentTitle: "Page Not Found",
  },

  accessDenied: {
    title: "Access Denied",
    description: "You don't have permission to access this page.",
    hint: "Please contact an administrator if you believe this is an error.",
  },

  providers: {
    auth: "useAuth must be used within an AuthProvider",
    cart: "useCart must be used within a CartProvider",
    currency: "useCurrency must be used within a CurrencyProvider",
  },

  cart: {
    title: "Shopping Cart",
    /** The spec's text word for word, "(s)" included. */
    itemCount: (count: number): string => `${count} item(s) in your cart`,
    itemTitle: PRODUCT_WORD,
    /** The cart panel renders `${frameStyle} frame`. */
    frameSuffix: "frame",
    empty: "Your cart is empty",
    createLithophane: "Create a Lithophane",
    proceedToCheckout: "Proceed to Checkout",
    /** Under the total: the cart does not know the delivery country yet. */
    deliveryAtCheckout: "Delivery is priced for your country at checkout.",
    openCart: "Open cart",
    added: (bundleName: string): DescribedToast =>
      successToast("Added to cart!", `Your ${bundleName} has been added to your cart.`),
    accessoryAdded: (productName: string): DescribedToast =>
      successToast("Added to cart", `${productName} has been added to your cart.`),
    // The spec gives the two titles; the descriptions are designed.
    synced: successToast("Cart synced", "Your saved cart and this device's cart have been combined."),
    restored: successToast("Cart restored", "Your saved cart has been restored."),
  },

  currency: {
    promptTitle: "Switch Currency?",
    promptDescription:
      "We detected you're outside the UK. Would you like to see prices in your local currency?",
    keepGbp: "Keep GBP (£)",
    invalidRatesResponse: "Invalid response from exchange rate service",
  },

  products: {
    fetchFailed: errorToast("Error", "Failed to fetch products"),
    comingSoon: errorToast("Coming Soon", "This product is not yet available for purchase."),
    startCreating: "Start Creating",
    specifications: "Specifications",
    features: "Features",
    compatibility: "Compatibility",
  },

  brand: {
    name: BRAND_NAME,
  },

  // Issue 14: TEST_PAYMENTS=on, a test shop on purpose: no payment is real.
  testShop: {
    banner: "Test shop: payments here are not real, and nothing ordered here will be made or sent.",
    adminBadge: "Test shop",
  },
  // The sign-in answer when the account has no TOTP factor (the account screens have the rest of MFA).
  mfaSignIn: {
    noFactorsFound: "No MFA factors found",
  },

  // The admin order status change: dispatching always e-mails the customer a tracking number.
} as const;
