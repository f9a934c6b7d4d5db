import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import { lampFromPricePence } from "@shared/product-types/lamp-offer";
import { Link } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button-classes";
import { ArrowRight } from "lucide-react";
import { useCurrency } from "../currency";
import { useLampSizes } from "./useLampSizes";

/** A lit shade drawn in CSS: the card's picture until the owner has a photo of one. */
function LampArt() {
  return (
    <div
      aria-hidden="true"
      className="relative flex h-56 items-end justify-center overflow-hidden rounded-2xl bg-[radial-gradient(circle_at_50%_40%,#57534e_0%,#1c1917_75%)] pb-6"
    >
      <div className="absolute top-10 h-40 w-40 rounded-full bg-glow-400/25 blur-3xl" />
      <div className="relative flex flex-col items-center">
        <div className="h-32 w-24 rounded-t-md bg-[linear-gradient(90deg,#b45309_0%,#fde68a_30%,#fffbeb_50%,#fde68a_70%,#b45309_100%)] opacity-95 shadow-[0_0_40px_rgba(253,230,138,0.45)]" />
        <div className="h-5 w-28 rounded-b-md bg-stone-800 ring-1 ring-stone-700" />
      </div>
    </div>
  );
}

/** The lithophane lamp in the shop: its sizes and from-price at the owner's prices, and its creator. */
export function LampProductCard() {
  const { formatPrice } = useCurrency();
  const { sizes, loading } = useLampSizes();
  const from = lampFromPricePence(sizes);
  const texts = LAMP_TEXTS_WEB.card;
  if (!loading && from === null) return null;
  return (
    <section
      aria-labelledby="lamp-card-title"
      className="grid gap-6 rounded-3xl border border-stone-200 bg-white p-6 shadow-sm md:grid-cols-[1fr_1.3fr] md:p-8"
      data-testid="lamp-card"
    >
      <LampArt />
      <div>
        <p className="text-sm font-semibold uppercase tracking-wider text-glow-800">{texts.eyebrow}</p>
        <div className="mt-2 flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="lamp-card-title" className="text-3xl text-stone-900">
            {texts.title}
          </h2>
          <p className="min-h-8 text-2xl font-semibold text-stone-900" aria-live="polite">
            {from !== null ? texts.fromPrice(formatPrice(from)) : null}
          </p>
        </div>
        <p className="mt-3 text-stone-700">{texts.text}</p>
        <h3 className="mt-4 text-lg text-stone-900">{texts.sizes}</h3>
        <ul className="mt-2 flex flex-wrap gap-2">
          {sizes.map((offer) => (
            <li
              key={offer.id}
              className="rounded-full border border-stone-300 px-3 py-1 text-sm text-stone-800"
            >
              {offer.name}
              {` · ${offer.status === "enabled" ? formatPrice(offer.pricePence) : LAMP_TEXTS_WEB.size.comingSoon}`}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-stone-600">{texts.base}</p>
        <Link to="/create/lamp" className={`${buttonClasses("glow", "lg")} mt-6`}>
          {texts.cta}
          <ArrowRight aria-hidden="true" className="h-5 w-5" />
        </Link>
      </div>
    </section>
  );
}
