import { BRAND_NAME } from "@shared/brand";
import { PRODUCTION_DAYS_TEXT } from "@shared/delivery-texts";
import { MESSAGES } from "@shared/messages";
import { LED_RATED_HOURS, SUPPORT_REPLY_HOURS } from "@shared/shipping";
import { Link } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { cn } from "@web/components/ui/cn";
import { Page } from "@web/components/ui/page";
import { Hand, Heart, Leaf, MessageCircle } from "lucide-react";
import type { ComponentType, SVGProps } from "react";

const VALUES: ReadonlyArray<{ title: string; text: string; icon: ComponentType<SVGProps<SVGSVGElement>> }> = [
  {
    title: "Personal from the first pixel",
    text: "Your photo is the whole point. We look at every upload before printing, and if a picture would print soft or too dark we tell you, rather than sending something we are not proud of.",
    icon: Heart,
  },
  {
    title: "Handmade, not mass-produced",
    text: "Each panel is printed to order and every lightbox is assembled, lit and checked by hand in our workshop. Nothing sits in a warehouse waiting for you.",
    icon: Hand,
  },
  {
    title: "Made to last, and kind to the planet",
    text: `We print in PLA, a plant-based plastic, use LEDs rated for ${LED_RATED_HOURS} hours, and pack in recyclable card and paper padding instead of foam.`,
    icon: Leaf,
  },
  {
    title: "Honest and easy to reach",
    text: `Clear prices in pounds, no hidden extras, and a real person who answers your emails within ${SUPPORT_REPLY_HOURS} hours, Monday to Saturday.`,
    icon: MessageCircle,
  },
];

export function AboutPage() {
  return (
    <Page
      title={`About ${BRAND_NAME}`}
      intro="We are a small lithophane workshop in Northern Ireland, turning the photos people love into lightboxes that glow on mantelpieces, bedside tables and office desks across the UK, Ireland and further afield."
    >
      <section aria-labelledby="story-title" className="grid gap-8 md:grid-cols-[3fr_2fr]">
        <div>
          <h2 id="story-title" className="text-3xl text-stone-900">
            Our story
          </h2>
          <div className="mt-4 space-y-4 text-lg text-stone-700">
            <p>
              {BRAND_NAME} began with one photograph: a faded snap of a grandmother on a windy beach on the
              north coast. We wanted to give it to the family in a way that felt as special as the memory, and
              a 3D printer in the spare room turned it into a lithophane. When the light went on behind it,
              the whole room went quiet.
            </p>
            <p>
              Friends asked for one, then friends of friends. Years of tinkering later, the spare room has
              become a small workshop, and the printers hum most days of the week. We still make every
              lightbox the same way: one customer, one photo, one careful print at a time.
            </p>
            <p>
              Today we send lithophanes of weddings, newborns, much-missed pets, first homes and favourite
              views to customers all over the UK and Ireland, and post them further afield too.
            </p>
          </div>
        </div>
        <aside
          aria-label="The workshop in numbers"
          className="self-start rounded-2xl bg-stone-900 p-6 text-white"
        >
          <dl className="space-y-5">
            <div>
              <dt className="text-sm text-stone-300">Made to order in</dt>
              <dd className="font-display text-3xl text-glow-300">{PRODUCTION_DAYS_TEXT} business days</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-300">LED lifetime</dt>
              <dd className="font-display text-3xl text-glow-300">{LED_RATED_HOURS} hours</dd>
            </div>
            <div>
              <dt className="text-sm text-stone-300">Replies from a real person within</dt>
              <dd className="font-display text-3xl text-glow-300">{SUPPORT_REPLY_HOURS} hours</dd>
            </div>
          </dl>
        </aside>
      </section>

      <section aria-labelledby="values-title" className="mt-16">
        <h2 id="values-title" className="text-3xl text-stone-900">
          What we value
        </h2>
        <ul className="mt-6 grid gap-6 sm:grid-cols-2">
          {VALUES.map((v) => (
            <li key={v.title} className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <span className="flex h-12 w-12 items-center justify-center rounded-xl bg-glow-100">
                <v.icon aria-hidden="true" className="h-6 w-6 text-glow-800" />
              </span>
              <h3 className="mt-4 text-xl text-stone-900">{v.title}</h3>
              <p className="mt-2 text-stone-700">{v.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="mission-title" className="mt-16 rounded-3xl bg-glow-100 px-6 py-10 md:px-12">
        <h2 id="mission-title" className="text-3xl text-stone-900">
          Our mission
        </h2>
        <p className="mt-4 max-w-3xl text-lg text-stone-800">
          Most of our best photos live on phones and are rarely seen again. Our mission is to bring a few of
          them back into the room: to make keepsakes that are personal, beautifully made and built to light up
          a home for years, and to make ordering one as easy and friendly as popping into a local shop.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/shop/create" className={buttonClasses("primary", "lg")}>
            {MESSAGES.home.createCta}
          </Link>
          <Link to="/contact" className={cn(buttonClasses("outline", "lg"), "border-stone-400")}>
            Say hello
          </Link>
        </div>
      </section>
    </Page>
  );
}
