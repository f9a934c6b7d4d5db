/**
 * Admin data management:
 *   GET  /admin/data/environment                         {mode}
 *   PUT  /admin/data/environment {mode}                  test | production (new orders follow it)
 *   GET  /admin/data/test-orders                         preview: count and list
 *   POST /admin/data/test-orders/purge {expectedCount}   delete them (the count must still match)
 *   GET  /admin/data/orphan-uploads?days=N               preview: images no cart or order uses
 *   POST /admin/data/orphan-uploads/purge {days, expectedCount}
 */

import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import {
  deleteStoredFiles,
  ENVIRONMENT_MODES,
  getEnvironmentMode,
  switchEnvironmentMode,
} from "../../platform/index.js";
import {
  previewOrphanUploads,
  previewTestOrders,
  purgeOrphanUploadsAsAdmin,
  purgeTestOrdersAsAdmin,
} from "../../reporting/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

export const DEFAULT_ORPHAN_DAYS = 30;

const modeBody = z.object({ mode: z.enum(ENVIRONMENT_MODES, { error: "Choose test or production." }) });
const days = z.coerce
  .number({ error: "Enter a number of days." })
  .int("Enter a whole number of days.")
  .min(1, "Enter at least 1 day.")
  .max(3650, "Enter at most 3650 days.");
const expectedCount = z.number().int().min(0);
const purgeTestBody = z.object({ expectedCount });
const orphanQuery = z.object({ days: days.default(DEFAULT_ORPHAN_DAYS) });
const purgeOrphanBody = z.object({ days, expectedCount });

export function adminDataRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const logFileError = (key: string, error: unknown) =>
    ctx.log.warn({ err: error, key }, "file could not be removed");

  return new Hono<AdminEnv>()
    .get("/data/environment", async (c) => c.json({ mode: await getEnvironmentMode(db, ctx.log) }, 200))

    .put("/data/environment", zValidator("json", modeBody, validationHook), async (c) => {
      const { mode } = c.req.valid("json");
      const result = await switchEnvironmentMode(ctx, actorOf(c), mode);
      ctx.log.info({ by: c.get("admin").id, mode }, "environment mode changed");
      return c.json(result, 200);
    })

    .get("/data/test-orders", async (c) => c.json(await previewTestOrders(db), 200))

    .post("/data/test-orders/purge", zValidator("json", purgeTestBody, validationHook), async (c) => {
      const { expectedCount: expected } = c.req.valid("json");
      const purged = await purgeTestOrdersAsAdmin(ctx, actorOf(c), expected);
      const files = await deleteStoredFiles(ctx.storage, purged.printFileKeys, logFileError);
      return c.json({ deleted: purged.ids.length, printFilesDeleted: files.deleted }, 200);
    })

    .get("/data/orphan-uploads", zValidator("query", orphanQuery, validationHook), async (c) => {
      const { days: n } = c.req.valid("query");
      return c.json(await previewOrphanUploads(db, ctx.storage, n), 200);
    })

    .post("/data/orphan-uploads/purge", zValidator("json", purgeOrphanBody, validationHook), async (c) => {
      const { days: n, expectedCount: expected } = c.req.valid("json");
      const purged = await purgeOrphanUploadsAsAdmin(ctx, actorOf(c), { days: n, expectedCount: expected });
      const files = await deleteStoredFiles(ctx.storage, purged.keys, logFileError);
      return c.json(
        { deleted: purged.ids.length, filesDeleted: files.deleted, filesFailed: files.failed },
        200,
      );
    });
}
