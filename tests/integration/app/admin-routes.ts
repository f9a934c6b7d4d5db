import type { Hono } from "hono";

export interface AdminRoute {
  method: string;
  path: string;
}

/**
 * Every handler Hono registered under /api/admin, read from the real app's route list, so a
 * route added later is covered without touching a test. Middleware (`use`) is registered as
 * ALL on a wildcard path and is left aside; a handler registered with `all()` on a concrete
 * path is kept and tried as GET and as POST.
 */
export function adminRoutes(app: Hono): AdminRoute[] {
  const seen = new Set<string>();
  const routes: AdminRoute[] = [];
  const add = (method: string, path: string) => {
    const key = `${method} ${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    routes.push({ method, path });
  };
  for (const r of app.routes) {
    if (r.path !== "/api/admin" && !r.path.startsWith("/api/admin/")) continue;
    if (r.method === "ALL") {
      if (r.path.endsWith("*")) continue;
      add("GET", r.path);
      add("POST", r.path);
    } else {
      add(r.method, r.path);
    }
  }
  return routes;
}

/** The admin routes that change something: everything but GET and HEAD. */
export function mutatingAdminRoutes(app: Hono): AdminRoute[] {
  return adminRoutes(app).filter((r) => r.method !== "GET" && r.method !== "HEAD");
}
