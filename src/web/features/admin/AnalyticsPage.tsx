/**
 * Analytics: revenue and paid orders over time, average order value, bundle mix, popular
 * frame colours, shapes and accessories, and the funnel from creator visits to paid orders.
 * Each chart (recharts, only ever loaded in the admin area) has its data as a table beside it
 * for screen readers and for anyone who prefers numbers.
 */
import { ANALYTICS_TEXTS, hasSales } from "@shared/analytics-texts";
import { CUSTOMER_MAIL_TEXTS } from "@shared/customer-mail";
import { formatGbp } from "@shared/money";
import { ordersScope, TEST_ORDERS_TEXTS } from "@shared/test-orders";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { Card } from "@web/components/ui/card";
import { type AnalyticsFilters, adminQueries, type Granularity } from "@web/features/admin/api";
import { format } from "date-fns";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { ChartSection } from "./analytics/ChartSection";
import { GLOW, INK } from "./analytics/chartColours";
import { DataTable } from "./analytics/DataTable";
import { MixChart } from "./analytics/MixChart";
import { useTestOrdersView } from "./testOrders";
import { AdminHeading, FilterInput, FilterSelect, LoadError, Loading, StatCard, useAdminTitle } from "./ui";

function periodLabel(period: string, granularity: Granularity): string {
  const d = new Date(`${period}T00:00:00`);
  if (granularity === "month") return format(d, "MMM yyyy");
  if (granularity === "week") return `w/c ${format(d, "d MMM")}`;
  return format(d, "d MMM");
}

const pounds = (pence: number) => formatGbp(pence);

