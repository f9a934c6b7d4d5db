/**
 * Admin: the owner's prices (issue 18). The bundles (price and the "before the saving" price),
 * the United Kingdom's free-shipping threshold, each accessory's price, and the seller and VAT
 * details printed on invoices, with the quarterly sales and VAT report. The server validates,
 * audit-logs each change with its old and new values and re-prices the next checkout.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import type { InvoiceSettings } from "@shared/admin-schemas";
import { formatMinorUnitsAsDecimal, poundsToPence } from "@shared/money";
import { TEST_ORDERS_TEXTS } from "@shared/test-orders";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  type AdminOption,
  type AdminProduct,
  adminQueries,
  saveInvoiceSettings,
  saveShopPrices,
  updateOption,
  updateProduct,
  vatReportUrl,
} from "@web/api/admin";
import { catalogQueries } from "@web/api/catalog";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { SelectField, TextAreaField, TextField } from "@web/components/ui/field";
import { Download } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { useTestOrdersView } from "./testOrders";
import { AdminHeading, LoadError, Loading, useAdminTitle } from "./ui";

const M = ADMIN_MESSAGE_TEXTS.prices;

/** "54.50" -> 5450; blank -> null; anything else NaN (refused before sending). */
function penceOf(text: string): number | null {
  const trimmed = text.trim().replace(/^£/, "");
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) && value >= 0 ? poundsToPence(value) : Number.NaN;
}

const pounds = (pence: number | null) => (pence == null ? "" : formatMinorUnitsAsDecimal(pence));

interface BundleDraft {
  id: "starter" | "gift" | "family";
  name: string;
  price: string;
  was: string;
}

function BundlesCard() {
  const queryClient = useQueryClient();
  const query = useQuery(adminQueries.prices());
  const [bundles, setBundles] = useState<BundleDraft[] | null>(null);
  const [threshold, setThreshold] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!query.data || bundles) return;
    setBundles(
      query.data.bundles.map((b) => ({
        id: b.id,
        name: b.name,
        price: pounds(b.pricePence),
        was: pounds(b.undiscountedPence),
      })),
    );
    setThreshold(pounds(query.data.freeShippingThresholdPence));
  }, [query.data, bundles]);

  const save = useMutation({
    mutationFn: saveShopPrices,
    onSuccess: (saved) => {
      queryClient.setQueryData(adminQueries.prices().queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: catalogQueries.all });
      setProblem(null);
      toast.success(M.saved);
    },
    onError: (error) => {
      setProblem(error.message);
      toast.error(M.saveFailed, { description: error.message });
    },
  });

  if (query.isPending) return <Loading />;
  if (query.isError) return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  if (!bundles) return <Loading />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const priced = bundles.map((b) => ({
      id: b.id,
      pricePence: penceOf(b.price),
      undiscountedPence: penceOf(b.was),
    }));
    const limit = penceOf(threshold);
    const bad = priced.some(
      (b) => b.pricePence == null || Number.isNaN(b.pricePence) || Number.isNaN(b.undiscountedPence),
    );
    if (bad || limit == null || Number.isNaN(limit)) {
      setProblem(M.priceInvalid);
      return;
    }
    save.mutate({
      bundles: priced.map((b) => ({
        id: b.id,
        pricePence: b.pricePence ?? 0,
        undiscountedPence: b.undiscountedPence,
      })),
      freeShippingThresholdPence: limit,
    });
  };

  const update = (index: number, patch: Partial<BundleDraft>) =>
    setBundles((list) => list?.map((b, i) => (i === index ? { ...b, ...patch } : b)) ?? null);

  return (
    <Card className="p-4 md:p-6">
      <form onSubmit={onSubmit} noValidate aria-labelledby="bundles-title">
        <h2 id="bundles-title" className="text-xl text-stone-900">
          {M.bundlesTitle}
        </h2>
        {problem ? (
          <p role="alert" className="mt-2 text-sm font-medium text-red-700">
            {problem}
          </p>
        ) : null}
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          {bundles.map((b, index) => (
            <div key={b.id} className="contents">
              <TextField
                label={M.bundlePrice(b.name)}
                inputMode="decimal"
                value={b.price}
                onChange={(e) => update(index, { price: e.target.value })}
              />
              <TextField
                label={M.bundleWas(b.name)}
                hint={M.bundleWasHint}
                inputMode="decimal"
                value={b.was}
                onChange={(e) => update(index, { was: e.target.value })}
              />
            </div>
          ))}
        </div>
        <h2 className="mt-6 text-xl text-stone-900">{M.thresholdTitle}</h2>
        <div className="mt-3 grid gap-4 sm:grid-cols-2">
          <TextField
            label={M.threshold}
            hint={M.thresholdHint}
            inputMode="decimal"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
          />
        </div>
        <Button type="submit" className="mt-5" disabled={save.isPending}>
          {M.save}
        </Button>
      </form>
    </Card>
  );
}

