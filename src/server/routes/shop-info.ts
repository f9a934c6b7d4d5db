import { Hono } from "hono";
import type { AppContext } from "../context.js";

/**
 * GET /shop-info -> { testShop }: what every page needs to know about the shop itself. A test
 * shop (TEST_PAYMENTS=on) shows a banner on every page and in the admin header.
 */
export function shopInfoRoutes(ctx: AppContext) {
  return new Hono().get("/shop-info", (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json({ testShop: ctx.config.testShop }, 200);
  });
}
