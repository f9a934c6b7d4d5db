import { Hono } from "hono";
import { etag } from "hono/etag";
import type { AppContext } from "../context.js";
import { listShopProducts, loadCreatorOptions } from "../services/catalog.js";

/**
 * The shop's catalogue. Answers are revalidated on every use (no-cache + ETag): the creator
 * refetches options every 30 seconds and an admin's edit must show within that interval.
 */
export function catalogRoutes(ctx: AppContext) {
  return new Hono()
    .use("/catalog/*", etag())
    .use("/catalog/*", async (c, next) => {
      await next();
      if (c.res.ok) c.header("Cache-Control", "no-cache");
    })
    .get("/catalog/products", async (c) => {
      const products = await listShopProducts(ctx.database.db);
      return c.json({ products }, 200);
    })
    .get("/catalog/options", async (c) => {
      const { grouped, source } = await loadCreatorOptions(ctx.database.db);
      return c.json({ options: grouped, source }, 200);
    });
}
