/**
 * Fulfilment at the bench (issue 17 item 5): the carriers a parcel goes with and the tracking
 * link each builds from its number; the day an order must be dispatched by (its paid day plus
 * the production working days) and whether it is overdue.
 */
import { addWorkingDays, type CalendarDay, PRODUCTION_DAYS } from "./delivery-dates";
import type { DayRange } from "./shipping-zones";

export const CARRIERS = ["royal_mail", "an_post", "dpd", "evri", "other"] as const;
export type Carrier = (typeof CARRIERS)[number];

export const CARRIER_LABELS: Readonly<Record<Carrier, string>> = {
  royal_mail: "Royal Mail",
  an_post: "An Post",
  dpd: "DPD",
  evri: "Evri",
  other: "Other",
};

const TRACKING_URLS: Readonly<Record<Exclude<Carrier, "other">, (n: string) => string>> = {
  royal_mail: (n) => `https://www.royalmail.com/track-your-item#/tracking-results/${n}`,
  an_post: (n) => `https://www.anpost.com/Post-Parcels/Track/History?item=${n}`,
  dpd: (n) => `https://track.dpd.co.uk/parcels/${n}`,
  evri: (n) => `https://www.evri.com/track/parcel/${n}`,
};

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === "string" && (CARRIERS as readonly string[]).includes(value);
}

/**
 * The carrier's tracking page for this number, or null (no carrier, "other", or no number).
 * The number is trimmed and percent-encoded, so it can never change the link's host or path.
 */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined) {
  const number = trackingNumber?.trim();
  if (!number || !isCarrier(carrier) || carrier === "other") return null;
  return TRACKING_URLS[carrier](encodeURIComponent(number));
}

/** "Royal Mail", or null for an unknown or missing carrier. */
export function carrierLabel(carrier: string | null | undefined): string | null {
  return isCarrier(carrier) ? CARRIER_LABELS[carrier] : null;
}

/**
 * The carrier as the customer reads it: "Royal Mail", never "Other" (the owner's catch-all is
 * not a name, issue 30); null when there is none to name.
 */
export function carrierNameForCustomer(carrier: string | null | undefined): string | null {
  return carrier === "other" ? null : carrierLabel(carrier);
}

/** Statuses still waiting to leave the bench. */
export const AWAITING_DISPATCH: readonly string[] = ["paid", "processing", "printing"];

/**
 * The day an order paid on `paidDay` must be dispatched by: production's longest, in working days
 * (a colour order's production: productionDaysFor).
 */
export function dispatchByDay(
  paidDay: CalendarDay,
  holidays: ReadonlySet<CalendarDay>,
  production: DayRange = PRODUCTION_DAYS,
): CalendarDay {
  return addWorkingDays(paidDay, production.max, holidays);
}

/** Overdue: still on the bench after its dispatch-by day. */
export function isDispatchOverdue(
  status: string,
  dispatchBy: CalendarDay | null,
  today: CalendarDay,
): boolean {
  return dispatchBy !== null && AWAITING_DISPATCH.includes(status) && dispatchBy < today;
}
