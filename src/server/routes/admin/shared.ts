/**
 * What every admin route shares: the signed-in admin (set by the guard in index.ts), the
 * audit actor built from it, and small query-string schemas.
 */
import { calendarDateSchema } from "@shared/schemas";
import { includeTestOrdersByDefault, type ShopPayments } from "@shared/test-orders";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { type AuditActor, OPERATION_CONTEXT } from "../../platform/index.js";
import type { SessionUser } from "../../session.js";

export interface AdminEnv {
  Variables: { admin: SessionUser };
}

/** Any admin handler's context (whatever its path and validated input). */
export interface AdminContext {
  get(key: "admin"): SessionUser;
  req: { header(name: string): string | undefined };
}

/**
 * The admin making this request, as the audit trail records them: by hand, unless the request
 * says it comes from the AI-assisted tooling (`X-Operation-Context: ai`, decision 052).
 */
export function actorOf(c: AdminContext): AuditActor {
  const admin = c.get("admin");
  const ai = c.req.header("x-operation-context")?.trim().toLowerCase() === OPERATION_CONTEXT;
  return {
    id: admin.id,
    email: admin.email,
    role: admin.role,
    userAgent: c.req.header("user-agent") ?? null,
    context: ai ? OPERATION_CONTEXT : "manual",
  };
}

/** "2025-03-01" (a calendar day in the UK), checked strictly: "2026-02-30" is refused. */
export const dayString = calendarDateSchema;

export const uuidParam = z.object({ id: z.uuid("Unknown order.") });

export const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
};

/** The admin's "Include test orders" switch as a query parameter (issue 30); absent: the shop's default. */
export const testOrdersQuery = z.object({ tests: z.enum(["on", "off"]).optional() });

/** Whether the shop takes real payments: the test payment page never does. */
export function shopPayments(ctx: AppContext): ShopPayments {
  return { livePayments: ctx.payments.kind !== "test", testShop: ctx.config.testShop };
}

/** The "Include test orders" switch's value for a request: `tests=on|off`, else the shop's default. */
export function includeTestOrders(ctx: AppContext, tests: "on" | "off" | undefined): boolean {
  return tests === undefined ? includeTestOrdersByDefault(shopPayments(ctx)) : tests === "on";
}
