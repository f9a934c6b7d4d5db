/**
 * Discount codes on the server: looking a code up, counting its uses, reserving a use for a
 * new order (under a lock on the code's row, so two checkouts can never both take the last
 * use), counting it as used in the payment's transaction and releasing it when the order is
 * cancelled or expires. The rule itself is the shared evaluateDiscount.
 */
import {
  type DiscountKind,
  type DiscountLine,
  type DiscountResult,
  type DiscountRule,
  type DiscountScope,
  evaluateDiscount,
  normaliseDiscountCode,
} from "@shared/discounts";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { discountCodes, discountRedemptions, orders } from "../db/schema.js";

export type DiscountCodeRow = typeof discountCodes.$inferSelect;

/** Counted against the limits: reserved (pending order) and used (paid). */
const COUNTED = ["reserved", "used"] as const;

export function toRule(row: DiscountCodeRow): DiscountRule {
  return {
    code: row.code,
    kind: row.kind as DiscountKind,
    value: row.value,
    minSpendPence: row.minSpend,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    scope: row.scope as DiscountScope,
    paused: row.paused,
  };
}

export async function findDiscountCode(
  db: DbOrTx,
  code: string,
  opts: { lock?: boolean } = {},
): Promise<DiscountCodeRow | null> {
  const query = db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normaliseDiscountCode(code)))
    .limit(1);
  const [row] = await (opts.lock ? query.for("update") : query);
  return row ?? null;
}

export interface DiscountCustomer {
  userId: string | null;
  email: string | null;
}

/** Uses in all and by this customer (the account, or the e-mail for anyone). */
export async function discountUsage(db: DbOrTx, codeId: string, customer: DiscountCustomer) {
  const email = customer.email?.trim().toLowerCase() ?? null;
  const mine = or(
    customer.userId ? eq(discountRedemptions.userId, customer.userId) : undefined,
    email ? eq(discountRedemptions.email, email) : undefined,
  );
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      byCustomer: mine ? sql<number>`(count(*) filter (where ${mine}))::int` : sql<number>`0`,
    })
    .from(discountRedemptions)
    .where(and(eq(discountRedemptions.codeId, codeId), inArray(discountRedemptions.status, [...COUNTED])));
  return { total: row?.total ?? 0, byCustomer: Number(row?.byCustomer ?? 0) };
}

export interface EvaluatedCode {
  result: DiscountResult;
  row: DiscountCodeRow | null;
}

/** The code's result for these lines now (nothing written; `lock` inside a transaction). */
export async function evaluateCode(
  db: DbOrTx,
  code: string,
  lines: readonly DiscountLine[],
  customer: DiscountCustomer,
  opts: { lock?: boolean; now?: Date } = {},
): Promise<EvaluatedCode> {
  const row = await findDiscountCode(db, code, { lock: opts.lock ?? false });
  const usage = row ? await discountUsage(db, row.id, customer) : { total: 0, byCustomer: 0 };
  const result = evaluateDiscount(row ? toRule(row) : null, usage, lines, opts.now ?? new Date());
  return { result, row };
}

/** Records the reserved use of a pending order (in its creating transaction). */
export async function reserveDiscount(
  tx: Tx,
  input: { orderId: string; codeId: string; customer: DiscountCustomer; amountPence: number },
): Promise<void> {
  await tx.insert(discountRedemptions).values({
    orderId: input.orderId,
    codeId: input.codeId,
    userId: input.customer.userId,
    email: (input.customer.email ?? "").trim().toLowerCase(),
    amount: input.amountPence,
  });
}

/** reserved -> used (payment) or released (cancelled, expired). Nothing for orders without a code. */
export async function settleDiscount(tx: Tx, orderId: string, to: "used" | "released"): Promise<void> {
  await tx
    .update(discountRedemptions)
    .set({ status: to })
    .where(and(eq(discountRedemptions.orderId, orderId), eq(discountRedemptions.status, "reserved")));
}

// ---------------------------------------------------------------- admin

export interface AdminDiscountCode {
  id: string;
  code: string;
  kind: DiscountKind;
  value: number;
  minSpendPence: number | null;
  startsAt: string | null;
  endsAt: string | null;
  maxUses: number | null;
  maxUsesPerCustomer: number | null;
  scope: DiscountScope;
  paused: boolean;
  /** Paid orders that used it. */
  uses: number;
  /** Pending orders holding a use. */
  reserved: number;
  /** What those paid orders took off, and what they were charged in all (pence). */
  discountGivenPence: number;
  revenuePence: number;
  createdAt: string;
}

export async function listAdminDiscountCodes(db: DbOrTx): Promise<AdminDiscountCode[]> {
  const rows = await db
    .select({
      code: discountCodes,
      uses: sql<number>`count(${discountRedemptions.orderId}) filter (where ${discountRedemptions.status} = 'used')::int`,
      reserved: sql<number>`count(${discountRedemptions.orderId}) filter (where ${discountRedemptions.status} = 'reserved')::int`,
      given: sql<number>`coalesce(sum(${discountRedemptions.amount}) filter (where ${discountRedemptions.status} = 'used'), 0)::int`,
      revenue: sql<number>`coalesce(sum(${orders.totalAmount}) filter (where ${discountRedemptions.status} = 'used'), 0)::int`,
    })
    .from(discountCodes)
    .leftJoin(discountRedemptions, eq(discountRedemptions.codeId, discountCodes.id))
    .leftJoin(orders, eq(orders.id, discountRedemptions.orderId))
    .groupBy(discountCodes.id)
    .orderBy(desc(discountCodes.createdAt));
  return rows.map(({ code: r, uses, reserved, given, revenue }) => ({
    id: r.id,
    code: r.code,
    kind: r.kind as DiscountKind,
    value: r.value,
    minSpendPence: r.minSpend,
    startsAt: r.startsAt?.toISOString() ?? null,
    endsAt: r.endsAt?.toISOString() ?? null,
    maxUses: r.maxUses,
    maxUsesPerCustomer: r.maxUsesPerCustomer,
    scope: r.scope as DiscountScope,
    paused: r.paused,
    uses: Number(uses),
    reserved: Number(reserved),
    discountGivenPence: Number(given),
    revenuePence: Number(revenue),
    createdAt: r.createdAt.toISOString(),
  }));
}
