/**
 * The making and delivery promises as the pages word them (issue 47 item 5), all from the one
 * calendar's figures (./delivery-dates: production working days, Monday to Friday less UK and
 * Irish bank holidays) and the shipping zones' days, so the home page, the about page, the
 * shipping page and the checkout's dates never disagree. No zod here: the home page loads it.
 */
import { PRODUCTION_DAYS } from "./delivery-dates";
import { EXPRESS_DELIVERY_DAYS, STANDARD_DELIVERY_DAYS } from "./shipping";

interface Days {
  readonly min: number;
  readonly max: number;
}

const range = (days: Days) => (days.min === days.max ? `${days.min}` : `${days.min}-${days.max}`);

/** "5-7" -> { min: 5, max: 7 }. */
function daysOf(text: string): Days {
  const [min = 0, max = min] = text.split("-").map(Number);
  return { min, max };
}

/** The UK's standard and express days as the spec states them: the UK zone's until the zones load. */
export const UK_SPEC_DAYS = {
  standard: daysOf(STANDARD_DELIVERY_DAYS),
  express: daysOf(EXPRESS_DELIVERY_DAYS),
};

/** "3-5": the production days every window counts (a colour order's are longer). */
export const PRODUCTION_DAYS_TEXT = range(PRODUCTION_DAYS);

export const DELIVERY_TEXTS = {
  /** The home page's workshop card. */
  madeWithin: `A small workshop, not a factory. Most orders are made and checked within ${PRODUCTION_DAYS_TEXT} business days.`,
  /** What a business day is, wherever dates are promised. */
  businessDays:
    "Business days are Monday to Friday, except bank holidays in the UK and Ireland: Saturdays and Sundays are not counted.",
  /** The shipping page's note on the checkout's dates. */
  checkoutAddsUp:
    "Delivery times start from dispatch, so add the processing time to the delivery time to see when your lightbox will arrive. Checkout does that sum for you and shows the dates your order should arrive between before you pay.",
  /**
   * The shipping page's UK and Ireland paragraph from the zones' own days: "Standard delivery
   * takes 5-7 business days to the UK and 5-7 to Ireland once dispatched; express takes 2-3 and 2-3."
   */
  ukAndIreland: (uk: { standard: Days; express: Days }, ireland: { standard: Days; express: Days } | null) =>
    ireland
      ? `Once dispatched, standard delivery takes ${range(uk.standard)} business days to the UK and ${range(ireland.standard)} to Ireland; express delivery takes ${range(uk.express)} business days to the UK and ${range(ireland.express)} to Ireland.`
      : `Once dispatched, standard delivery takes ${range(uk.standard)} business days in the UK and express delivery ${range(uk.express)}.`,
  remoteAddresses: "Addresses in the Highlands and islands can take a day or two longer.",
} as const;
