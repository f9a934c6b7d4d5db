/**
 * Admin discount codes:
 *   GET   /admin/discounts        every code with its uses (paid), reserved (pending) uses,
 *                                 the discount given and the revenue of its paid orders
 *   POST  /admin/discounts        create (409 when the code exists)
 *   PATCH /admin/discounts/:id    pause / resume, end date, limits
 */

import { discountCodeCreateSchema, discountCodeUpdateSchema } from "@shared/admin-schemas";
import { Hono } from "hono";
import { z } from "zod";
import {
  assertDiscountCodeFree,
  createDiscountCodeAsAdmin,
  listAdminDiscountCodes,
  updateDiscountCodeAsAdmin,
} from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { type AdminEnv, actorOf } from "./shared.js";

const idParam = z.object({ id: z.uuid("Unknown code.") });

export function adminDiscountRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/discounts", async (c) => c.json({ codes: await listAdminDiscountCodes(db) }, 200))
    .post("/discounts", zValidator("json", discountCodeCreateSchema, validationHook), async (c) => {
      const input = c.req.valid("json");
      await assertDiscountCodeFree(db, input.code);
      const row = await createDiscountCodeAsAdmin(ctx, actorOf(c), input);
      return c.json({ id: row.id, code: row.code }, 201);
    })
    .patch(
      "/discounts/:id",
      zValidator("param", idParam, validationHook),
      zValidator("json", discountCodeUpdateSchema, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const input = c.req.valid("json");
        await updateDiscountCodeAsAdmin(ctx, actorOf(c), { id, input });
        return c.json({ codes: await listAdminDiscountCodes(db) }, 200);
      },
    );
}
