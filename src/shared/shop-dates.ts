/**
 * Moments as a person reads them, in the shop's time (Northern Ireland): the one formatter for a
 * deadline or a decision shown to the customer or the owner (the proof's "until Wednesday 9
 * December, 3:22 am"), on the server, in e-mails and on the pages alike.
 */
import { SHOP_TIME_ZONE } from "./delivery-dates";

const parts = new Intl.DateTimeFormat("en-GB", {
  weekday: "long",
  day: "numeric",
  month: "long",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
  timeZone: SHOP_TIME_ZONE,
});

/** "Wednesday 9 December, 3:22 am" (noon is "12:00 pm", midnight "12:00 am"). */
export function formatShopMoment(at: Date | string): string {
  const date = typeof at === "string" ? new Date(at) : at;
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.formatToParts(date).find((p) => p.type === type)?.value ?? "";
  const hour = part("hour") === "0" ? "12" : part("hour");
  return `${part("weekday")} ${part("day")} ${part("month")}, ${hour}:${part("minute")} ${part("dayPeriod").toLowerCase()}`;
}
