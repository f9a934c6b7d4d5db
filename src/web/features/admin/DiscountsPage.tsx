/**
 * Admin: discount codes (issue 18). Create a code (percentage, amount or free shipping, with
 * an optional minimum spend, dates, use limits and scope), pause or resume it, and see each
 * code's paid uses, the uses pending orders hold, the discount given and the revenue of its
 * paid orders. The server validates and audit-logs every change.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { DISCOUNT_KINDS, DISCOUNT_SCOPES, type DiscountKind, type DiscountScope } from "@shared/discounts";
import { formatGbp, poundsToPence } from "@shared/money";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { SelectField, TextField } from "@web/components/ui/field";
import {
  type AdminDiscountCode,
  adminQueries,
  createDiscountCode,
  updateDiscountCode,
} from "@web/features/admin/api";
import { ApiRequestError } from "@web/lib/http/client";
import { format } from "date-fns";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { AdminHeading, AdminTable, LoadError, Loading, td, useAdminTitle } from "./ui";

const M = ADMIN_MESSAGE_TEXTS.discounts;

interface Draft {
  code: string;
  kind: DiscountKind;
  value: string;
  minSpend: string;
  startsAt: string;
  endsAt: string;
  maxUses: string;
  maxUsesPerCustomer: string;
  scope: DiscountScope;
}

const EMPTY: Draft = {
  code: "",
  kind: "percent",
  value: "",
  minSpend: "",
  startsAt: "",
  endsAt: "",
  maxUses: "",
  maxUsesPerCustomer: "",
  scope: "all",
};

const wholeOrNull = (text: string) => (text.trim() === "" ? null : Number(text));
const penceOrNull = (text: string) =>
  text.trim() === "" ? null : poundsToPence(Number(text.trim().replace(/^£/, "")));
/** A datetime-local value ("2026-12-01T09:00", the admin's local time) as an ISO instant. */
const instantOrNull = (text: string) => (text === "" ? null : new Date(text).toISOString());

function valueText(code: AdminDiscountCode): string {
  if (code.kind === "percent") return `${code.value}% off`;
  if (code.kind === "fixed") return `${formatGbp(code.value)} off`;
  return M.kinds.free_shipping;
}

function conditions(code: AdminDiscountCode): string {
  const parts: string[] = [M.scopes[code.scope]];
  if (code.minSpendPence != null) parts.push(`min ${formatGbp(code.minSpendPence)}`);
  if (code.startsAt) parts.push(`from ${format(new Date(code.startsAt), "d MMM yyyy HH:mm")}`);
  if (code.endsAt) parts.push(`until ${format(new Date(code.endsAt), "d MMM yyyy HH:mm")}`);
  if (code.maxUsesPerCustomer != null) parts.push(`${code.maxUsesPerCustomer} per customer`);
  return parts.join(" · ");
}

/** Paused, ended (past its end date), scheduled (before its start) or active, as of now. */
function codeStatus(
  code: AdminDiscountCode,
  now = Date.now(),
): { label: string; tone: "warning" | "success" | "neutral" } {
  if (code.paused) return { label: M.paused, tone: "warning" };
  if (code.endsAt && Date.parse(code.endsAt) <= now) return { label: M.ended, tone: "neutral" };
  if (code.startsAt && Date.parse(code.startsAt) > now) return { label: M.scheduled, tone: "neutral" };
  return { label: M.active, tone: "success" };
}

