import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { MESSAGES } from "@shared/messages";
import { Link } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { Page } from "@web/components/ui/page";
import { ShoppingBag } from "lucide-react";

/** The checkout with an empty cart: an invitation to create a lithophane. */
export function EmptyCheckout() {
  return (
    <Page title="Checkout">
      <Card className="mx-auto max-w-lg text-center">
        <ShoppingBag aria-hidden="true" className="mx-auto h-12 w-12 text-stone-400" />
        <h2 className="mt-4 text-2xl text-stone-900">{MESSAGES.cart.empty}</h2>
        <p className="mt-2 text-stone-700">{CHECKOUT_MESSAGES.checkout.cartEmpty.description}</p>
        <Link to="/create" className={cn(buttonClasses("glow", "lg"), "mt-6")}>
          {CHECKOUT_MESSAGES.checkout.createLithophane}
        </Link>
      </Card>
    </Page>
  );
}
