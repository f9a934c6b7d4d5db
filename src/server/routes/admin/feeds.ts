/**
 * The product feed in the admin (issue 33 item 2, decision 333):
 *   GET /admin/feeds/google   the feed's address, how many items it lists, and what it leaves out and why
 */
import { FEED_EXCLUSION_TEXTS } from "@shared/google-feed";
import { Hono } from "hono";
import type { AppContext } from "../../context.js";
import { GOOGLE_FEED_URL, googleFeed } from "../../storefront/index.js";
import type { AdminEnv } from "./shared.js";

export function adminFeedRoutes(ctx: AppContext) {
  return new Hono<AdminEnv>().get("/feeds/google", async (c) => {
    const origin = ctx.config.publicUrl;
    const feed = await googleFeed(ctx.database.db, origin);
    return c.json(
      {
        url: GOOGLE_FEED_URL(origin),
        items: feed.items.map((i) => ({
          id: i.id,
          title: i.title,
          price: i.price,
          availability: i.availability,
        })),
        excluded: feed.excluded.map((e) => ({
          ...e,
          why: e.reasons.map((r) => FEED_EXCLUSION_TEXTS[r]),
        })),
      },
      200,
    );
  });
}
