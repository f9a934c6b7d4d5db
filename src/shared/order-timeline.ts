/**
 * The order's timeline as its customer reads it on the order page (issue 47 item 13): one line
 * per thing that happened, in plain words, oldest first and newest last, each with its moment in
 * the shop's format (formatShopMoment). Built from what the order recorded: its status history
 * (order_status_history, with the proof's and the customer's notes), its proof, its refunds.
 * Never the owner's internal notes: a line says what happened, not why the owner wrote it.
 */
import { carrierNameForCustomer } from "./fulfilment";
import { formatGbp } from "./money";
import { isOrderStatus, type OrderStatus } from "./orders";
import type { ProofState } from "./proofs";
import { formatShopMoment } from "./shop-dates";

/**
 * The notes the workflows write on the order's history that the customer's timeline reads (the
 * proof's crop change is written by the proof workflow; the address change and the customer's
 * cancellation by the self-service workflows).
 */
export const TIMELINE_NOTES = {
  cropChanged: "Proof: the customer changed the crop",
  addressChanged: "Delivery address changed by the customer",
  cancelledByCustomer: "Cancelled by the customer from the order page",
} as const;

export const TIMELINE_TEXTS = {
  heading: "What has happened so far",
  placed: "Order placed",
  paid: "Payment received: thank you!",
  proofReady: "Your proof was sent to you to check",
  cropChanged: "You changed the crop of a panel",
  proofApproved: "You approved your proof",
  proofAutoApproved: "Your proof was approved: the time to check it ended",
  processing: "We started preparing your order",
  printing: "Your panels are being printed",
  dispatched: "Dispatched",
  dispatchedWith: (carrier: string | null, number: string): string =>
    carrier
      ? `Dispatched with ${carrier}, tracking number ${number}`
      : `Dispatched, tracking number ${number}`,
  inTransit: "On its way to you",
  delivered: "Delivered",
  cancelledByYou: "You cancelled the order",
  cancelled: "Order cancelled",
  cancelledUnpaid: "Order cancelled: the payment was not completed",
  refund: (amount: string): string => `Refund of ${amount} issued`,
  refundedInFull: "Refunded in full",
  addressChanged: "You changed the delivery address",
} as const;

export type TimelineKind =
  | "placed"
  | "paid"
  | "proof_ready"
  | "crop_changed"
  | "proof_approved"
  | "processing"
  | "printing"
  | "dispatched"
  | "in_transit"
  | "delivered"
  | "cancelled"
  | "refund"
  | "refunded"
  | "address_changed";

export interface TimelineEntry {
  readonly kind: TimelineKind;
  /** ISO moment. */
  readonly at: string;
  /** "Wednesday 9 December, 3:22 am" (the shop's time). */
  readonly when: string;
  readonly text: string;
}

/** One row of order_status_history (from = to: a note on the order, not a move). */
export interface TimelineHistoryRow {
  readonly from: string | null;
  readonly to: string;
  readonly at: Date | string;
  /** order_status_history.changed_by: "user:…" / "guest" for the customer. */
  readonly by: string | null;
  readonly note: string | null;
}

export interface TimelineFacts {
  readonly placedAt: Date | string;
  readonly history: readonly TimelineHistoryRow[];
  /** The order's proof, when one was asked. */
  readonly proof: {
    readonly state: ProofState;
    readonly mailedAt: Date | string | null;
    readonly decidedAt: Date | string | null;
  } | null;
  readonly refunds: ReadonlyArray<{ readonly amount: number; readonly at: Date | string }>;
  readonly trackingNumber: string | null;
  readonly carrier: string | null;
}

function iso(at: Date | string): string {
  return (typeof at === "string" ? new Date(at) : at).toISOString();
}

const STATUS_TEXTS: Partial<Record<OrderStatus, string>> = {
  paid: TIMELINE_TEXTS.paid,
  processing: TIMELINE_TEXTS.processing,
  printing: TIMELINE_TEXTS.printing,
  in_transit: TIMELINE_TEXTS.inTransit,
  delivered: TIMELINE_TEXTS.delivered,
};

/** Whether order_status_history.changed_by names the customer (signed in or not). */
export function changedByCustomer(by: string | null): boolean {
  return by === "guest" || (by?.startsWith("user:") ?? false);
}

/** The order's timeline, oldest first (a stable order for things recorded in the same moment). */
export function orderTimeline(facts: TimelineFacts): TimelineEntry[] {
  const entries: Array<{ kind: TimelineKind; at: string; text: string }> = [];
  const add = (kind: TimelineKind, at: Date | string, text: string) =>
    entries.push({ kind, at: iso(at), text });
  add("placed", facts.placedAt, TIMELINE_TEXTS.placed);
  for (const row of facts.history) {
    const note = row.note ?? "";
    if (row.from === row.to) {
      if (note.startsWith(TIMELINE_NOTES.cropChanged))
        add("crop_changed", row.at, TIMELINE_TEXTS.cropChanged);
      else if (note.startsWith(TIMELINE_NOTES.addressChanged))
        add("address_changed", row.at, TIMELINE_TEXTS.addressChanged);
      continue;
    }
    if (!isOrderStatus(row.to) || row.to === "pending") continue;
    if (row.to === "dispatched") {
      add(
        "dispatched",
        row.at,
        facts.trackingNumber
          ? TIMELINE_TEXTS.dispatchedWith(carrierNameForCustomer(facts.carrier), facts.trackingNumber)
          : TIMELINE_TEXTS.dispatched,
      );
    } else if (row.to === "cancelled") {
      const text =
        row.from === "pending"
          ? TIMELINE_TEXTS.cancelledUnpaid
          : changedByCustomer(row.by) || note.includes(TIMELINE_NOTES.cancelledByCustomer)
            ? TIMELINE_TEXTS.cancelledByYou
            : TIMELINE_TEXTS.cancelled;
      add("cancelled", row.at, text);
    } else if (row.to === "refunded") {
      // The refunds' own lines say how much; "in full" only when none was recorded.
      if (facts.refunds.length === 0) add("refunded", row.at, TIMELINE_TEXTS.refundedInFull);
    } else {
      const text = STATUS_TEXTS[row.to];
      if (text) add(row.to, row.at, text);
    }
  }
  if (facts.proof?.mailedAt) add("proof_ready", facts.proof.mailedAt, TIMELINE_TEXTS.proofReady);
  if (facts.proof?.decidedAt && (facts.proof.state === "approved" || facts.proof.state === "auto_approved")) {
    add(
      "proof_approved",
      facts.proof.decidedAt,
      facts.proof.state === "approved" ? TIMELINE_TEXTS.proofApproved : TIMELINE_TEXTS.proofAutoApproved,
    );
  }
  for (const refund of facts.refunds)
    add("refund", refund.at, TIMELINE_TEXTS.refund(formatGbp(refund.amount)));
  return entries
    .map((entry, index) => ({ entry, index }))
    .sort((a, b) => a.entry.at.localeCompare(b.entry.at) || a.index - b.index)
    .map(({ entry }) => ({ ...entry, when: formatShopMoment(entry.at) }));
}
