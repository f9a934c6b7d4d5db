import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { Link } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { UserRound } from "lucide-react";

/** For a visitor not signed in: creating an account is offered, checking out as a guest works too. */
export function GuestAccountCard() {
  return (
    <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-glow-100">
        <UserRound aria-hidden="true" className="h-5 w-5 text-glow-800" />
      </span>
      <div className="flex-1">
        <h2 className="text-lg text-stone-900">{CHECKOUT_MESSAGES.checkout.guestTitle}</h2>
        <p className="text-sm text-stone-700">
          {CHECKOUT_MESSAGES.checkout.guestDescription} Checking out as a guest works too.
        </p>
      </div>
      <Link to="/auth" className={buttonClasses("outline", "md")}>
        {CHECKOUT_MESSAGES.checkout.createAccount}
      </Link>
    </Card>
  );
}
