import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { CUSTOMER_MAIL_TEXTS } from "@shared/customer-mail";
import { formatGbp } from "@shared/money";
import { capitaliseStatus } from "@shared/orders";
import { PRINT_QUEUE_TEXTS } from "@shared/print-queue";
import { figuresInScope, TEST_ORDERS_TEXTS } from "@shared/test-orders";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@web/app/routing";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { adminQueries } from "@web/features/admin/api";
import { FlaskConical } from "lucide-react";
import { ADMIN_SECTIONS } from "./AdminLayout";
import { useTestOrdersView } from "./testOrders";
import {
  AdminHeading,
  AdminTable,
  formatDateTime,
  LoadError,
  Loading,
  phoneCell,
  phoneRow,
  StatCard,
  StatusBadge,
  TestBadge,
  td,
  useAdminTitle,
} from "./ui";

const E = ADMIN_MESSAGE_TEXTS.estimates;

export function DashboardPage() {
  useAdminTitle("Dashboard");
  const { includeTest, pending } = useTestOrdersView();
  const q = useQuery({ ...adminQueries.dashboard(includeTest), enabled: !pending });
  // The "Include test orders" switch (issue 30): the sales and the queue count test orders too.
  const shown = (live: number, test: number) => figuresInScope(live, test, includeTest);

  return (
    <>
      <AdminHeading
        title="Admin dashboard"
        intro="Today's and this month's sales, orders waiting, and the newest orders."
      />
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data ? (
        <div className="space-y-8">
          {q.data.environmentMode === "test" ? (
            <p
              role="note"
              className="flex items-center gap-2 rounded-xl border border-orange-300 bg-orange-50 px-4 py-3 text-orange-950"
            >
              <FlaskConical aria-hidden="true" className="h-5 w-5" />
              The shop is in <strong>test mode</strong>: new orders are test orders.{" "}
              <Link className="underline" to="/admin/data-management">
                Change
              </Link>
            </p>
          ) : null}

          <section aria-labelledby="sales-live">
            <h2 id="sales-live" className="mb-3 text-xl text-stone-900">
              Sales{" "}
              <span className="text-base font-normal text-stone-700">
                {TEST_ORDERS_TEXTS.salesScope(includeTest)}
              </span>
            </h2>
            <div className="grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4">
              <StatCard
                label="Orders today"
                value={shown(q.data.live.today.orders, q.data.test.today.orders)}
              />
              <StatCard
                label="Revenue today"
                value={formatGbp(shown(q.data.live.today.revenue, q.data.test.today.revenue))}
              />
              <StatCard
                label="Orders this month"
                value={shown(q.data.live.month.orders, q.data.test.month.orders)}
              />
              <StatCard
                label="Revenue this month"
                value={formatGbp(shown(q.data.live.month.revenue, q.data.test.month.revenue))}
              />
            </div>
          </section>

          <section aria-labelledby="sales-test">
            <h2 id="sales-test" className="mb-3 text-xl text-stone-900">
              Test orders <span className="text-base font-normal text-stone-700">(not real money)</span>
            </h2>
            <div className="grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-4">
              <StatCard tone="test" label="Test orders today" value={q.data.test.today.orders} />
              <StatCard tone="test" label="Test revenue today" value={formatGbp(q.data.test.today.revenue)} />
              <StatCard tone="test" label="Test orders this month" value={q.data.test.month.orders} />
              <StatCard
                tone="test"
                label="Test revenue this month"
                value={formatGbp(q.data.test.month.revenue)}
              />
            </div>
          </section>

          <section aria-labelledby="cart-recovery">
            <h2 id="cart-recovery" className="mb-3 text-xl text-stone-900">
              {CUSTOMER_MAIL_TEXTS.dashboardTitle}
            </h2>
            <div className="grid grid-cols-2 gap-3 md:gap-4 lg:grid-cols-3" data-testid="cart-recovery">
              <StatCard label={CUSTOMER_MAIL_TEXTS.remindersSent} value={q.data.cartRecovery.remindersSent} />
              <StatCard
                label={CUSTOMER_MAIL_TEXTS.cartsRecovered}
                value={q.data.cartRecovery.live.carts}
                hint={
                  q.data.cartRecovery.test.carts > 0 ? `+ ${q.data.cartRecovery.test.carts} test` : undefined
                }
              />
              <StatCard
                label={CUSTOMER_MAIL_TEXTS.revenueRecovered}
                value={formatGbp(q.data.cartRecovery.live.revenue)}
                hint={
                  q.data.cartRecovery.test.carts > 0
                    ? `+ ${formatGbp(q.data.cartRecovery.test.revenue)} test`
                    : undefined
                }
              />
            </div>
          </section>

          <section aria-labelledby="waiting">
            <h2 id="waiting" className="mb-3 text-xl text-stone-900">
              Orders waiting
            </h2>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
              {q.data.waiting.map((w) => (
                <li key={w.status}>
                  <Link
                    to={`/admin/orders?status=${w.status}`}
                    className="block rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-stone-400"
                  >
                    <span className="block text-sm font-medium text-stone-700">
                      {capitaliseStatus(w.status)}
                    </span>
                    <span className="block text-2xl font-semibold tabular-nums text-stone-900">
                      {shown(w.live, w.test)}
                    </span>
                    {w.test > 0 ? (
                      <span className="block text-xs text-orange-900">
                        {includeTest ? `incl. ${w.test} test` : `+ ${w.test} test`}
                      </span>
                    ) : null}
                  </Link>
                </li>
              ))}
            </ul>
          </section>

          <section aria-labelledby="printing-queue">
            <div className="mb-3 flex items-center justify-between">
              <h2 id="printing-queue" className="text-xl text-stone-900">
                {E.queueTitle}
              </h2>
              <Link to="/admin/print-queue" className="text-sm font-medium text-stone-900 underline">
                {PRINT_QUEUE_TEXTS.title}
              </Link>
            </div>
            <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" data-testid="printing-queue">
              <StatCard
                label={E.printTime}
                value={E.queueHours(E.hours(q.data.printingQueue.printSeconds))}
                hint={E.queueDetail(q.data.printingQueue.orders, q.data.printingQueue.unestimatedPanels)}
              />
              <StatCard label={E.material} value={E.grams(q.data.printingQueue.filamentGrams)} />
            </div>
          </section>

          <section aria-labelledby="newest">
            <div className="mb-3 flex items-center justify-between">
              <h2 id="newest" className="text-xl text-stone-900">
                Newest orders
              </h2>
              <Link to="/admin/orders" className="text-sm font-medium text-stone-900 underline">
                All orders
              </Link>
            </div>
            {q.data.newest.length === 0 ? (
              <Card>
                <p className="text-stone-700">No orders yet.</p>
              </Card>
            ) : (
              <AdminTable
                label="Newest orders"
                caption="The eight newest orders"
                minWidth="md:min-w-[640px]"
                stackOnPhones
                columns={[
                  "Order",
                  "Placed",
                  "Customer",
                  "Status",
                  { key: "total", label: "Total", align: "right" },
                ]}
              >
                {q.data.newest.map((o) => (
                  // On a phone a card: number and total, the customer, status and when (issue 47 item 10).
                  <tr key={o.id} className={phoneRow}>
                    <td className={cn(td, phoneCell, "max-md:order-1")}>
                      <Link to={`/admin/orders/${o.id}`} className="font-mono font-medium underline">
                        #{o.displayNumber}
                      </Link>{" "}
                      {o.testMode ? <TestBadge /> : null}
                    </td>
                    <td className={cn(td, phoneCell, "max-md:order-5 max-md:w-full max-md:text-xs")}>
                      {formatDateTime(o.createdAt)}
                    </td>
                    <td className={cn(td, phoneCell, "max-md:order-3 max-md:w-full max-md:font-medium")}>
                      {o.name}
                    </td>
                    <td className={cn(td, phoneCell, "max-md:order-4")}>
                      <StatusBadge status={o.status} />
                    </td>
                    <td
                      className={cn(td, phoneCell, "text-right tabular-nums max-md:order-2 max-md:ml-auto")}
                    >
                      {formatGbp(o.totalAmount)}
                    </td>
                  </tr>
                ))}
              </AdminTable>
            )}
          </section>

          <section aria-labelledby="screens">
            <h2 id="screens" className="mb-3 text-xl text-stone-900">
              Go to
            </h2>
            <ul className="grid gap-3 grid-cols-2 lg:grid-cols-4">
              {ADMIN_SECTIONS.filter((s) => s.to !== "/admin").map(({ to, label, icon: Icon }) => (
                <li key={to}>
                  <Link
                    to={to}
                    className="flex min-h-11 items-center gap-3 rounded-2xl border border-stone-200 bg-white px-4 py-3 font-medium text-stone-900 shadow-sm hover:border-stone-400"
                  >
                    <Icon aria-hidden="true" className="h-5 w-5 text-stone-700" />
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        </div>
      ) : null}
    </>
  );
}
