/** The admin's changes to discount codes (POST / PATCH /admin/discounts), each with its audit details. */
import type { DiscountCodeCreate, discountCodeUpdateSchema } from "@shared/admin-schemas";
import { eq } from "drizzle-orm";
import type { z } from "zod";
import type { DbOrTx, Tx } from "../db/client.js";
import { discountCodes } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import { type AuditedResult, defineAuditedWorkflow } from "../platform/index.js";

type DiscountCodeRow = typeof discountCodes.$inferSelect;
export type DiscountCodeUpdate = z.infer<typeof discountCodeUpdateSchema>;

const date = (v: string | null | undefined) => (v == null ? v : new Date(v));

/** 409 code_exists when a code of that name exists already. */
export async function assertDiscountCodeFree(db: DbOrTx, code: string): Promise<void> {
  const [exists] = await db
    .select({ id: discountCodes.id })
    .from(discountCodes)
    .where(eq(discountCodes.code, code));
  if (exists) throw new HttpError(409, "code_exists", `The code ${code} already exists.`);
}

/** Inside `audited`: inserts the code and answers it, with the row as the audit's new values. */
export async function createDiscountCode(
  tx: Tx,
  input: DiscountCodeCreate,
): Promise<AuditedResult<DiscountCodeRow>> {
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
}

/** Inside `audited`: pauses or resumes a code, or changes its end date and limits (404 when unknown). */
export async function updateDiscountCode(
  tx: Tx,
  id: string,
  input: DiscountCodeUpdate,
): Promise<AuditedResult<DiscountCodeRow | undefined>> {
  const [before] = await tx.select().from(discountCodes).where(eq(discountCodes.id, id)).for("update");
  if (!before) throw new HttpError(404, "not_found", "Unknown code.");
  const [after] = await tx
    .update(discountCodes)
    .set({
      ...(input.paused !== undefined ? { paused: input.paused } : {}),
      ...(input.endsAt !== undefined ? { endsAt: date(input.endsAt) ?? null } : {}),
      ...(input.maxUses !== undefined ? { maxUses: input.maxUses } : {}),
      ...(input.maxUsesPerCustomer !== undefined ? { maxUsesPerCustomer: input.maxUsesPerCustomer } : {}),
      updatedAt: new Date(),
    })
    .where(eq(discountCodes.id, id))
    .returning();
  return { result: after, audit: { oldValues: before, newValues: after } };
}

export const createDiscountCodeAsAdmin = defineAuditedWorkflow({
  entry: (input: DiscountCodeCreate) => ({
    actionType: "discount.create",
    tableName: "discount_codes",
    recordId: input.code,
    newValues: input,
  }),
  steps: (tx, input) => createDiscountCode(tx, input),
});

export const updateDiscountCodeAsAdmin = defineAuditedWorkflow({
  entry: ({ id, input }: { id: string; input: DiscountCodeUpdate }) => ({
    actionType: "discount.update",
    tableName: "discount_codes",
    recordId: id,
    newValues: input,
  }),
  steps: (tx, { id, input }) => updateDiscountCode(tx, id, input),
});
