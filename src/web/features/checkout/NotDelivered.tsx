import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import { countryName } from "@shared/world-countries";
import { Link } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { Globe } from "lucide-react";

/** The chosen country is in no shipping zone: say so, and offer the contact form with the subject filled in. */
export function NotDelivered({ country }: { country: string }) {
  const name = countryName(country);
  const params = new URLSearchParams({
    subject: "shipping",
    message: `${INTERNATIONAL_MESSAGES.contactSubject(name)}: `,
  });
  return (
    <div
      role="alert"
      className="rounded-xl border border-glow-300 bg-glow-50 p-4"
      data-testid="not-delivered"
    >
      <p className="flex gap-2 text-stone-900">
        <Globe aria-hidden="true" className="mt-0.5 h-5 w-5 shrink-0" />
        {INTERNATIONAL_MESSAGES.notDelivered(name)}
      </p>
      <Link to={`/contact?${params}`} className={cn(buttonClasses("outline", "sm"), "mt-3")}>
        {INTERNATIONAL_MESSAGES.askAboutCountry}
      </Link>
    </div>
  );
}
