import { type DeliveryWindow, formatDeliveryWindow, productionDaysForColour } from "@shared/delivery-dates";
import type { ShippingZone } from "@shared/shipping-zones";
import { Hono } from "hono";
import { listShippingZones, orderDeliveryWindow } from "../catalogue/index.js";
import type { AppContext } from "../context.js";

/** A zone as checkout shows it: prices, countries, and today's delivery windows as dates. */
type MethodWindows = Record<"standard" | "express", DeliveryWindow & { readonly text: string }>;

export interface PublicShippingZone extends ShippingZone {
  readonly windows: MethodWindows;
  /** The same for a cart holding a colour lithophane (production +2 days, issue 22). */
  readonly colourWindows: MethodWindows;
}

export interface ShippingZonesAnswer {
  readonly zones: PublicShippingZone[];
}

/**
 * GET /shipping/zones -> ShippingZonesAnswer: every zone (the countries checkout may deliver
 * to, their prices) and, per method, the window an order placed now would be promised. Never
 * cached: an admin's edit and the day's date apply at once.
 */
export function shippingRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono().get("/shipping/zones", async (c) => {
    const now = new Date();
    const zones = (await listShippingZones(db)).map((zone): PublicShippingZone => {
      const windowFor = (method: "standard" | "express", colour: boolean) => {
        const production = productionDaysForColour(colour);
        const window = orderDeliveryWindow(zone, method, now, production);
        return { ...window, text: formatDeliveryWindow(window) };
      };
      return {
        ...zone,
        windows: { standard: windowFor("standard", false), express: windowFor("express", false) },
        colourWindows: { standard: windowFor("standard", true), express: windowFor("express", true) },
      };
    });
    c.header("Cache-Control", "no-store");
    return c.json<ShippingZonesAnswer>({ zones }, 200);
  });
}
