/** The anonymous funnel events the shop records (POST /api/events): the type and the time only. */
import type { AnalyticsEventType } from "@shared/admin-schemas";
import type { DbOrTx } from "../db/client.js";
import { analyticsEvents } from "../db/schema.js";

/** Stores one event of a known type; nothing about who sent it. */
export async function recordAnalyticsEvent(db: DbOrTx, type: AnalyticsEventType): Promise<void> {
  await db.insert(analyticsEvents).values({ eventType: type });
}
