/**
 * Delivery windows as dates (issue 16): the pure rules are src/shared/delivery-dates.ts; this
 * adds the shop's one calendar of bank holidays (issue 47): Northern Ireland's (where the shop
 * makes and posts its parcels) and Ireland's (its nearest customers' carriers stop on them), from
 * date-holidays, a maintained holiday data package, kept per year in memory. Every making and
 * delivery promise (checkout's window, the dispatch-by day, the carrier's window) uses it.
 */
import {
  type CalendarDay,
  calendarDayIn,
  carrierWindow,
  type DeliveryWindow,
  deliveryWindow,
  PRODUCTION_DAYS,
  SHOP_TIME_ZONE,
} from "@shared/delivery-dates";
import type { ShippingMethod } from "@shared/shipping";
import type { DayRange, ShippingZone } from "@shared/shipping-zones";
import Holidays from "date-holidays";

const calendars = [new Holidays("GB", "NIR"), new Holidays("IE")];
const byYear = new Map<number, CalendarDay[]>();

function holidaysOf(year: number): CalendarDay[] {
  let days = byYear.get(year);
  if (!days) {
    days = calendars.flatMap((calendar) =>
      calendar
        .getHolidays(year)
        .filter((h) => h.type === "public" || h.type === "bank")
        .map((h) => h.date.slice(0, 10)),
    );
    byYear.set(year, days);
  }
  return days;
}

const windows = new Map<string, DeliveryWindow>();
const holidaySets = new Map<number, ReadonlySet<CalendarDay>>();

/** Northern Ireland's and Ireland's bank holidays from the year of `from` to two years on. */
export function bankHolidays(from: CalendarDay): ReadonlySet<CalendarDay> {
  const year = Number(from.slice(0, 4));
  let set = holidaySets.get(year);
  if (!set) {
    set = new Set([...holidaysOf(year), ...holidaysOf(year + 1), ...holidaysOf(year + 2)]);
    holidaySets.set(year, set);
  }
  return set;
}

export function zoneDays(zone: ShippingZone, method: ShippingMethod) {
  return method === "express" ? zone.expressDays : zone.standardDays;
}

/**
 * The window promised for an order placed at `at`; `production` is the order's production days
 * (productionDaysFor: a colour order's are 2 longer).
 */
export function orderDeliveryWindow(
  zone: ShippingZone,
  method: ShippingMethod,
  at: Date,
  production: DayRange = PRODUCTION_DAYS,
): DeliveryWindow {
  const day = calendarDayIn(at, SHOP_TIME_ZONE);
  const delivery = zoneDays(zone, method);
  // The same few windows are asked for all day long (one per zone, method and production).
  const key = `${day}|${delivery.min}|${delivery.max}|${production.min}|${production.max}`;
  let window = windows.get(key);
  if (!window) {
    if (windows.size >= 1_000) windows.clear();
    window = deliveryWindow(day, delivery, bankHolidays(day), production);
    windows.set(key, window);
  }
  return window;
}

/** After dispatch: the carrier's days from the dispatch day. */
export function dispatchedDeliveryWindow(
  days: { min: number; max: number },
  dispatchedAt: Date,
): DeliveryWindow {
  const day = calendarDayIn(dispatchedAt, SHOP_TIME_ZONE);
  return carrierWindow(day, days, bankHolidays(day));
}
