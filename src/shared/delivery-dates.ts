/**
 * The estimated delivery window as dates: the order's day in the shop's time zone
 * (Europe/London), plus production working days, plus the zone's delivery working days.
 *
 * One calendar of working days for every making and delivery promise (issue 47): Monday to
 * Friday, less the bank holidays given (the server reads Northern Ireland's and Ireland's from
 * date-holidays). A "business day" in the shop's texts is one of these; Saturdays and Sundays never
 * count (counting Saturdays promised a day that no workshop or tracked service works).
 *
 * Days are calendar dates ("2025-12-09"), so the arithmetic never meets a clock change.
 */
import { isProductKind, PRODUCT_TYPES } from "./product-types";
import { COLOUR_PROCESSING_ID } from "./product-types/lightbox";
import type { DayRange } from "./shipping-zones";

export const SHOP_TIME_ZONE = "Europe/London";
/** Production before dispatch: the spec's standard processing, 3-5 business days. */
export const PRODUCTION_DAYS: DayRange = { min: 3, max: 5 };

/** The creator's processing option that prints a colour panel (issue 22). */
export { COLOUR_PROCESSING_ID };
/**
 * A colour panel takes longer (issue 22): four filaments, a tool change per layer that holds
 * colour, and a slower print; production working days +2 at both ends (3-5 becomes 5-7, the
 * spec's "complex designs" processing).
 */
export const COLOUR_EXTRA_PRODUCTION_DAYS = 2;

/** True when a line's config asks for a colour print (its product type says). */
export function isColourConfig(config: unknown): boolean {
  if (typeof config !== "object" || config === null) return false;
  const kind = (config as { kind?: unknown }).kind;
  return isProductKind(kind) && PRODUCT_TYPES[kind].isColour(config as Record<string, unknown>);
}

/** An order's production days: +2 when any of its lines is a colour lithophane. */
export function productionDaysFor(configs: readonly unknown[]): DayRange {
  return productionDaysForColour(configs.some(isColourConfig));
}

/** An order's production days by whether it holds a colour print. */
export function productionDaysForColour(colour: boolean): DayRange {
  return colour
    ? {
        min: PRODUCTION_DAYS.min + COLOUR_EXTRA_PRODUCTION_DAYS,
        max: PRODUCTION_DAYS.max + COLOUR_EXTRA_PRODUCTION_DAYS,
      }
    : PRODUCTION_DAYS;
}

/** "YYYY-MM-DD". */
export type CalendarDay = string;

export interface DeliveryWindow {
  readonly earliest: CalendarDay;
  readonly latest: CalendarDay;
}

/**
 * Per time zone: its formatter (building an Intl.DateTimeFormat costs ~0.3 ms) and the last day
 * answered, for the quarter hour it was asked in (every zone's offset is a whole number of
 * quarter hours, so a day starts and ends on one): checkout asks for "today" on every order.
 */
const dayCaches = new Map<string, { format: Intl.DateTimeFormat; quarterHour: number; day: CalendarDay }>();
const QUARTER_HOUR_MS = 15 * 60 * 1000;

/** The calendar day it is at `instant` in `timeZone`. */
export function calendarDayIn(instant: Date, timeZone: string = SHOP_TIME_ZONE): CalendarDay {
  const quarterHour = Math.floor(instant.getTime() / QUARTER_HOUR_MS);
  let cache = dayCaches.get(timeZone);
  if (cache?.quarterHour === quarterHour) return cache.day;
  const format =
    cache?.format ??
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  const parts = format.formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  cache = { format, quarterHour, day: `${get("year")}-${get("month")}-${get("day")}` };
  dayCaches.set(timeZone, cache);
  return cache.day;
}

function toUtc(day: CalendarDay): Date {
  return new Date(`${day}T00:00:00Z`);
}

function fromUtc(date: Date): CalendarDay {
  return date.toISOString().slice(0, 10);
}

/** Monday to Friday and not a bank holiday. */
export function isWorkingDay(day: CalendarDay, holidays: ReadonlySet<CalendarDay>): boolean {
  const weekday = toUtc(day).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !holidays.has(day);
}

/** The day `count` working days after `start` (start itself not counted). */
export function addWorkingDays(
  start: CalendarDay,
  count: number,
  holidays: ReadonlySet<CalendarDay>,
): CalendarDay {
  const date = toUtc(start);
  let left = count;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (isWorkingDay(fromUtc(date), holidays)) left -= 1;
  }
  return fromUtc(date);
}

/** From the order day: production, then delivery. */
export function deliveryWindow(
  orderDay: CalendarDay,
  delivery: DayRange,
  holidays: ReadonlySet<CalendarDay>,
  production: DayRange = PRODUCTION_DAYS,
): DeliveryWindow {
  return {
    earliest: addWorkingDays(orderDay, production.min + delivery.min, holidays),
    latest: addWorkingDays(orderDay, production.max + delivery.max, holidays),
  };
}

/** After dispatch: the carrier's days only. */
export function carrierWindow(
  dispatchDay: CalendarDay,
  delivery: DayRange,
  holidays: ReadonlySet<CalendarDay>,
): DeliveryWindow {
  return deliveryWindow(dispatchDay, delivery, holidays, { min: 0, max: 0 });
}

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"] as const;

function parts(day: CalendarDay) {
  const date = toUtc(day);
  return {
    weekday: WEEKDAYS[date.getUTCDay()] ?? "",
    day: date.getUTCDate(),
    month: MONTHS[date.getUTCMonth()] ?? "",
    year: date.getUTCFullYear(),
  };
}

/** "Tue 9 – Fri 12 Dec", "Tue 30 Dec – Fri 2 Jan", or "Tue 9 Dec" for one day. */
export function formatDeliveryWindow(window: DeliveryWindow): string {
  const a = parts(window.earliest);
  const b = parts(window.latest);
  if (window.earliest === window.latest) return `${a.weekday} ${a.day} ${a.month}`;
  const first =
    a.month === b.month && a.year === b.year ? `${a.weekday} ${a.day}` : `${a.weekday} ${a.day} ${a.month}`;
  return `${first} – ${b.weekday} ${b.day} ${b.month}`;
}

/** An order's stored window as text, or null when the order has none (placed before issue 16). */
export function storedWindowText(earliest: CalendarDay | null, latest: CalendarDay | null): string | null {
  if (!earliest || !latest) return null;
  return formatDeliveryWindow({ earliest, latest });
}
