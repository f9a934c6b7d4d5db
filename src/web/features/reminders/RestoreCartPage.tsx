import { CUSTOMER_MAIL_TEXTS as T } from "@shared/customer-mail";
import { MESSAGES } from "@shared/messages";
import { Link, useNavigate, useSearchParams } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Page } from "@web/components/ui/page";
import { restoreCart } from "@web/features/reminders/api";
import { writeReminderHandle } from "@web/features/reminders/reminderHandle";
import { useEffect, useRef, useState } from "react";
import { notify, useCart } from "../cart";

/**
 * A cart reminder's link (issue 33): the cart kept for the reminder becomes this browser's
 * cart, on any device, and the buyer goes on to checkout. A forged, changed or expired link,
 * or a cart already bought, is said so.
 */
export function RestoreCartPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const cart = useCart();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(token ? null : T.restoreInvalid);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    restoreCart(token)
      .then((answer) => {
        writeReminderHandle(answer.handle);
        cart.set(answer.items);
        notify(MESSAGES.cart.restored);
        void navigate("/checkout", { replace: true });
      })
      .catch((failure: unknown) => setError(failure instanceof Error ? failure.message : T.restoreInvalid));
  }, [token, cart, navigate]);

  return (
    <Page title="Your cart">
      {error ? (
        <Card role="alert" className="p-5 text-stone-900">
          <p>{error}</p>
          <Link to="/shop" className={`${buttonClasses("outline", "sm")} mt-4`}>
            {T.goToShop}
          </Link>
        </Card>
      ) : (
        <p role="status">{T.restoring}</p>
      )}
    </Page>
  );
}
