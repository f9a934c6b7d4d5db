/**
 * The customer's proof, the owner's side (issue 32):
 *   GET /admin/settings/proofs                     the setting (on by default, 48 h window)
 *   PUT /admin/settings/proofs {enabled, windowHours}   change it (audit-logged)
 *   POST /admin/proofs/sweep {at}                  the auto-approval sweep run as if at `at`: only
 *                                                  outside production (the e2e test's clock); 404 there
 */
import { MAX_PROOF_WINDOW_HOURS, MIN_PROOF_WINDOW_HOURS } from "@shared/proofs";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import {
  autoApproveDueProofs,
  getProofSettings,
  queueReadyProofEmails,
  saveProofSettings,
} from "../../orders/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

const settingsBody = z.object({
  enabled: z.boolean(),
  windowHours: z.number().int().min(MIN_PROOF_WINDOW_HOURS).max(MAX_PROOF_WINDOW_HOURS),
});

export function adminProofRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/settings/proofs", async (c) => c.json(await getProofSettings(db), 200))
    .put("/settings/proofs", zValidator("json", settingsBody, validationHook), async (c) => {
      const settings = c.req.valid("json");
      await saveProofSettings(ctx, actorOf(c), settings);
      return c.json(await getProofSettings(db), 200);
    })
    .post(
      "/proofs/sweep",
      zValidator("json", z.object({ at: z.iso.datetime() }), validationHook),
      async (c) => {
        if (ctx.config.production) throw new HttpError(404, "not_found", "Not found.");
        // Proofs whose pictures exist are mailed first (their window starts now), as the sweep does.
        while ((await queueReadyProofEmails(ctx)) >= 50);
        let batch = 0;
        let total = 0;
        do {
          batch = await autoApproveDueProofs(ctx, new Date(c.req.valid("json").at));
          total += batch;
        } while (batch >= 50);
        return c.json({ swept: total }, 200);
      },
    );
}
