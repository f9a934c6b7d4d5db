/** The shop's name, from one place: titles, e-mails, the TOTP issuer and the copy all read it. */
export const BRAND_NAME = "Lithobox";
/** The product word used in calls to action ("Create Your Lithophane"). */
export const PRODUCT_WORD = "Lithophane";
export const SUPPORT_EMAIL = "hello@lithobox.co.uk";
