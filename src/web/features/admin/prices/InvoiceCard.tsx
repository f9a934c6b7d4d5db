import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import type { InvoiceSettings } from "@shared/admin-schemas";
import { TEST_ORDERS_TEXTS } from "@shared/test-orders";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { SelectField, TextAreaField, TextField } from "@web/components/ui/field";
import { adminQueries, saveInvoiceSettings, vatReportUrl } from "@web/features/admin/api";
import { Download } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { useTestOrdersView } from "../testOrders";
import { LoadError, Loading } from "../ui";

const M = ADMIN_MESSAGE_TEXTS.prices;

/** The last eight quarters, newest first: "2026-Q4". */
function recentQuarters(now = new Date()): string[] {
  const out: string[] = [];
  let year = now.getUTCFullYear();
  let q = Math.floor(now.getUTCMonth() / 3) + 1;
  for (let i = 0; i < 8; i++) {
    out.push(`${year}-Q${q}`);
    q -= 1;
    if (q === 0) {
      q = 4;
      year -= 1;
    }
  }
  return out;
}

export function InvoiceCard() {
  const { includeTest } = useTestOrdersView();
  const queryClient = useQueryClient();
  const query = useQuery(adminQueries.invoiceSettings());
  const [draft, setDraft] = useState<
    (Omit<InvoiceSettings, "address" | "vatRatePercent"> & { address: string; vatRate: string }) | null
  >(null);
  const [quarter, setQuarter] = useState(() => recentQuarters()[0] ?? "");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!query.data || draft) return;
    const s = query.data;
    setDraft({
      businessName: s.businessName,
      address: s.address.join("\n"),
      email: s.email,
      vatRegistered: s.vatRegistered,
      vatNumber: s.vatNumber,
      vatRate: String(s.vatRatePercent),
    });
  }, [query.data, draft]);

  const save = useMutation({
    mutationFn: saveInvoiceSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminQueries.invoiceSettings().queryKey, saved);
      setProblem(null);
      toast.success(M.invoiceSaved);
    },
    onError: (error) => {
      setProblem(error.message);
      toast.error(M.saveFailed, { description: error.message });
    },
  });

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!draft) return <Loading />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      businessName: draft.businessName,
      address: draft.address
        .split("\n")
        .map((line) => line.trim())
        .filter(Boolean),
      email: draft.email,
      vatRegistered: draft.vatRegistered,
      vatNumber: draft.vatNumber,
      vatRatePercent: Number(draft.vatRate),
    });
  };

  return (
    <Card className="p-4 md:p-6">
      <form onSubmit={onSubmit} noValidate aria-labelledby="invoice-title">
        <h2 id="invoice-title" className="text-xl text-stone-900">
          {M.invoiceTitle}
        </h2>
        <p className="mt-1 text-sm text-stone-700">{M.invoiceIntro}</p>
        {problem ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <TextField
            label={M.businessName}
            value={draft.businessName}
            onChange={(e) => setDraft({ ...draft, businessName: e.target.value })}
          />
          <TextField
            label={M.invoiceEmail}
            type="email"
            value={draft.email}
            onChange={(e) => setDraft({ ...draft, email: e.target.value })}
          />
          <TextAreaField
            label={M.address}
            rows={4}
            value={draft.address}
            onChange={(e) => setDraft({ ...draft, address: e.target.value })}
            containerClassName="sm:col-span-2"
          />
          <label className="flex min-h-11 items-center gap-3 text-sm font-medium text-stone-800 sm:col-span-2">
            <input
              type="checkbox"
              checked={draft.vatRegistered}
              onChange={(e) => setDraft({ ...draft, vatRegistered: e.target.checked })}
              className="h-5 w-5 accent-stone-900"
            />
            {M.vatRegistered}
          </label>
          <TextField
            label={M.vatNumber}
            value={draft.vatNumber}
            disabled={!draft.vatRegistered}
            onChange={(e) => setDraft({ ...draft, vatNumber: e.target.value })}
          />
          <TextField
            label={M.vatRate}
            inputMode="decimal"
            value={draft.vatRate}
            disabled={!draft.vatRegistered}
            onChange={(e) => setDraft({ ...draft, vatRate: e.target.value })}
          />
        </div>
        <Button type="submit" className="mt-5" disabled={save.isPending}>
          {M.invoiceSave}
        </Button>
      </form>
      <div className="mt-8 border-t border-stone-200 pt-6">
        <h2 className="text-xl text-stone-900">{M.vatReportTitle}</h2>
        <div className="mt-3 flex flex-wrap items-end gap-3">
          <SelectField label={M.quarter} value={quarter} onChange={(e) => setQuarter(e.target.value)}>
            {recentQuarters().map((q) => (
              <option key={q} value={q}>
                {q}
              </option>
            ))}
          </SelectField>
          <a href={vatReportUrl(quarter, includeTest)} download className={buttonClasses("outline", "md")}>
            <Download aria-hidden="true" className="h-4 w-4" /> {M.vatReportDownload}
          </a>
        </div>
        {includeTest ? (
          <p className="mt-2 text-sm text-orange-900">{TEST_ORDERS_TEXTS.includedNote}</p>
        ) : null}
      </div>
    </Card>
  );
}
