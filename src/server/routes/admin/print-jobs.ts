/**
 * Admin print files (fulfilment/print-jobs/), behind the admin guard (role admin + MFA):
 *   GET  /admin/orders/:id/print-jobs                 the order's jobs: status, progress, error, bytes
 *   GET  /admin/orders/:id/print-jobs/:jobId/file     download a finished 3MF (audit-logged)
 *   POST /admin/orders/:id/print-jobs                 queue a paid order's missing files (audit-logged):
 *                                                     test orders get none until an admin asks
 *   POST /admin/orders/:id/print-jobs/:jobId/retry    failed -> pending again (audit-logged)
 *   GET  /admin/orders/:id/print-jobs/:jobId/twin/:which   the twin's or the preview's picture (issue 32)
 *   POST /admin/orders/:id/print-jobs/:jobId/accept   a file held by its twin printed anyway (audit-logged)
 *   GET  /admin/print-queue[?tests=on|off]           every panel of the paid orders not yet dispatched,
 *                                                     by stage (issue 47 item 10)
 * Print files are never served by the public media route; this is the only way to them.
 */

import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import {
  acceptHeldPrintJobAsAdmin,
  generatePrintJobsAsAdmin,
  listPrintJobs,
  listPrintQueue,
  type OrderPrintJobs,
  printFileForDownload,
  retryPrintJobAsAdmin,
  twinPictureKey,
} from "../../fulfilment/index.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { withAudit } from "../../platform/index.js";
import { type AdminEnv, actorOf, includeTestOrders, testOrdersQuery } from "./shared.js";

const orderParam = z.object({ id: z.uuid("Unknown order.") });
const jobParams = z.object({ id: z.uuid("Unknown order."), jobId: z.uuid("Unknown print file.") });

export function adminPrintJobRoutes(ctx: AppContext) {
  const db = ctx.database.db;

  async function printFilesOf(orderId: string): Promise<OrderPrintJobs> {
    const printFiles = await listPrintJobs(db, orderId);
    if (!printFiles) throw new HttpError(404, "order_not_found", "Order not found.");
    return printFiles;
  }

  return new Hono<AdminEnv>()
    .get("/print-queue", zValidator("query", testOrdersQuery, validationHook), async (c) =>
      c.json(
        await listPrintQueue(db, { includeTest: includeTestOrders(ctx, c.req.valid("query").tests) }),
        200,
      ),
    )

    .get("/orders/:id/print-jobs", zValidator("param", orderParam, validationHook), async (c) => {
      return c.json({ printFiles: await printFilesOf(c.req.valid("param").id) }, 200);
    })

    .post("/orders/:id/print-jobs", zValidator("param", orderParam, validationHook), async (c) => {
      const { id } = c.req.valid("param");
      await generatePrintJobsAsAdmin(ctx, actorOf(c), id);
      return c.json({ printFiles: await printFilesOf(id) }, 200);
    })

    .get("/orders/:id/print-jobs/:jobId/file", zValidator("param", jobParams, validationHook), async (c) => {
      const { id, jobId } = c.req.valid("param");
      const found = await printFileForDownload(db, id, jobId);
      if (!found) throw new HttpError(404, "print_file_not_found", ADMIN_MESSAGE_TEXTS.printFiles.notFound);
      const file = await ctx.storage.open(found.fileKey);
      if (!file) throw new HttpError(404, "print_file_missing", ADMIN_MESSAGE_TEXTS.printFiles.fileMissing);
      await withAudit(db, actorOf(c), {
        actionType: "print_file.download",
        tableName: "print_jobs",
        recordId: jobId,
        newValues: { orderId: id, fileName: found.fileName },
      });
      c.header("Content-Type", "model/3mf");
      if (file.size !== undefined) c.header("Content-Length", String(file.size));
      c.header("Content-Disposition", `attachment; filename="${found.fileName}"`);
      c.header("X-Content-Type-Options", "nosniff");
      return c.body(file.stream, 200);
    })

    .post(
      "/orders/:id/print-jobs/:jobId/retry",
      zValidator("param", jobParams, validationHook),
      async (c) => {
        const { id, jobId } = c.req.valid("param");
        await retryPrintJobAsAdmin(ctx, actorOf(c), { orderId: id, jobId });
        return c.json({ printFiles: await printFilesOf(id) }, 200);
      },
    )

    .get(
      "/orders/:id/print-jobs/:jobId/twin/:which",
      zValidator("param", jobParams.extend({ which: z.enum(["twin", "preview"]) }), validationHook),
      async (c) => {
        const { id, jobId, which } = c.req.valid("param");
        const key = await twinPictureKey(db, id, jobId, which);
        const file = key ? await ctx.storage.get(key) : null;
        if (!file)
          throw new HttpError(404, "twin_picture_not_found", ADMIN_MESSAGE_TEXTS.printFiles.notFound);
        return c.body(new Uint8Array(file.body), 200, {
          "Content-Type": "image/png",
          "Cache-Control": "private, no-store",
        });
      },
    )

    .post(
      "/orders/:id/print-jobs/:jobId/accept",
      zValidator("param", jobParams, validationHook),
      async (c) => {
        const { id, jobId } = c.req.valid("param");
        await acceptHeldPrintJobAsAdmin(ctx, actorOf(c), { orderId: id, jobId });
        return c.json({ printFiles: await printFilesOf(id) }, 200);
      },
    );
}
