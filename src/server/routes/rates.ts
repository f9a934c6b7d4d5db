import { Hono } from "hono";
import type { AppContext } from "../context.js";

/**
 * The spec's fetch-exchange-rates: rates per 1 GBP with the time they were fetched. Always
 * answers 200 with usable rates; `source: "fallback"` (and `success: false`) means the live
 * source could not be used and the spec's fixed rates are given.
 */
export function ratesRoutes(ctx: AppContext) {
  return new Hono().get("/rates", async (c) => {
    const answer = await ctx.rates.getRates();
    // Browsers keep rates 4 hours themselves; a short shared cache spares the server.
    c.header("Cache-Control", answer.source === "live" ? "public, max-age=600" : "public, max-age=60");
    return c.json(
      {
        success: answer.success,
        rates: { ...answer.rates },
        timestamp: answer.timestamp,
        source: answer.source,
      },
      200,
    );
  });
}
