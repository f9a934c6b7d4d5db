import { cartAfterPayment } from "@shared/cart-after-payment";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { Link, useLocation, useNavigate, useSearchParams } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { Page } from "@web/components/ui/page";
import { CircleCheck, Loader2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useCart } from "../cart";
import { OrderDetails } from "../orders";
import { findPendingPayment, forgetPendingPayment, paidCartItemIds } from "./pendingPayments";
import { useCheckoutStatus } from "./useCheckoutStatus";

/** After this long without a confirmation the page says so (the payment provider may be slow). */
const SLOW_CONFIRMATION_MS = 30_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /checkout/success?order=<id>: where the payment page returns. Once the order is confirmed
 * paid the local cart is cleared and the order number shown; while Stripe's confirmation is
 * still on its way the page waits for it.
 */
export function SuccessPage() {
  const [params] = useSearchParams();
  const raw = params.get("order");
  const orderId = raw && UUID.test(raw) ? raw.toLowerCase() : null;
  const navigate = useNavigate();
  const cart = useCart();
  const status = useCheckoutStatus(orderId, { poll: true });
  const outcome = status.data?.outcome;
  // Without a way to ask (another browser), trust the payment page that sent the customer here.
  const confirmed = outcome === "paid" || (orderId !== null && status.denied);
  const cleared = useRef(false);
  const [slow, setSlow] = useState(false);
  // The payment-pending page passes the number on: this tab may have no token left to ask.
  const location = useLocation();
  const passed = (location.state as { displayNumber?: string } | null)?.displayNumber;
  const number =
    status.data?.displayNumber ??
    findPendingPayment(orderId)?.displayNumber ??
    passed ??
    orderId?.slice(0, 8) ??
    null;

  useEffect(() => {
    if (!confirmed || cleared.current || !orderId) return;
    cleared.current = true;
    // Only the lines this order was placed from: "Order again" in another tab keeps its lines.
    cart.set(cartAfterPayment(cart.items, paidCartItemIds(orderId)));
    forgetPendingPayment(orderId);
  }, [confirmed, orderId, cart]);

  useEffect(() => {
    if (confirmed) return;
    const timer = window.setTimeout(() => setSlow(true), SLOW_CONFIRMATION_MS);
    return () => window.clearTimeout(timer);
  }, [confirmed]);

  useEffect(() => {
    if (orderId && outcome === "cancelled") navigate(`/checkout/cancel?order=${orderId}`, { replace: true });
  }, [orderId, outcome, navigate]);

  if (!orderId) {
    return (
      <Page title={CHECKOUT_MESSAGES.checkout.successTitle}>
        <Card className="max-w-xl">
          <p className="text-stone-700">Your order details are in your confirmation email.</p>
          <Link to="/shop" className={cn(buttonClasses("primary", "md"), "mt-4")}>
            {CHECKOUT_MESSAGES.checkout.continueShopping}
          </Link>
        </Card>
      </Page>
    );
  }

  if (!confirmed) {
    return (
      <Page title={CHECKOUT_MESSAGES.checkout.successTitle}>
        <Card className="max-w-xl">
          <div role="status" aria-live="polite" className="flex items-center gap-3">
            <Loader2 aria-hidden="true" className="h-6 w-6 animate-spin text-glow-700" />
            <p className="text-lg text-stone-900">{CHECKOUT_MESSAGES.checkout.confirmingPayment}</p>
          </div>
          {number ? (
            <p className="mt-4 text-stone-700">
              {CHECKOUT_MESSAGES.checkout.orderNumber}:{" "}
              <span className="font-mono font-semibold">#{number}</span>
            </p>
          ) : null}
          {slow ? (
            <p className="mt-4 text-sm text-stone-700">{CHECKOUT_MESSAGES.checkout.confirmationSlow}</p>
          ) : null}
        </Card>
      </Page>
    );
  }

  return (
    <Page title={CHECKOUT_MESSAGES.checkout.successTitle}>
      <Card className="max-w-2xl p-6 md:p-8">
        <div className="flex items-start gap-4">
          <CircleCheck aria-hidden="true" className="h-10 w-10 shrink-0 text-emerald-700" />
          <div>
            <p className="text-lg text-stone-800">{CHECKOUT_MESSAGES.checkout.successDescription}</p>
            <p className="mt-4 text-stone-700">{CHECKOUT_MESSAGES.checkout.orderNumber}</p>
            <p
              className="font-mono text-3xl font-semibold tracking-wide text-stone-900"
              data-testid="order-number"
            >
              #{number}
            </p>
            <p className="mt-4 text-sm text-stone-700">
              Keep this number: with your email address it lets you follow your order. We'll email you again
              when it's on its way.
            </p>
          </div>
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={`/track?order=${number}`} className={buttonClasses("primary", "md")}>
            {CHECKOUT_MESSAGES.checkout.trackOrder}
          </Link>
          <Link to="/shop" className={buttonClasses("outline", "md")}>
            {CHECKOUT_MESSAGES.checkout.continueShopping}
          </Link>
        </div>
      </Card>
      <Card className="mt-6 max-w-2xl p-6 md:p-8">
        <OrderDetails orderId={orderId} token={status.token} />
      </Card>
    </Page>
  );
}
