import { calendarDayIn, productionDaysForColour } from "@shared/delivery-dates";
import { dispatchByDay } from "@shared/fulfilment";
import { bankHolidays } from "../catalogue/index.js";

/**
 * The day an order must leave by (paid day + production days, 2 more for a colour order), or
 * null while unpaid: the admin's orders and the print queue.
 */
export function orderDispatchBy(paidAt: Date | null, colour = false): string | null {
  if (!paidAt) return null;
  const paidDay = calendarDayIn(paidAt);
  const production = productionDaysForColour(colour);
  return dispatchByDay(paidDay, bankHolidays(paidDay), production);
}
