import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { MESSAGES, pluralise } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { Link, useLocation, useNavigate, useSearchParams } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { Page } from "@web/components/ui/page";
import { ExternalLink, Loader2, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { findPendingPayment, isWebUrl } from "./pendingPayments";
import { useCheckoutStatus } from "./useCheckoutStatus";

function wholeNumber(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  return Number(value);
}

/**
 * /checkout/payment-pending?orderId=..&orderTotal=..&itemCount=..: the customer pays in the
 * other tab; this page polls the order and moves on to success or cancel by itself.
 */
export function PaymentPendingPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const orderId = params.get("orderId");
  const pending = findPendingPayment(orderId);
  const orderTotal = wholeNumber(params.get("orderTotal")) ?? pending?.orderTotal ?? null;
  const itemCount = wholeNumber(params.get("itemCount")) ?? pending?.itemCount ?? null;
  const popupBlocked = Boolean((location.state as { popupBlocked?: boolean } | null)?.popupBlocked);
  const status = useCheckoutStatus(orderId, { poll: true });
  const outcome = status.data?.outcome;
  const paymentUrl = pending && isWebUrl(pending.url) ? pending.url : null;

  // The order's number goes along: the next page may have no token left to ask for it (issue 47).
  const knownNumber = status.data?.displayNumber ?? pending?.displayNumber ?? null;
  useEffect(() => {
    if (!orderId || !outcome || outcome === "pending") return;
    navigate(`/checkout/${outcome === "paid" ? "success" : "cancel"}?order=${encodeURIComponent(orderId)}`, {
      replace: true,
      ...(knownNumber ? { state: { displayNumber: knownNumber } } : {}),
    });
  }, [orderId, outcome, navigate, knownNumber]);

  if (!orderId) {
    return (
      <Page title={CHECKOUT_MESSAGES.checkout.pendingTitle}>
        <Card className="max-w-xl">
          <p className="text-stone-700">We couldn't find the order you are paying for.</p>
          <Link to="/checkout" className={cn(buttonClasses("primary", "md"), "mt-4")}>
            Back to Checkout
          </Link>
        </Card>
      </Page>
    );
  }

  const number = status.data?.displayNumber ?? pending?.displayNumber ?? orderId.slice(0, 8);
  return (
    <Page
      title={CHECKOUT_MESSAGES.checkout.pendingTitle}
      intro={CHECKOUT_MESSAGES.checkout.pendingDescription}
    >
      <div className="grid max-w-3xl gap-6">
        {popupBlocked ? (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-2xl border border-glow-400 bg-glow-50 p-5 sm:flex-row sm:items-center"
          >
            <TriangleAlert aria-hidden="true" className="h-6 w-6 shrink-0 text-glow-800" />
            <p className="flex-1 font-medium text-stone-900">{CHECKOUT_MESSAGES.checkout.popupBlocked}</p>
            {paymentUrl ? (
              <a href={paymentUrl} target="_blank" rel="noopener" className={buttonClasses("primary", "md")}>
                {CHECKOUT_MESSAGES.checkout.openPaymentPage}
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
              </a>
            ) : null}
          </div>
        ) : null}

        <Card className="p-6 md:p-8">
          <div className="flex items-center gap-3" role="status" aria-live="polite">
            <Loader2 aria-hidden="true" className="h-6 w-6 animate-spin text-glow-700" />
            <p className="text-lg font-medium text-stone-900">
              {status.denied ? "Waiting for your payment…" : "Waiting for your payment to be confirmed…"}
            </p>
          </div>
          <dl className="mt-6 grid gap-4 sm:grid-cols-3">
            <div>
              <dt className="text-sm text-stone-600">{CHECKOUT_MESSAGES.checkout.orderNumber}</dt>
              <dd className="font-mono text-lg font-semibold text-stone-900" data-testid="order-number">
                #{number}
              </dd>
            </div>
            {itemCount !== null ? (
              <div>
                <dt className="text-sm text-stone-600">Items</dt>
                <dd className="text-lg font-semibold text-stone-900">{pluralise(itemCount, "item")}</dd>
              </div>
            ) : null}
            {orderTotal !== null ? (
              <div>
                <dt className="text-sm text-stone-600">{MESSAGES.common.total}</dt>
                <dd className="text-lg font-semibold text-stone-900" data-testid="pending-total">
                  {formatGbp(orderTotal)}
                </dd>
              </div>
            ) : null}
          </dl>
          {status.denied ? (
            <p className="mt-6 text-sm text-stone-700">
              We can't follow this payment from this browser. Once you have paid, your confirmation email has
              your order number.
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap gap-3">
            {paymentUrl && !popupBlocked ? (
              <a href={paymentUrl} target="_blank" rel="noopener" className={buttonClasses("outline", "md")}>
                {CHECKOUT_MESSAGES.checkout.openPaymentPage}
                <ExternalLink aria-hidden="true" className="h-4 w-4" />
              </a>
            ) : null}
            <Link to="/checkout" className={buttonClasses("ghost", "md")}>
              Back to Checkout
            </Link>
          </div>
        </Card>
      </div>
    </Page>
  );
}
