/**
 * The customer's proof (issue 32 item 3): the order page's card and the e-mail's link.
 *   GET  /api/orders/:id/proof[?token=]        the proof of an order the asker may see (its checkout
 *                                              token, or the signed-in owner), with its signed token
 *   GET  /api/proofs?token                     the proof the e-mail's signed link names
 *   GET  /api/proofs/status?token              {version, state, open}, with an ETag (304 while the
 *                                              same): what the card polls (issue 44 item 3)
 *   GET  /api/proofs/picture?token&item&panel  a panel's picture: its twin (private storage), else
 *                                              its photo cut to its crop (the card's and the e-mail's)
 *   POST /api/proofs/approve {token, panels?}  Approve some panels, or all still open (409 when
 *                                              decided or after the window)
 *   POST /api/proofs/crop {token, itemId, panelIndex, cropPixels, crop}   Change one panel's crop:
 *                                              its print file is made again (at most 3 times a panel)
 * The signed token is the key and names one order: another order's link acts only on that order.
 * Limited per client with the proof's own limits and message, never checkout's: the status
 * (polled every few seconds by each open tab) has a limit of its own sized for a household's
 * tabs for the whole window; the rest share a second one.
 */
import { MAX_ADDITIONAL_IMAGES } from "@shared/cart-limits";
import {
  PROOF_STATUS_LIMIT_PER_MINUTE,
  PROOF_TEXTS,
  PROOF_VIEW_LIMIT_PER_MINUTE,
  proofCropSchema,
} from "@shared/proofs";
import { Hono } from "hono";
import { etag } from "hono/etag";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { createRateLimiter, rateLimit } from "../lib/rate-limit.js";
import { type ApiError, HttpError, validationHook, zValidator } from "../lib/validation.js";
import {
  approveOrderProof,
  CHANGED_BY,
  changeOrderProofCrop,
  isUuid,
  orderOfProofToken,
  orderVisibleTo,
  type ProofView,
  proofPicture,
  proofStatus,
  proofView,
} from "../orders/index.js";
import { getSessionUser } from "../session.js";

const token = z.string().min(1).max(300);
const panelIndex = z.number().int().min(0).max(MAX_ADDITIONAL_IMAGES);
const cropBody = proofCropSchema.extend({
  token,
  itemId: z.string().uuid(),
  panelIndex: panelIndex.default(0),
});
const approveBody = z.object({
  token,
  /** The panels approved; none: every panel still open ("Approve all"). */
  panels: z
    .array(z.object({ itemId: z.string().uuid(), panelIndex }))
    .max(50)
    .optional(),
});

export function proofRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  const limit = (name: string, perMinute: number) =>
    rateLimit(ctx, createRateLimiter({ name, store: ctx.rateLimits, limit: perMinute, windowMs: 60_000 }), {
      name,
      message: PROOF_TEXTS.tooManyRequests,
    });
  const limited = limit("proof", PROOF_VIEW_LIMIT_PER_MINUTE);
  const statusLimited = limit("proof-status", PROOF_STATUS_LIMIT_PER_MINUTE);
  const orderOf = (given: string): string => {
    const check = orderOfProofToken(ctx.config, given);
    if (!check.ok)
      throw new HttpError(
        check.reason === "expired" ? 410 : 404,
        `proof_link_${check.reason}`,
        check.reason === "expired" ? PROOF_TEXTS.expired : PROOF_TEXTS.invalid,
      );
    return check.orderId;
  };
  const view = async (orderId: string): Promise<ProofView> => {
    const proof = await proofView(db, { config: ctx.config, storage: ctx.storage }, orderId);
    if (!proof) throw new HttpError(404, "proof_not_found", PROOF_TEXTS.invalid);
    return proof;
  };

  return new Hono()
    .get(
      "/orders/:id/proof",
      limited,
      zValidator("query", z.object({ token: z.string().max(200).optional() }), validationHook),
      async (c) => {
        const id = c.req.param("id");
        c.header("Cache-Control", "private, no-store");
        const user = await getSessionUser(ctx, c);
        if (
          !isUuid(id) ||
          !(await orderVisibleTo(db, ctx.config.authSecret, id, { user, token: c.req.valid("query").token }))
        )
          return c.json<ApiError, 404>({ error: "not_found", message: "Order not found." }, 404);
        const proof = await proofView(db, { config: ctx.config, storage: ctx.storage }, id);
        return c.json({ proof }, 200);
      },
    )
    .get("/proofs", limited, zValidator("query", z.object({ token }), validationHook), async (c) => {
      c.header("Cache-Control", "no-store");
      return c.json({ proof: await view(orderOf(c.req.valid("query").token)) }, 200);
    })
    .get(
      "/proofs/status",
      statusLimited,
      etag(),
      zValidator("query", z.object({ token }), validationHook),
      async (c) => {
        const status = await proofStatus(db, orderOf(c.req.valid("query").token));
        if (!status) throw new HttpError(404, "proof_not_found", PROOF_TEXTS.invalid);
        // Asked again each time (no-cache), answered 304 by the ETag while nothing changed.
        c.header("Cache-Control", "private, no-cache");
        return c.json(status, 200);
      },
    )
    .get(
      "/proofs/picture",
      limited,
      zValidator(
        "query",
        z.object({
          token,
          item: z.string().uuid(),
          panel: z.coerce.number().int().min(0).max(MAX_ADDITIONAL_IMAGES),
          v: z.string().max(40).optional(),
        }),
        validationHook,
      ),
      async (c) => {
        const { token: given, item, panel } = c.req.valid("query");
        const picture = await proofPicture(db, ctx.storage, orderOf(given), item, panel);
        if (!picture) throw new HttpError(404, "proof_picture_not_found", "Picture not found.");
        return c.body(new Uint8Array(picture.body), 200, {
          "Content-Type": picture.contentType,
          // The URL names the picture's version (v): a new crop's picture has a new URL.
          "Cache-Control": "private, max-age=300",
          // Shown by the proof e-mail too: a webmail page loads it from its own origin.
          "Cross-Origin-Resource-Policy": "cross-origin",
        });
      },
    )
    .post("/proofs/approve", limited, zValidator("json", approveBody, validationHook), async (c) => {
      const { token: given, panels } = c.req.valid("json");
      const orderId = orderOf(given);
      await approveOrderProof(ctx, {
        orderId,
        by: CHANGED_BY.customer(null),
        ...(panels ? { panels: panels.map((p) => ({ itemId: p.itemId, panelIndex: p.panelIndex })) } : {}),
      });
      return c.json({ proof: await view(orderId) }, 200);
    })
    .post("/proofs/crop", limited, zValidator("json", cropBody, validationHook), async (c) => {
      const { token: given, ...input } = c.req.valid("json");
      const orderId = orderOf(given);
      await changeOrderProofCrop(ctx, { orderId, ...input, by: CHANGED_BY.customer(null) });
      return c.json({ proof: await view(orderId) }, 200);
    });
}
