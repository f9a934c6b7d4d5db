/**
 * Date filters for the admin screens. The shop's business day is UK time: "2025-03-01" means
 * from midnight to midnight in Europe/London, whatever the server's own time zone.
 */
import { calendarDayIn, SHOP_TIME_ZONE } from "@shared/delivery-dates";
import { type AnyColumn, type SQL, sql } from "drizzle-orm";

export const BUSINESS_TIME_ZONE = SHOP_TIME_ZONE;

/** column >= start of `from` and column < start of the day after `to` (both UK days, optional). */
export function dayRangeConditions(column: AnyColumn | SQL, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(sql`${column} >= (${from}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`);
  if (to) conditions.push(sql`${column} < ((${to}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`);
  return conditions;
}

/** Today in the UK as "YYYY-MM-DD". */
export function ukToday(now: Date = new Date()): string {
  return calendarDayIn(now, BUSINESS_TIME_ZONE);
}
