import { ORDER_VIEW_TEXTS as T } from "@shared/order-view";
import { useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "@web/app/routing";
import { PageLoading } from "@web/components/layout/Layout";
import { Card } from "@web/components/ui/card";
import { Page } from "@web/components/ui/page";
import { orderQueries } from "@web/features/orders/api";
import { ArrowLeft } from "lucide-react";
import { useEffect } from "react";
import { useAuth } from "../auth";
import { OrderDetails } from "../orders";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** /account/order?id=<order id>: one of the signed-in customer's orders (issue 20 item 7). */
export function AccountOrderPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const raw = params.get("id");
  const orderId = raw && UUID.test(raw) ? raw.toLowerCase() : null;
  const signedOut = auth.status === "signedOut";
  useEffect(() => {
    if (signedOut) navigate("/auth", { replace: true });
  }, [signedOut, navigate]);
  // The same query as the details below (one request): the title names the order's number.
  const view = useQuery({
    ...orderQueries.view(orderId ?? "", null),
    enabled: orderId !== null && auth.status === "signedIn",
  });
  if (auth.status !== "signedIn") return <PageLoading />;
  const title = !orderId ? T.notFound : view.data ? T.orderTitle(view.data.displayNumber) : T.yourOrder;
  return (
    <Page title={title}>
      <Link
        to="/account?tab=orders"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-stone-800 underline underline-offset-4"
      >
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {T.backToOrders}
      </Link>
      {orderId ? (
        <Card className="mt-6 max-w-3xl p-6 md:p-8">
          <OrderDetails orderId={orderId} token={null} />
        </Card>
      ) : null}
    </Page>
  );
}
