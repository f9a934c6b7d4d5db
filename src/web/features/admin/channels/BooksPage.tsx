import { type BookSettings, DEFAULT_BOOK_SETTINGS } from "@shared/books";
import { CHANNEL_TEXTS } from "@shared/channel-texts";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { SelectField, TextField } from "@web/components/ui/field";
import { booksUrl, fetchBookSettings, saveBookSettings } from "@web/features/admin/api";
import { Download } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminHeading, LoadError, Loading, useAdminTitle } from "../ui";

const M = CHANNEL_TEXTS.books;
const KEY = ["admin", "books", "settings"];

/** The last eight quarters and the last twelve months, newest first. */
function recentPeriods(now = new Date()): string[] {
  const quarters: string[] = [];
  const months: string[] = [];
  for (let i = 0; i < 12; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - i, 1));
    months.push(`${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`);
  }
  for (let i = 0; i < 8; i++) {
    const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 3 * i, 1));
    quarters.push(`${d.getUTCFullYear()}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`);
  }
  return [...quarters, ...months];
}

const FIELDS: ReadonlyArray<keyof BookSettings> = [
  "salesAccount",
  "shippingAccount",
  "refundsAccount",
  "receivableAccount",
  "vatAccount",
  "vatTaxType",
  "noVatTaxType",
];

export function BooksPage() {
  useAdminTitle(M.title);
  const queryClient = useQueryClient();
  const q = useQuery({ queryKey: KEY, queryFn: fetchBookSettings });
  const [draft, setDraft] = useState<BookSettings>(DEFAULT_BOOK_SETTINGS);
  const periods = recentPeriods();
  const [period, setPeriod] = useState(periods[0] ?? "");
  useEffect(() => {
    if (q.data) setDraft(q.data);
  }, [q.data]);
  const save = useMutation({
    mutationFn: () => saveBookSettings(draft),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      toast.success(M.saved);
    },
    onError: (error) => toast.error("Not saved", { description: error.message }),
  });
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };

  return (
    <>
      <AdminHeading title={M.title} intro={M.intro} />
      <div className="space-y-6">
        <Card className="p-5">
          <h2 className="text-xl text-stone-900">{M.exportTitle}</h2>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <SelectField label={M.period} value={period} onChange={(e) => setPeriod(e.target.value)}>
              {periods.map((p) => (
                <option key={p} value={p}>
                  {p}
                </option>
              ))}
            </SelectField>
            <a href={booksUrl("xero", period)} download className={buttonClasses("primary", "md")}>
              <Download aria-hidden="true" className="h-4 w-4" /> {M.xero}
            </a>
            <a href={booksUrl("journal", period)} download className={buttonClasses("outline", "md")}>
              <Download aria-hidden="true" className="h-4 w-4" /> {M.journal}
            </a>
          </div>
          <p className="mt-3 text-sm text-stone-700">{M.xeroHint}</p>
          <p className="mt-1 text-sm text-stone-700" data-testid="books-test-orders">
            {M.testOrdersLeftOut}
          </p>
        </Card>
        <Card className="p-5">
          <h2 className="text-xl text-stone-900">{M.codesTitle}</h2>
          <p className="mt-1 text-sm text-stone-700">{M.codesIntro}</p>
          {q.isPending ? <Loading /> : null}
          {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
          <form onSubmit={onSubmit} className="mt-4">
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {FIELDS.map((field) => (
                <TextField
                  key={field}
                  label={M[field]}
                  required
                  value={draft[field]}
                  onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
                />
              ))}
            </div>
            <Button type="submit" className="mt-5" disabled={save.isPending || q.isPending}>
              {M.save}
            </Button>
          </form>
        </Card>
      </div>
    </>
  );
}