/**
 * One price on its own row, saved on its own: an accessory's price or a processing option's
 * modifier. `save` stores the pence and answers the saved item's name for the toast.
 */
function PriceRow({
  label,
  hint,
  name,
  pence,
  save: store,
  invalidates,
  saved,
  testId,
}: {
  label: string;
  hint?: string | undefined;
  name: string;
  pence: number;
  save: (pence: number) => Promise<{ name: string }>;
  invalidates: readonly unknown[];
  saved: (name: string) => string;
  testId?: string;
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState(pounds(pence));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const save = useMutation({
    mutationFn: store,
    onSuccess: (item) => {
      void queryClient.invalidateQueries({ queryKey: invalidates });
      void queryClient.invalidateQueries({ queryKey: catalogQueries.all });
      toast.success(saved(item.name));
    },
    onError: (error) => setProblem(error.message),
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = penceOf(text);
    if (value == null || Number.isNaN(value)) {
      setProblem(M.priceInvalid);
      return;
    }
    setProblem(undefined);
    save.mutate(value);
  };
  return (
    <li>
      <form onSubmit={onSubmit} noValidate className="flex items-end gap-2" data-testid={testId}>
        <TextField
          label={label}
          hint={hint}
          inputMode="decimal"
          value={text}
          error={problem}
          onChange={(e) => setText(e.target.value)}
          containerClassName="min-w-0 flex-1"
        />
        <Button type="submit" variant="outline" disabled={save.isPending}>
          Save<span className="sr-only"> {name}</span>
        </Button>
      </form>
    </li>
  );
}

function AccessoryPrice({ product }: { product: AdminProduct }) {
  return (
    <PriceRow
      label={M.accessoryPrice(product.name)}
      name={product.name}
      pence={product.pricePence}
      save={(pricePence) => updateProduct(product.id, { pricePence })}
      invalidates={adminQueries.products().queryKey}
      saved={M.accessorySaved}
    />
  );
}

/** A processing option's price modifier (issue 22: Colour's covers its extra filament and print time). */
function ProcessingPrice({ option }: { option: AdminOption }) {
  return (
    <PriceRow
      label={M.processingPrice(option.name)}
      hint={option.value === "colour" ? M.colourHint : undefined}
      name={option.name}
      pence={option.priceModifierPence}
      save={(priceModifierPence) => updateOption(option.id, { priceModifierPence })}
      invalidates={adminQueries.options().queryKey}
      saved={M.processingSaved}
      testId="processing-price"
    />
  );
}

function ProcessingCard() {
  const query = useQuery(adminQueries.options());
  const processing = query.data?.filter((o) => o.optionType === "processing") ?? [];
  return (
    <Card className="p-4 md:p-6">
      <h2 className="text-xl text-stone-900">{M.processingTitle}</h2>
      <p className="mt-1 text-sm text-stone-700">{M.processingIntro}</p>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {processing.map((o) => (
            <ProcessingPrice key={`${o.id}-${o.priceModifierPence}`} option={o} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function AccessoriesCard() {
  const query = useQuery(adminQueries.products());
  return (
    <Card className="p-4 md:p-6">
      <h2 className="text-xl text-stone-900">{M.accessoriesTitle}</h2>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data ? (
        <ul className="mt-4 grid gap-4 lg:grid-cols-2">
          {query.data.map((p) => (
            <AccessoryPrice key={`${p.id}-${p.pricePence}`} product={p} />
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

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

function InvoiceCard() {
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

export function PricesPage() {
  useAdminTitle(M.title);
  return (
    <div>
      <AdminHeading title={M.title} intro={M.intro} />
      <div className="space-y-6">
        <BundlesCard />
        <ProcessingCard />
        <AccessoriesCard />
        <InvoiceCard />
      </div>
    </div>
  );
}
