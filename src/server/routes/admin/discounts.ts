/**
 * Admin discount codes:
 *   GET   /admin/discounts        every code with its uses (paid), reserved (pending) uses,
 *                                 the discount given and the revenue of its paid orders
 *   POST  /admin/discounts        create (409 when the code exists)
 *   PATCH /admin/discounts/:id    pause / resume, end date, limits
 */

import { discountCodeCreateSchema, discountCodeUpdateSchema } from "@shared/admin-schemas";
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { listAdminDiscountCodes } from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { discountCodes } from "../../db/schema.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { audited } from "../../platform/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

const idParam = z.object({ id: z.uuid("Unknown code.") });
const date = (v: string | null | undefined) => (v == null ? v : new Date(v));

export function adminDiscountRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/discounts", async (c) => c.json({ codes: await listAdminDiscountCodes(db) }, 200))
    .post("/discounts", zValidator("json", discountCodeCreateSchema, validationHook), async (c) => {
      const input = c.req.valid("json");
      const [exists] = await db
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(eq(discountCodes.code, input.code));
      if (exists) throw new HttpError(409, "code_exists", `The code ${input.code} already exists.`);
      const row = await audited(
        db,
        actorOf(c),
        {
          actionType: "discount.create",
          tableName: "discount_codes",
          recordId: input.code,
          newValues: input,
        },
        async (tx) => {
          const [created] = await tx
            .insert(discountCodes)
            .values({
              code: input.code,
              kind: input.kind,
              value: input.kind === "free_shipping" ? 0 : input.value,
              minSpend: input.minSpendPence,
              startsAt: date(input.startsAt) ?? null,
              endsAt: date(input.endsAt) ?? null,
              maxUses: input.maxUses,
              maxUsesPerCustomer: input.maxUsesPerCustomer,
              scope: input.scope,
              paused: input.paused,
            })
            .returning();
          if (!created) throw new Error("discount code not created");
          return { result: created, audit: { recordId: created.id, newValues: created } };
        },
      );
      return c.json({ id: row.id, code: row.code }, 201);
    })
    .patch(
      "/discounts/:id",
      zValidator("param", idParam, validationHook),
      zValidator("json", discountCodeUpdateSchema, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const input = c.req.valid("json");
        await audited(
          db,
          actorOf(c),
          { actionType: "discount.update", tableName: "discount_codes", recordId: id, newValues: input },
          async (tx) => {
            const [before] = await tx
              .select()
              .from(discountCodes)
              .where(eq(discountCodes.id, id))
              .for("update");
            if (!before) throw new HttpError(404, "not_found", "Unknown code.");
            const [after] = await tx
              .update(discountCodes)
              .set({
                ...(input.paused !== undefined ? { paused: input.paused } : {}),
                ...(input.endsAt !== undefined ? { endsAt: date(input.endsAt) ?? null } : {}),
                ...(input.maxUses !== undefined ? { maxUses: input.maxUses } : {}),
                ...(input.maxUsesPerCustomer !== undefined
                  ? { maxUsesPerCustomer: input.maxUsesPerCustomer }
                  : {}),
                updatedAt: new Date(),
              })
              .where(eq(discountCodes.id, id))
              .returning();
            return { result: after, audit: { oldValues: before, newValues: after } };
          },
        );
        return c.json({ codes: await listAdminDiscountCodes(db) }, 200);
      },
    );
}
