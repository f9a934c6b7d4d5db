import { BRAND_NAME } from "@shared/brand";
import { DELIVERY_TEXTS } from "@shared/delivery-texts";
import { LAMP_TEXTS_WEB } from "@shared/lamp-texts";
import { MESSAGES } from "@shared/messages";
import { formatGbpForCopy as gbp } from "@shared/money";
import { LED_RATED_HOURS, RETURN_WINDOW_DAYS } from "@shared/shipping";
import { Link } from "@web/app/routing";
import { freeShippingThresholdPence, useStorefrontWhenNear } from "@web/app/storefront";
import { LazyCustomerGallery, LazyCustomerReviews } from "@web/components/storefront/lazy-sections";
import { buttonClasses } from "@web/components/ui/button-classes";
import { cn } from "@web/components/ui/cn";
import { Box, Camera, Cpu, Hand, Lightbulb, MapPin, ShieldCheck, Upload } from "lucide-react";
import { type ComponentType, type ReactNode, Suspense, type SVGProps } from "react";
import { CollectionsWhenNear } from "./CollectionsWhenNear";
import { HomeHero } from "./HomeHero";

type Icon = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * The owner's free-shipping threshold, e.g. "£75": the page server writes the live figure into
 * the pre-rendered page (the attribute is FREE_SHIPPING_FIGURE_ATTR, @shared/storefront).
 */
function FreeShippingOver() {
  return <span data-free-shipping-over="">{gbp(freeShippingThresholdPence())}</span>;
}

const STEPS: ReadonlyArray<{ title: string; text: string; icon: Icon }> = [
  {
    title: "Upload your photo and choose your selections",
    text: "Pick a favourite picture, crop it in the creator, then choose the shape, frame colour, size and collection. The live preview shows you the result as you go.",
    icon: Upload,
  },
  {
    title: "3D processing",
    text: "We turn every pixel into a thickness: the brighter the spot in your photo, the thinner the print. Each panel is then printed layer by layer in fine white PLA.",
    icon: Cpu,
  },
  {
    title: "Handcrafted assembly and quality control",
    text: "In our Northern Ireland workshop we fit your panel into its frame and lightbox by hand, then switch it on and check every detail before it is signed off.",
    icon: Hand,
  },
  {
    title: "Hand packaging and delivery",
    text: "Your lightbox is wrapped by hand in recyclable padding and a sturdy box, and sent tracked to your door across the UK, Ireland and the world.",
    icon: Box,
  },
];

const FEATURES: ReadonlyArray<{ title: string; text: ReactNode; icon: Icon }> = [
  {
    title: "Made from your photo",
    text: "No templates and no stock images: every lithophane is printed once, from the picture you send us.",
    icon: Camera,
  },
  {
    title: "Handmade in Northern Ireland",
    text: DELIVERY_TEXTS.madeWithin,
    icon: MapPin,
  },
  {
    title: "Built to glow for years",
    text: `Warm white LEDs rated for ${LED_RATED_HOURS} hours: that is years of evenings by the sofa or the bedside.`,
    icon: Lightbulb,
  },
  {
    title: "Risk-free gifting",
    text: (
      <>
        Free standard UK shipping on orders over <FreeShippingOver />, and a {RETURN_WINDOW_DAYS}-day
        money-back guarantee.
      </>
    ),
    icon: ShieldCheck,
  },
];

