import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { Link, useSearchParams } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { Page } from "@web/components/ui/page";
import { CircleX, RotateCcw } from "lucide-react";
import { useEffect } from "react";
import { useCart } from "../cart";
import { findPendingPayment, forgetPendingPayment } from "./pendingPayments";

/** /checkout/cancel?order=<id>: nothing was charged; the cart is kept for another try. */
export function CancelPage() {
  const [params] = useSearchParams();
  const orderId = params.get("order");
  const { count } = useCart();
  const number = findPendingPayment(orderId)?.displayNumber ?? (orderId ? orderId.slice(0, 8) : null);

  useEffect(() => {
    if (orderId) forgetPendingPayment(orderId);
  }, [orderId]);

  return (
    <Page title={CHECKOUT_MESSAGES.checkout.cancelTitle}>
      <Card className="max-w-2xl p-6 md:p-8">
        <div className="flex items-start gap-4">
          <CircleX aria-hidden="true" className="h-10 w-10 shrink-0 text-stone-500" />
          <div>
            <p className="text-lg text-stone-800">{CHECKOUT_MESSAGES.checkout.cancelDescription}</p>
            {number && /^[0-9a-f]{8}$/i.test(number) ? (
              <p className="mt-3 text-sm text-stone-600">
                Cancelled order: <span className="font-mono">#{number}</span>
              </p>
            ) : null}
          </div>
        </div>
        <div className="mt-8 flex flex-wrap gap-3">
          {count > 0 ? (
            <Link to="/checkout" className={buttonClasses("primary", "md")}>
              <RotateCcw aria-hidden="true" className="h-4 w-4" />
              {CHECKOUT_MESSAGES.checkout.tryAgain}
            </Link>
          ) : (
            <Link to="/create" className={buttonClasses("primary", "md")}>
              {CHECKOUT_MESSAGES.checkout.createLithophane}
            </Link>
          )}
          <Link to="/shop" className={cn(buttonClasses("outline", "md"))}>
            {CHECKOUT_MESSAGES.checkout.continueShopping}
          </Link>
          <Link to="/contact" className={buttonClasses("ghost", "md")}>
            {CHECKOUT_MESSAGES.track.contactSupport}
          </Link>
        </div>
      </Card>
    </Page>
  );
}
