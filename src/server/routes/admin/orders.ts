/**
 * Admin orders:
 *   GET  /admin/orders?q&status&from&to&mode&customer&sort&page&pageSize  the list (sort: newest | urgency)
 *   GET  /admin/orders/:id                                          the detail
 *   POST /admin/orders/:id/status {status, trackingNumber?, carrier?, note?}  change status (dispatch e-mail)
 *   POST /admin/orders/:id/notes {body}                              add an internal note
 *   POST /admin/orders/bulk-status {ids, status, note?, trackingNumbers?}  change many (each on its own)
 *
 * Dispatching sends the customer the dispatch e-mail with the tracking number, so a change to
 * dispatched needs a non-blank tracking number: `trackingNumber` for one order, and
 * `trackingNumbers[id]` for every order of a bulk change (400 otherwise, nothing changed).
 */

import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { CARRIERS } from "@shared/fulfilment";
import { ORDER_STATUSES } from "@shared/orders";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import {
  addOrderNoteAsAdmin,
  changeOrderStatusAsAdmin,
  changeOrderStatusesAsAdmin,
  getAdminOrder,
  listAdminOrders,
  panelCropPicture,
} from "../../orders/index.js";
import { type AdminEnv, actorOf, dayString, pageQuery } from "./shared.js";

const cropPreviewParams = z.object({
  id: z.uuid("Unknown order."),
  itemId: z.uuid("Unknown order line."),
  panel: z.coerce.number().int().min(0).max(20),
});

const listQuery = z.object({
  q: z.string().trim().max(200).optional(),
  status: z
    .enum(ORDER_STATUSES)
    .optional()
    .or(z.literal("").transform(() => undefined)),
  from: dayString.optional(),
  to: dayString.optional(),
  mode: z.enum(["all", "test", "live"]).default("all"),
  customer: z.enum(["all", "guest", "customer"]).default("all"),
  sort: z.enum(["newest", "urgency"]).default("newest"),
  ...pageQuery,
});

const idParam = z.object({ id: z.string().min(1).max(64) });

const trackingNumber = z.string().trim().max(100, "The tracking number is too long.");

const statusBody = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: "Choose a status." }),
    trackingNumber: trackingNumber.optional(),
    /** Who carries the parcel: with the number, the tracking link in the e-mail, account and /track. */
    carrier: z.enum(CARRIERS, { error: "Choose a carrier." }).optional(),
    note: z.string().trim().max(2000, "The note is too long.").optional(),
  })
  .superRefine((body, issues) => {
    if (body.status === "dispatched" && !body.trackingNumber) {
      issues.addIssue({
        code: "custom",
        path: ["trackingNumber"],
        message: ADMIN_MESSAGE_TEXTS.orders.trackingRequired,
      });
    }
  });

const noteBody = z.object({
  body: z
    .string()
    .trim()
    .min(1, "Please write a note.")
    .max(5000, "The note is too long (5,000 characters at most)."),
});

const bulkBody = z
  .object({
    ids: z
      .array(z.string().min(1).max(64))
      .min(1, "Select at least one order.")
      .max(200, "Select at most 200 orders."),
    status: z.enum(ORDER_STATUSES, { error: "Choose a status." }),
    note: z.string().trim().max(2000).optional(),
    /** Order id -> its tracking number; required for each order when dispatching. */
    trackingNumbers: z.record(z.string().min(1).max(64), trackingNumber).optional(),
    /** One carrier for every order dispatched together. */
    carrier: z.enum(CARRIERS, { error: "Choose a carrier." }).optional(),
  })
  .superRefine((body, issues) => {
    if (body.status !== "dispatched") return;
    for (const id of new Set(body.ids)) {
      if (!body.trackingNumbers?.[id]) {
        issues.addIssue({
          code: "custom",
          path: ["trackingNumbers", id],
          message: ADMIN_MESSAGE_TEXTS.orders.bulkTrackingRequired,
        });
      }
    }
  });

export function adminOrderRoutes(ctx: AppContext) {
  const db = ctx.database.db;

  return new Hono<AdminEnv>()
    .get("/orders", zValidator("query", listQuery, validationHook), async (c) => {
      return c.json(await listAdminOrders(db, c.req.valid("query")), 200);
    })

    .post("/orders/bulk-status", zValidator("json", bulkBody, validationHook), async (c) => {
      const { ids, ...change } = c.req.valid("json");
      const results = await changeOrderStatusesAsAdmin(ctx, actorOf(c), ids, change);
      const changed = results.filter((r) => r.ok).length;
      return c.json({ results, changed, failed: results.length - changed }, 200);
    })

    .get("/orders/:id", zValidator("param", idParam, validationHook), async (c) => {
      const order = await getAdminOrder(db, c.req.valid("param").id);
      if (!order) throw new HttpError(404, "order_not_found", "Order not found.");
      return c.json({ order }, 200);
    })

    .get(
      "/orders/:id/items/:itemId/panels/:panel/crop",
      zValidator("param", cropPreviewParams, validationHook),
      async (c) => {
        const { id, itemId, panel } = c.req.valid("param");
        const picture = await panelCropPicture(db, ctx.storage, id, itemId, panel);
        if (!picture)
          throw new HttpError(404, "crop_preview_not_found", "This panel's photo is no longer stored.");
        // The address carries the crop's version: a new crop is a new address.
        return c.body(picture.body, 200, {
          "Content-Type": picture.contentType,
          "Cache-Control": "private, max-age=3600",
        });
      },
    )

    .post(
      "/orders/:id/status",
      zValidator("param", idParam, validationHook),
      zValidator("json", statusBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const change = await changeOrderStatusAsAdmin(ctx, actorOf(c), id, c.req.valid("json"));
        const order = await getAdminOrder(db, id);
        return c.json(
          { changed: change.changed, emailed: change.changed && change.to === "dispatched", order },
          200,
        );
      },
    )

    .post(
      "/orders/:id/notes",
      zValidator("param", idParam, validationHook),
      zValidator("json", noteBody, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const note = await addOrderNoteAsAdmin(ctx, actorOf(c), id, c.req.valid("json").body);
        return c.json({ note }, 201);
      },
    );
}