export function HomePage() {
  // Approved reviews and the owner's gallery appear once hydrated and scrolled towards.
  const [reviewsRef, storefront] = useStorefrontWhenNear<HTMLDivElement>();
  return (
    <>
      <section aria-labelledby="hero-title" className="relative overflow-hidden bg-stone-950 text-white">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_75%_40%,rgba(251,191,36,0.22),transparent_60%)]"
        />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 md:grid-cols-[1.1fr_1fr] md:py-24">
          <div>
            <p className="text-sm font-semibold uppercase tracking-widest text-glow-300">
              Custom lithophane lightboxes
            </p>
            <h1 id="hero-title" className="mt-4 text-4xl leading-tight text-white sm:text-5xl md:text-6xl">
              Your favourite photo, carved in light
            </h1>
            <p className="mt-6 max-w-xl text-lg text-stone-200">
              Send us a picture and we will 3D-print it into a translucent panel that looks like a blank
              relief by day and glows into your photo when the lightbox is on. Designed, printed and assembled
              by hand in Northern Ireland.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/shop/create" className={buttonClasses("glow", "lg")}>
                {MESSAGES.home.createCta}
              </Link>
              <Link
                to="/about"
                className={cn(
                  buttonClasses("ghost", "lg"),
                  "border border-stone-500 text-white hover:bg-stone-800 hover:text-white",
                )}
              >
                {MESSAGES.home.learnMore}
                <span className="sr-only"> about lithophanes and our workshop</span>
              </Link>
            </div>
            <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm text-stone-300">
              <li>Handmade in Northern Ireland</li>
              <li>
                Free UK shipping over <FreeShippingOver />
              </li>
              <li>{RETURN_WINDOW_DAYS}-day money-back guarantee</li>
            </ul>
          </div>
          <HomeHero />
        </div>
      </section>

      <section aria-labelledby="what-title" className="mx-auto max-w-6xl px-4 py-16 md:py-24">
        <div className="grid items-center gap-10 md:grid-cols-2">
          <div>
            <h2 id="what-title" className="text-3xl text-stone-900 md:text-4xl">
              What is a lithophane?
            </h2>
            <p className="mt-4 text-lg text-stone-700">
              A lithophane is a picture made of shadow and light. The first ones, nearly two hundred years
              ago, were moulded in thin porcelain; we print ours in fine white PLA. Where your photo is bright
              the panel is paper-thin and lets the light pour through; where it is dark the panel is thicker
              and holds the light back.
            </p>
            <p className="mt-4 text-stone-700">
              Switched off, it looks like a pale, textured relief. Switched on, your photo appears in soft,
              warm detail, from the freckles on a cheek to the waves on a beach. It is the kind of gift people
              walk over to and touch.
            </p>
          </div>
          <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <h3 className="text-xl text-stone-900">Thickness makes the picture</h3>
            <ul className="mt-5 space-y-4">
              {[
                {
                  label: "Thin panel, under a millimetre",
                  result: "bright highlights",
                  light: "bg-glow-50",
                  w: "w-1/6",
                },
                { label: "Medium panel", result: "soft mid-tones", light: "bg-glow-300", w: "w-1/3" },
                {
                  label: "Thick panel, about three millimetres",
                  result: "deep shadows",
                  light: "bg-glow-800",
                  w: "w-1/2",
                },
              ].map((row) => (
                <li key={row.result} className="flex items-center gap-4">
                  <span
                    aria-hidden="true"
                    className="flex h-12 w-24 shrink-0 items-center rounded-md bg-stone-200 p-1"
                  >
                    <span className={cn("h-full rounded-sm bg-stone-50 shadow-inner", row.w)} />
                    <span className={cn("ml-1 h-full flex-1 rounded-sm", row.light)} />
                  </span>
                  <span className="text-stone-700">
                    <span className="font-medium text-stone-900">{row.label}</span> gives {row.result}
                  </span>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section aria-labelledby="process-title" className="bg-white py-16 md:py-24">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="process-title" className="text-3xl text-stone-900 md:text-4xl">
            From your photo to a glowing keepsake
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-stone-700">
            Four steps, and a real person at every one of them.
          </p>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="relative rounded-2xl border border-stone-200 bg-stone-50 p-6">
                <div className="flex items-center gap-3">
                  <span className="flex h-10 w-10 items-center justify-center rounded-full bg-stone-900 font-display text-lg text-glow-300">
                    {i + 1}
                  </span>
                  <step.icon aria-hidden="true" className="h-6 w-6 text-glow-700" />
                </div>
                <h3 className="mt-4 text-xl text-stone-900">{step.title}</h3>
                <p className="mt-2 text-stone-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <div className="mx-auto max-w-6xl px-4 pt-16 md:pt-24">
        <CollectionsWhenNear />
      </div>

      <section aria-labelledby="features-title" className="mx-auto max-w-6xl px-4 py-16 md:py-24">
        <h2 id="features-title" className="text-3xl text-stone-900 md:text-4xl">
          Why people choose {BRAND_NAME}
        </h2>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <li key={f.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-glow-100">
                <f.icon aria-hidden="true" className="h-6 w-6 text-glow-800" />
              </span>
              <h3 className="mt-4 text-xl text-stone-900">{f.title}</h3>
              <p className="mt-2 text-stone-700">{f.text}</p>
            </li>
          ))}
        </ul>
      </section>

      {/* Customers' words only from approved reviews in the shop's database (issue 46: no
          testimonial is written into the page), or no section at all. The pre-rendered page
          has none; the marker below loads them as the visitor scrolls towards it. */}
      <div ref={reviewsRef} aria-hidden="true" />
      {storefront && storefront.reviews.length > 0 ? (
        <section aria-labelledby="reviews-title" className="bg-glow-50 py-16 md:py-24">
          <div className="mx-auto max-w-6xl px-4">
            <h2 id="reviews-title" className="text-3xl text-stone-900 md:text-4xl">
              {MESSAGES.home.reviewsHeading}
            </h2>
            <Suspense fallback={null}>
              <LazyCustomerReviews reviews={storefront.reviews} rating={storefront.rating} />
            </Suspense>
          </div>
        </section>
      ) : null}

      {storefront && storefront.gallery.length > 0 ? (
        <Suspense fallback={null}>
          <LazyCustomerGallery images={storefront.gallery} />
        </Suspense>
      ) : null}

      <section aria-labelledby="cta-title" className="mx-auto max-w-6xl px-4 pt-16 md:pt-24">
        <div className="relative overflow-hidden rounded-3xl bg-stone-900 px-6 py-12 text-center text-white md:px-12 md:py-16">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-0 bg-[radial-gradient(circle_at_50%_0%,rgba(251,191,36,0.28),transparent_65%)]"
          />
          <div className="relative">
            <h2 id="cta-title" className="text-3xl text-white md:text-4xl">
              Ready to see your photo in a new light?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-stone-200">
              It takes about five minutes to design yours. We will take it from there.
            </p>
            <Link to="/shop/create" className={cn(buttonClasses("glow", "lg"), "mt-8")}>
              {MESSAGES.home.createCta}
            </Link>
            <p className="mt-5">
              <Link
                to="/create/lamp"
                className="inline-flex min-h-11 items-center font-medium text-glow-200 underline underline-offset-4 hover:text-white"
              >
                {LAMP_TEXTS_WEB.card.homeLink}
              </Link>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