function NewCodeForm() {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const create = useMutation({
    mutationFn: createDiscountCode,
    onSuccess: (created) => {
      toast.success(M.created(created.code));
      setDraft(EMPTY);
      setErrors({});
      void queryClient.invalidateQueries({ queryKey: adminQueries.discounts().queryKey });
    },
    onError: (error) => {
      setErrors(error instanceof ApiRequestError && error.fields ? error.fields : { code: error.message });
      toast.error(M.createFailed, { description: error.message });
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value =
      draft.kind === "percent"
        ? Number(draft.value)
        : draft.kind === "fixed"
          ? poundsToPence(Number(draft.value.trim().replace(/^£/, "")))
          : 0;
    create.mutate({
      code: draft.code,
      kind: draft.kind,
      value: Number.isFinite(value) ? value : -1,
      minSpendPence: penceOrNull(draft.minSpend),
      startsAt: instantOrNull(draft.startsAt),
      endsAt: instantOrNull(draft.endsAt),
      maxUses: wholeOrNull(draft.maxUses),
      maxUsesPerCustomer: wholeOrNull(draft.maxUsesPerCustomer),
      scope: draft.scope,
      paused: false,
    });
  };
  return (
    <Card className="p-4 md:p-6">
      <form onSubmit={onSubmit} noValidate aria-labelledby="new-code-title">
        <h2 id="new-code-title" className="text-xl text-stone-900">
          {M.newTitle}
        </h2>
        <div className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <TextField
            label={M.code}
            hint={M.codeHint}
            value={draft.code}
            error={errors.code}
            autoCapitalize="characters"
            autoComplete="off"
            onChange={(e) => set({ code: e.target.value })}
            className="uppercase"
          />
          <SelectField
            label={M.kind}
            value={draft.kind}
            onChange={(e) => set({ kind: e.target.value as DiscountKind })}
          >
            {DISCOUNT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {M.kinds[kind]}
              </option>
            ))}
          </SelectField>
          {draft.kind !== "free_shipping" ? (
            <TextField
              label={draft.kind === "percent" ? M.percent : M.amount}
              inputMode="decimal"
              value={draft.value}
              error={errors.value}
              onChange={(e) => set({ value: e.target.value })}
            />
          ) : null}
          <TextField
            label={M.minSpend}
            hint={M.blankNone}
            inputMode="decimal"
            value={draft.minSpend}
            error={errors.minSpendPence}
            onChange={(e) => set({ minSpend: e.target.value })}
          />
          <TextField
            label={M.startsAt}
            type="datetime-local"
            hint={M.blankNone}
            value={draft.startsAt}
            error={errors.startsAt}
            onChange={(e) => set({ startsAt: e.target.value })}
          />
          <TextField
            label={M.endsAt}
            type="datetime-local"
            hint={M.blankNone}
            value={draft.endsAt}
            error={errors.endsAt}
            onChange={(e) => set({ endsAt: e.target.value })}
          />
          <TextField
            label={M.maxUses}
            hint={M.blankUnlimited}
            inputMode="numeric"
            value={draft.maxUses}
            error={errors.maxUses}
            onChange={(e) => set({ maxUses: e.target.value })}
          />
          <TextField
            label={M.maxUsesPerCustomer}
            hint={M.blankUnlimited}
            inputMode="numeric"
            value={draft.maxUsesPerCustomer}
            error={errors.maxUsesPerCustomer}
            onChange={(e) => set({ maxUsesPerCustomer: e.target.value })}
          />
          <SelectField
            label={M.scope}
            value={draft.scope}
            onChange={(e) => set({ scope: e.target.value as DiscountScope })}
          >
            {DISCOUNT_SCOPES.map((scope) => (
              <option key={scope} value={scope}>
                {M.scopes[scope]}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" className="mt-5" disabled={create.isPending}>
          {M.create}
        </Button>
      </form>
    </Card>
  );
}

export function DiscountsPage() {
  useAdminTitle(M.title);
  const queryClient = useQueryClient();
  const query = useQuery(adminQueries.discounts());
  const toggle = useMutation({
    mutationFn: (code: AdminDiscountCode) => updateDiscountCode(code.id, { paused: !code.paused }),
    onSuccess: (codes, code) => {
      queryClient.setQueryData(adminQueries.discounts().queryKey, codes);
      toast.success(code.paused ? M.resumedToast(code.code) : M.pausedToast(code.code));
    },
    onError: (error) => toast.error(M.updateFailed, { description: error.message }),
  });
  return (
    <div>
      <AdminHeading title={M.title} intro={M.intro} />
      <div className="space-y-6">
        <NewCodeForm />
        {query.isPending ? <Loading /> : null}
        {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
        {query.data ? (
          <AdminTable
            label={M.title}
            caption="Discount codes, newest first, with their uses and revenue"
            minWidth="min-w-[880px]"
            columns={[
              "Code",
              "Discount",
              "Conditions",
              { key: "uses", label: "Uses", align: "right" },
              { key: "given", label: "Given", align: "right" },
              { key: "revenue", label: "Revenue", align: "right" },
              "Status",
              { key: "actions", label: <span className="sr-only">Actions</span> },
            ]}
            empty={query.data.length === 0 ? M.none : undefined}
          >
            {query.data.map((code) => (
              <tr key={code.id} data-testid={`discount-${code.code}`}>
                <td className={`${td} font-mono font-semibold text-stone-900`}>{code.code}</td>
                <td className={td}>{valueText(code)}</td>
                <td className={`${td} text-stone-700`}>{conditions(code)}</td>
                <td className={`${td} text-right tabular-nums`} data-testid="discount-uses">
                  {code.uses}
                  {code.maxUses != null ? ` / ${code.maxUses}` : ""}
                  {code.reserved > 0 ? (
                    <span className="block text-xs text-stone-600">+{code.reserved} pending</span>
                  ) : null}
                </td>
                <td className={`${td} text-right tabular-nums`}>{formatGbp(code.discountGivenPence)}</td>
                <td className={`${td} text-right tabular-nums`} data-testid="discount-revenue">
                  {formatGbp(code.revenuePence)}
                </td>
                <td className={td}>
                  <Badge tone={codeStatus(code).tone}>{codeStatus(code).label}</Badge>
                </td>
                <td className={`${td} text-right`}>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={toggle.isPending}
                    onClick={() => toggle.mutate(code)}
                  >
                    {code.paused ? M.resume : M.pause}
                    <span className="sr-only"> {code.code}</span>
                  </Button>
                </td>
              </tr>
            ))}
          </AdminTable>
        ) : null}
      </div>
    </div>
  );
}
