/**
 * Gifting and a separate billing address (issue 20 item 4): the checkout's fields, the admin
 * order view, the packing slip and the confirmation e-mail say the same words. Kept out of
 * MESSAGES: checkout is a lazy chunk, and the first load has no room for texts it never shows.
 */
import { GIFT_MESSAGE_MAX_LENGTH } from "./schemas";

export const GIFT_TEXTS = {
  checkoutTitle: "Gift and billing",
  isGift: "This order is a gift",
  isGiftHint: "We leave the prices off the packing slip and can add your message.",
  recipientName: "Recipient's name",
  recipientNameHint: "The name on the parcel. Your name stays on the order and the e-mails.",
  message: "Gift message",
  messageHint: `Optional, up to ${GIFT_MESSAGE_MAX_LENGTH} characters. Printed on the packing slip.`,
  charactersLeft: (left: number): string => `${left} characters left`,
  billingDifferent: "Send to a different address than billing",
  billingDifferentHint: "The address above is where we deliver. Add the address your card is billed to.",
  billingTitle: "Billing address",
  billingCountry: "Billing country",
  // Admin order view, packing slip and e-mail.
  giftHeading: "Gift",
  giftFor: (name: string): string => `A gift for ${name}`,
  boughtBy: (name: string): string => `Bought by ${name}`,
  messageHeading: "Gift message",
  noMessage: "No message.",
  slipNoPrices: "A gift: no prices are shown on this slip.",
  emailGiftNote: (name: string): string =>
    `This order is a gift for ${name}: the packing slip in the parcel shows no prices.`,
  sameAsDelivery: "Same as the delivery address.",
} as const;
