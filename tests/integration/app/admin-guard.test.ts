/**
 * The admin guard on the server: EVERY route under /api/admin — enumerated from the Hono app
 * itself, so a route added later is covered without touching this file — answers 403 to an
 * anonymous caller, to a signed-in customer and to an admin who has not set up MFA, and
 * changes nothing. An admin with MFA gets through.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { userActivityLogs } from "../../../src/server/db/schema.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";
import { type AdminRoute, adminRoutes } from "./admin-routes.js";

let shop: TestShop;
let customer: TestUser;
let adminWithoutMfa: TestUser;
let admin: TestUser;

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

/** A concrete URL for a route pattern: every :param gets a plausible value. */
function concrete(path: string): string {
  return path.replace(/:([A-Za-z]+)(\{[^}]*\})?/g, (_m, name: string) =>
    name === "resource" ? "orders" : SAMPLE_ID,
  );
}

function call(route: AdminRoute, cookie?: string): Promise<Response> {
  const hasBody = !["GET", "HEAD"].includes(route.method);
  return shop.request(concrete(route.path), {
    method: route.method,
    ...(hasBody
      ? {
          json: {
            status: "dispatched",
            ids: [SAMPLE_ID],
            role: "admin",
            mode: "test",
            expectedCount: 0,
            days: 1,
          },
        }
      : {}),
    headers: cookie ? { cookie } : {},
  });
}

beforeAll(async () => {
  shop = await createTestShop();
  customer = await createUser(shop, { email: uniqueEmail("guard-customer") });
  adminWithoutMfa = await createUser(shop, { email: uniqueEmail("guard-nomfa"), role: "admin" });
  admin = await createUser(shop, { email: uniqueEmail("guard-admin"), role: "admin", mfa: true });
});
afterAll(async () => {
  await shop?.close();
});

describe("every /api/admin route", () => {
  it("is found by walking app.routes (the list covers each admin screen)", () => {
    const paths = adminRoutes(shop.app).map((r) => `${r.method} ${r.path}`);
    expect(paths.length).toBeGreaterThanOrEqual(20);
    for (const expected of [
      "GET /api/admin/dashboard",
      "GET /api/admin/orders",
      "POST /api/admin/orders/:id/status",
      "POST /api/admin/orders/bulk-status",
      "GET /api/admin/users",
      "POST /api/admin/users/:id/role",
      "POST /api/admin/users/:id/mfa-reset",
      "PATCH /api/admin/products/:id",
      "POST /api/admin/options",
      "GET /api/admin/analytics",
      "GET /api/admin/export/:resource",
      "PUT /api/admin/data/environment",
      "POST /api/admin/data/test-orders/purge",
      "POST /api/admin/data/orphan-uploads/purge",
      "GET /api/admin/activity",
      "GET /api/admin/orders/:id/print-jobs",
      "POST /api/admin/orders/:id/print-jobs",
      "GET /api/admin/orders/:id/print-jobs/:jobId/file",
      "POST /api/admin/orders/:id/print-jobs/:jobId/retry",
    ]) {
      expect(paths).toContain(expected);
    }
  });

  it("answers 403 to an anonymous caller (never 401)", async () => {
    for (const route of adminRoutes(shop.app)) {
      const res = await call(route);
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe("unauthenticated");
    }
  });

  it("answers 403 to an anonymous caller and a customer on a path no route serves (the guard runs first)", async () => {
    for (const cookie of [undefined, customer.cookie]) {
      for (const method of ["GET", "POST", "DELETE"]) {
        const res = await call({ method, path: "/api/admin/no-such-screen" }, cookie);
        expect(res.status, `${method} ${cookie ? "customer" : "anonymous"}`).toBe(403);
        await res.body?.cancel();
      }
    }
  });

  it("answers 403 to a signed-in customer", async () => {
    for (const route of adminRoutes(shop.app)) {
      const res = await call(route, customer.cookie);
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe("forbidden");
    }
  });

  it("answers 403 to an admin who has not set up MFA", async () => {
    for (const route of adminRoutes(shop.app)) {
      const res = await call(route, adminWithoutMfa.cookie);
      expect(res.status, `${route.method} ${route.path}`).toBe(403);
      expect(((await res.json()) as { error: string }).error).toBe("mfa_required");
    }
  });

  it("wrote no audit row and changed no setting for any refused call", async () => {
    const rows = await shop.ctx.database.db.select().from(userActivityLogs);
    expect(rows).toHaveLength(0);
    const mode = await shop.request("/api/admin/data/environment", { headers: { cookie: admin.cookie } });
    expect(await mode.json()).toEqual({ mode: "production" });
  });

  it("lets an admin with MFA through to every read (no 401/403, no server error), never cached", async () => {
    for (const route of adminRoutes(shop.app).filter((r) => r.method === "GET")) {
      const res = await call(route, admin.cookie);
      expect([401, 403], `${route.method} ${route.path}`).not.toContain(res.status);
      expect(res.status, `${route.method} ${route.path}`).toBeLessThan(500);
      expect(res.headers.get("cache-control"), route.path).toBe("no-store");
      await res.body?.cancel();
    }
  });
});
