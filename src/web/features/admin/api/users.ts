import type { AdminUserRow } from "@server/accounts/admin-users";
import { api, ok } from "@web/lib/http/client";
import { query } from "./query-string";

// ---------------------------------------------------------------------------- users

export interface UserFilters {
  q?: string;
  role?: "all" | "admin" | "user";
  mfa?: "all" | "on" | "off";
  page?: number;
  pageSize?: number;
}

export interface AdminUserList {
  users: AdminUserRow[];
  total: number;
  page: number;
  pageSize: number;
  adminCount: number;
}

export function fetchUsers(filters: UserFilters) {
  return ok(api.admin.users.$get({ query: query(filters) }));
}

export function setUserRole(
  id: string,
  role: "admin" | "user",
): Promise<{ changed: boolean; message: string }> {
  return ok(api.admin.users[":id"].role.$post({ param: { id }, json: { role } }));
}

export function resetUserMfa(id: string): Promise<{ email: string; factorsRemoved: number }> {
  return ok(api.admin.users[":id"]["mfa-reset"].$post({ param: { id } }));
}
