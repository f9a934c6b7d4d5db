import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import {
  type AdminUserRow,
  adminQueries,
  resetUserMfa,
  setUserRole,
  type UserFilters,
} from "@web/features/admin/api";
import { Search } from "lucide-react";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { useAuth } from "../auth";
import {
  AdminHeading,
  AdminTable,
  ConfirmDialog,
  FilterInput,
  FilterSelect,
  formatDay,
  LoadError,
  Loading,
  Pagination,
  td,
  useAdminTitle,
} from "./ui";

type PendingAction = { kind: "grant" | "revoke" | "mfa"; user: AdminUserRow } | null;

export function UsersPage() {
  useAdminTitle("Users");
  const auth = useAuth();
  const myId = auth.me?.user.id;
  const [params, setParams] = useSearchParams();
  const filters: UserFilters = {
    q: params.get("q") ?? "",
    role: (params.get("role") as UserFilters["role"]) || "all",
    mfa: (params.get("mfa") as UserFilters["mfa"]) || "all",
    page: Number(params.get("page")) || 1,
    pageSize: 25,
  };
  const [search, setSearch] = useState(filters.q ?? "");
  const [pending, setPending] = useState<PendingAction>(null);
  const queryClient = useQueryClient();
  const q = useQuery(adminQueries.users(filters));

  const setFilter = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value && value !== "all") next.set(key, value);
    else next.delete(key);
    if (key !== "page") next.delete("page");
    setParams(next, { replace: true });
  };

  const action = useMutation({
    mutationFn: async (p: NonNullable<PendingAction>) => {
      if (p.kind === "mfa") {
        const r = await resetUserMfa(p.user.id);
        return `${r.email} must set up MFA again at their next sign-in.`;
      }
      return (await setUserRole(p.user.id, p.kind === "grant" ? "admin" : "user")).message;
    },
    onSuccess: (message, p) => {
      setPending(null);
      toast.success(p.kind === "mfa" ? "MFA reset" : "Role changed", { description: message });
      void queryClient.invalidateQueries({ queryKey: adminQueries.userLists() });
      if (p.user.id === myId) void auth.refresh();
    },
    onError: (error) => toast.error("Not changed", { description: error.message }),
  });

  const onlyAdmin = (q.data?.adminCount ?? 0) <= 1;

  return (
    <>
      <AdminHeading
        title="Users"
        intro="Accounts, their role, MFA state and orders. Administrators must set up MFA before they can use the admin area."
      />
      <Card className="mb-4 p-4">
        <form
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            setFilter("q", search.trim());
          }}
          className="flex flex-wrap items-end gap-3"
        >
          <FilterInput
            className="min-w-56 flex-1"
            label="Search users"
            type="search"
            value={search}
            onChange={setSearch}
            placeholder="E-mail or name"
          />
          <FilterSelect label="Role" value={filters.role ?? "all"} onChange={(v) => setFilter("role", v)}>
            <option value="all">Any role</option>
            <option value="admin">Administrators</option>
            <option value="user">Customers</option>
          </FilterSelect>
          <FilterSelect label="MFA" value={filters.mfa ?? "all"} onChange={(v) => setFilter("mfa", v)}>
            <option value="all">Any</option>
            <option value="on">MFA on</option>
            <option value="off">MFA off</option>
          </FilterSelect>
          <Button type="submit">
            <Search aria-hidden="true" className="h-4 w-4" /> Search
          </Button>
        </form>
      </Card>

      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data ? (
        <>
          <AdminTable
            label="Users"
            caption="Users"
            minWidth="min-w-[820px]"
            columns={[
              "User",
              "Role",
              "MFA",
              { key: "orders", label: "Orders", align: "right" },
              "Joined",
              { key: "actions", label: <span className="sr-only">Actions</span> },
            ]}
            empty={q.data.users.length === 0 ? "No users match." : undefined}
          >
            {q.data.users.map((u) => (
              <tr key={u.id}>
                <td className={td}>
                  <span className="block font-medium">
                    {u.name}
                    {u.id === myId ? " (you)" : ""}
                  </span>
                  <span className="block break-all text-stone-700">{u.email}</span>
                  {!u.emailVerified ? (
                    <span className="block text-xs text-orange-900">E-mail not verified</span>
                  ) : null}
                </td>
                <td className={td}>
                  <Badge tone={u.role === "admin" ? "glow" : "neutral"}>
                    {u.role === "admin" ? "Admin" : "Customer"}
                  </Badge>
                </td>
                <td className={td}>
                  <Badge tone={u.mfaEnabled ? "success" : u.role === "admin" ? "danger" : "neutral"}>
                    {u.mfaEnabled ? "On" : u.role === "admin" ? "Off: needs set-up" : "Off"}
                  </Badge>
                </td>
                <td className={`${td} text-right tabular-nums`}>{u.orderCount}</td>
                <td className={`${td} whitespace-nowrap`}>{formatDay(u.createdAt)}</td>
                <td className={td}>
                  <div className="flex flex-wrap justify-end gap-2">
                    {u.role === "admin" ? (
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={onlyAdmin}
                        title={onlyAdmin ? "The shop needs at least one administrator." : undefined}
                        onClick={() => setPending({ kind: "revoke", user: u })}
                      >
                        Revoke admin<span className="sr-only"> from {u.email}</span>
                      </Button>
                    ) : (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => setPending({ kind: "grant", user: u })}
                      >
                        Make admin<span className="sr-only"> {u.email}</span>
                      </Button>
                    )}
                    {u.mfaEnabled ? (
                      <Button variant="ghost" size="sm" onClick={() => setPending({ kind: "mfa", user: u })}>
                        Reset MFA<span className="sr-only"> of {u.email}</span>
                      </Button>
                    ) : null}
                  </div>
                </td>
              </tr>
            ))}
          </AdminTable>
          {onlyAdmin ? (
            <p className="mt-2 text-sm text-stone-700">
              You are the only administrator, so the role cannot be revoked.
            </p>
          ) : null}
          <Pagination
            label="Users"
            page={q.data.page}
            pageSize={q.data.pageSize}
            total={q.data.total}
            onPage={(p) => setFilter("page", String(p))}
          />
        </>
      ) : null}

      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={
          pending?.kind === "grant"
            ? "Make this account an administrator?"
            : pending?.kind === "revoke"
              ? "Revoke administrator?"
              : "Reset this user's MFA?"
        }
        description={
          pending
            ? pending.kind === "grant"
              ? `${pending.user.email} will be able to see every order and customer. They must set up MFA before they can use the admin area.`
              : pending.kind === "revoke"
                ? `${pending.user.email} will become a customer and lose access to the admin area${pending.user.id === myId ? " (this is you)" : ""}.`
                : `${pending.user.email}'s authenticator will be removed. They set up MFA again at their next sign-in. Do this only after checking who is asking.`
            : undefined
        }
        confirmLabel={
          pending?.kind === "grant" ? "Make admin" : pending?.kind === "revoke" ? "Revoke admin" : "Reset MFA"
        }
        destructive={pending?.kind !== "grant"}
        pending={action.isPending}
        onConfirm={() => pending && action.mutate(pending)}
      />
    </>
  );
}
