/**
 * What the customer may change on their own order (issue 47 item 14): while the proof window is
 * open and nothing is being made yet, they may cancel it (the full refund, through the refund
 * workflow) or change the delivery address within the same country (its shipping price stays
 * the one paid: a change that would price the delivery differently is refused, never charged or
 * refunded silently). The rules here; the server's workflows apply them under the order's lock.
 */
import type { z } from "zod";
import { type ProofState, proofOpen } from "./proofs";
import { billingAddressSchema } from "./schemas";

/** Why the customer can no longer change the order themselves. */
export type SelfServiceRefusal = "not_paid" | "ended" | "making" | "no_proof" | "window_over";

/**
 * Null when the customer may still cancel or change the address: the order is paid and nothing
 * more (the workshop has not started it: processing, printing and beyond refuse), and its proof
 * waits for the customer within its window (approved, auto-approved or past its time refuses).
 */
export function selfServiceRefusal(
  status: string,
  proof: { readonly state: ProofState; readonly dueAt: Date } | null,
  now: Date,
): SelfServiceRefusal | null {
  if (status === "pending") return "not_paid";
  if (status === "cancelled" || status === "refunded") return "ended";
  if (status !== "paid") return "making";
  if (!proof) return "no_proof";
  if (!proofOpen(proof, now)) return "window_over";
  return null;
}

/**
 * The new delivery address: checkout's address rules (the same zod schema's fields and the
 * country's own region and postal-code rules); the output's country is its ISO code.
 */
export const deliveryAddressChangeSchema = billingAddressSchema;
export type DeliveryAddressChange = z.infer<typeof deliveryAddressChangeSchema>;
export type DeliveryAddressChangeInput = z.input<typeof deliveryAddressChangeSchema>;

/**
 * A new address in another country could be in another shipping zone at another price, so it
 * is refused (the customer writes to the shop instead); within the country the price is the same.
 */
export function addressChangeRefusal(
  orderCountryCode: string,
  newCountryCode: string,
): "other_country" | null {
  return orderCountryCode.toUpperCase() === newCountryCode.toUpperCase() ? null : "other_country";
}

/** The order page's self-service texts (a lazily loaded page: kept here, not in messages.ts). */
export const SELF_SERVICE_TEXTS = {
  heading: "Changed your mind?",
  until: (deadline: string): string =>
    `Until ${deadline}, while your proof waits for you, you can cancel this order for a full refund or change where it goes.`,
  cancel: "Cancel order",
  cancelTitle: "Cancel this order?",
  cancelBody: (amount: string): string =>
    `We will refund ${amount}, everything you paid, to your card, and nothing will be made. This cannot be undone.`,
  cancelConfirm: "Yes, cancel and refund",
  cancelKeep: "Keep my order",
  cancelling: "Cancelling…",
  cancelled: "Your order is cancelled and refunded.",
  changeAddress: "Change delivery address",
  addressTitle: "Change the delivery address",
  addressSameCountry: (country: string): string =>
    `The new address must be in ${country}: the delivery price you paid stays the same.`,
  addressSave: "Save the new address",
  addressSaving: "Saving…",
  addressSaved: "The delivery address is changed.",
  addressCancel: "Keep the address",
  refusals: {
    not_paid: "This order has not been paid, so there is nothing to cancel or change here.",
    ended: "This order is already cancelled or refunded.",
    making:
      "We have already started making this order, so it can no longer be changed here. Please write to us.",
    no_proof:
      "This order can no longer be changed here: we have started on it. Please write to us and we will help.",
    window_over:
      "The time to change this order has ended: its proof is approved and it is on its way to the printer. Please write to us.",
    other_country:
      "We can only move the delivery within the same country here, as the shipping price depends on the country. Please write to us to send it abroad.",
  } satisfies Record<SelfServiceRefusal | "other_country", string>,
  /** The refund e-mail's words to the customer (refund-order.ts adds the amount and timing). */
  refundMessage: "You cancelled your order from its page: nothing will be made.",
  ownerCancelSubject: (number: string, amount: string): string =>
    `Order #${number} cancelled by the customer: ${amount} refunded`,
  ownerCancelBody: (name: string, number: string, amount: string): string =>
    `${name} cancelled order #${number} from its page while the proof waited; ${amount} was refunded in full. Do not print it.`,
  ownerAddressSubject: (number: string): string =>
    `Order #${number}: the customer changed the delivery address`,
  ownerAddressBody: (name: string, number: string, address: string): string =>
    `${name} changed the delivery address of order #${number} to: ${address}.`,
  tooManyRequests: "Too many changes at once. Please wait a minute and try again.",
} as const;