export function AnalyticsPage() {
  useAdminTitle("Analytics");
  const [params, setParams] = useSearchParams();
  const { includeTest, pending } = useTestOrdersView();
  const filters: AnalyticsFilters = {
    from: params.get("from") ?? undefined,
    to: params.get("to") ?? undefined,
    granularity: (params.get("granularity") as Granularity) || "day",
    // Without a choice here, the header's "Include test orders" switch decides (issue 30).
    mode: (params.get("mode") as "live" | "test" | "all") || ordersScope(includeTest),
  };
  const q = useQuery({ ...adminQueries.analytics(filters), enabled: !pending });
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const report = q.data;
  const g = report?.query.granularity ?? "day";

  return (
    <>
      <AdminHeading
        title="Analytics"
        intro="Paid orders and revenue net of refunds (fully refunded and cancelled orders excluded), and the creator funnel from first-party, anonymous events."
      />
      <Card className="mb-6 grid grid-cols-2 gap-3 p-4 md:grid-cols-4">
        <FilterInput
          label="From"
          type="date"
          value={report?.query.from ?? filters.from ?? ""}
          onChange={(v) => set("from", v)}
        />
        <FilterInput
          label="To"
          type="date"
          value={report?.query.to ?? filters.to ?? ""}
          onChange={(v) => set("to", v)}
        />
        <FilterSelect label="Group by" value={g} onChange={(v) => set("granularity", v)}>
          <option value="day">Day</option>
          <option value="week">Week</option>
          <option value="month">Month</option>
        </FilterSelect>
        <FilterSelect
          label="Orders"
          value={report?.query.mode ?? filters.mode ?? "live"}
          onChange={(v) => set("mode", v)}
        >
          <option value="live">Live orders</option>
          <option value="all">Live and test orders</option>
          <option value="test">Test orders</option>
        </FilterSelect>
      </Card>

      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {report ? (
        <div className={q.isFetching ? "space-y-8 opacity-70" : "space-y-8"} aria-busy={q.isFetching}>
          {report.query.mode === "test" ? (
            <p
              role="note"
              className="rounded-xl border border-orange-300 bg-orange-50 px-4 py-3 text-orange-950"
            >
              Showing <strong>test orders</strong>, not real sales.
            </p>
          ) : report.query.mode === "all" ? (
            <p
              role="note"
              className="rounded-xl border border-orange-300 bg-orange-50 px-4 py-3 text-orange-950"
            >
              {TEST_ORDERS_TEXTS.includedNote}
            </p>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            <StatCard label="Paid orders" value={report.totals.orders} />
            <StatCard label="Revenue (net of refunds)" value={pounds(report.totals.revenue)} />
            <StatCard label="Partly refunded" value={pounds(report.totals.refunded)} />
            <StatCard label="Average order value" value={pounds(report.totals.averageOrderValue)} />
          </div>
          <section aria-labelledby="analytics-cart-recovery">
            <h2 id="analytics-cart-recovery" className="mb-3 text-xl text-stone-900">
              Cart reminders
            </h2>
            <div className="grid gap-4 sm:grid-cols-3" data-testid="analytics-cart-recovery">
              <StatCard label={CUSTOMER_MAIL_TEXTS.remindersSent} value={report.cartRecovery.remindersSent} />
              <StatCard label={CUSTOMER_MAIL_TEXTS.cartsRecovered} value={report.cartRecovery.carts} />
              <StatCard
                label={CUSTOMER_MAIL_TEXTS.revenueRecovered}
                value={pounds(report.cartRecovery.revenue)}
              />
            </div>
          </section>

          {hasSales(report.totals) ? (
            <>
              <ChartSection
                id="revenue"
                title="Revenue over time"
                summary={`Revenue per ${g} from ${report.query.from} to ${report.query.to}, ${pounds(report.totals.revenue)} in total.`}
                table={
                  <DataTable
                    caption="Revenue and paid orders per period"
                    head={["Period", "Paid orders", "Revenue"]}
                    rows={report.series.map((p) => [periodLabel(p.period, g), p.orders, pounds(p.revenue)])}
                  />
                }
              >
                <ResponsiveContainer width="100%" height={260}>
                  <LineChart data={report.series} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
                    <CartesianGrid stroke="#e7e5e4" vertical={false} />
                    <XAxis
                      dataKey="period"
                      tickFormatter={(p: string) => periodLabel(p, g)}
                      tick={{ fill: "#44403c", fontSize: 12 }}
                      minTickGap={16}
                    />
                    <YAxis
                      tickFormatter={(v: number) => `£${Math.round(v / 100)}`}
                      tick={{ fill: "#44403c", fontSize: 12 }}
                      width={56}
                    />
                    <Tooltip
                      labelFormatter={(p) => periodLabel(String(p), g)}
                      formatter={(v) => [pounds(Number(v)), "Revenue"]}
                    />
                    <Line
                      type="monotone"
                      dataKey="revenue"
                      stroke={GLOW}
                      strokeWidth={2}
                      dot={false}
                      isAnimationActive={false}
                    />
                  </LineChart>
                </ResponsiveContainer>
              </ChartSection>

              <ChartSection
                id="orders"
                title="Paid orders over time"
                summary={`${report.totals.orders} paid orders, per ${g}.`}
                table={
                  <DataTable
                    caption="Paid orders per period"
                    head={["Period", "Paid orders"]}
                    rows={report.series.map((p) => [periodLabel(p.period, g), p.orders])}
                  />
                }
              >
                <ResponsiveContainer width="100%" height={220}>
                  <BarChart data={report.series} margin={{ top: 8, right: 16, bottom: 0, left: 8 }}>
                    <CartesianGrid stroke="#e7e5e4" vertical={false} />
                    <XAxis
                      dataKey="period"
                      tickFormatter={(p: string) => periodLabel(p, g)}
                      tick={{ fill: "#44403c", fontSize: 12 }}
                      minTickGap={16}
                    />
                    <YAxis allowDecimals={false} tick={{ fill: "#44403c", fontSize: 12 }} width={40} />
                    <Tooltip
                      labelFormatter={(p) => periodLabel(String(p), g)}
                      formatter={(v) => [String(v), "Orders"]}
                    />
                    <Bar dataKey="orders" fill={INK} isAnimationActive={false} />
                  </BarChart>
                </ResponsiveContainer>
              </ChartSection>
            </>
          ) : (
            <Card className="p-6" data-testid="analytics-empty">
              <h2 className="text-xl text-stone-900">{ANALYTICS_TEXTS.noSalesTitle}</h2>
              <p className="mt-2 text-stone-700">
                {ANALYTICS_TEXTS.noSales(report.query.from, report.query.to)}
              </p>
            </Card>
          )}

          <ChartSection
            id="funnel"
            title="Funnel: creator visit to paid order"
            summary={report.funnel.map((f) => `${f.label}: ${f.count}`).join(", ")}
            table={
              <DataTable
                caption="Funnel steps"
                head={["Step", "Count", "Of creator visits", "Not through the creator"]}
                rows={report.funnel.map((f) => {
                  const base = report.funnel[0]?.count ?? 0;
                  return [
                    f.label,
                    f.count,
                    base > 0 ? `${Math.round((f.count / base) * 100)}%` : "—",
                    f.outside > 0 ? ANALYTICS_TEXTS.funnelOutside(f.outside) : "—",
                  ];
                })}
              />
            }
            note={ANALYTICS_TEXTS.funnelNote}
          >
            <ResponsiveContainer width="100%" height={240}>
              <BarChart
                data={report.funnel}
                layout="vertical"
                margin={{ top: 8, right: 24, bottom: 0, left: 8 }}
              >
                <CartesianGrid stroke="#e7e5e4" horizontal={false} />
                <XAxis type="number" allowDecimals={false} tick={{ fill: "#44403c", fontSize: 12 }} />
                <YAxis type="category" dataKey="label" width={130} tick={{ fill: "#44403c", fontSize: 12 }} />
                <Tooltip formatter={(v) => [String(v), "Count"]} />
                <Bar dataKey="count" fill={GLOW} isAnimationActive={false} />
              </BarChart>
            </ResponsiveContainer>
          </ChartSection>

          <div className="grid gap-8 lg:grid-cols-2">
            <MixChart id="bundles" title="Bundle mix" rows={report.bundles} />
            <MixChart id="frames" title="Popular frame colours" rows={report.frameColors} colourful />
            <MixChart id="shapes" title="Popular shapes" rows={report.shapes} />
            <MixChart id="accessories" title="Popular accessories" rows={report.accessories} />
          </div>
        </div>
      ) : null}
    </>
  );
}
