import { SUPPORT_EMAIL } from "@shared/brand";
import { COLOUR_TEXTS } from "@shared/colour-texts";
import { MAX_UPLOAD_BYTES, RECOMMENDED_MIN_IMAGE_PX } from "@shared/limits";
import { MESSAGES } from "@shared/messages";
import { formatGbpForCopy as gbp } from "@shared/money";
import {
  BULK_ORDER_UNITS,
  CANCELLATION_WINDOW_HOURS,
  DELIVERY_INTERNATIONAL_FAQ_DAYS,
  DELIVERY_UK_IE_DAYS,
  EXPRESS_DELIVERY_DAYS,
  EXPRESS_SHIPPING_PENCE,
  FREE_SHIPPING_THRESHOLD_PENCE,
  LED_RATED_HOURS,
  PRODUCTION_DAYS_FAQ,
  RETURN_WINDOW_DAYS,
  STANDARD_SHIPPING_PENCE,
  SUPPORT_REPLY_HOURS,
} from "@shared/shipping";
import { Link } from "@web/app/routing";
import { buttonClasses } from "@web/components/ui/button";
import { TOUCH_TARGET } from "@web/components/ui/button-classes";
import { cn } from "@web/components/ui/cn";
import { Page } from "@web/components/ui/page";
import { ChevronDown, Mail, MessageSquare, ShieldCheck } from "lucide-react";
import { Accordion } from "radix-ui";
import type { ReactNode } from "react";

const MAX_UPLOAD_MB = MAX_UPLOAD_BYTES / (1024 * 1024);
const inlineLink = "font-medium text-glow-800 underline underline-offset-4 hover:text-stone-900";

/** The eleven questions; answers use the spec's figures from src/shared. */
const FAQ_ITEMS: ReadonlyArray<{ id: string; question: string; answer: ReactNode }> = [
  {
    id: "what-is",
    question: "What exactly is a lithophane?",
    answer: (
      <p>
        A lithophane is a thin panel whose thickness follows the light and shade of a photo. On its own it
        looks like a pale relief; with light behind it, your picture appears in warm, detailed tones. We
        3D-print each panel from your photo and fit it into a frame with an LED lightbox.
      </p>
    ),
  },
  {
    id: "best-photo",
    question: "What kind of photo works best?",
    answer: (
      <p>
        Sharp, well-lit photos with a clear subject make the loveliest lithophanes: faces, pets, weddings and
        landscapes with good contrast all print beautifully. We recommend images of at least{" "}
        {RECOMMENDED_MIN_IMAGE_PX}x{RECOMMENDED_MIN_IMAGE_PX} px. Very dark or heavily filtered photos lose
        detail, so if we spot a problem with yours we will email you before printing.
      </p>
    ),
  },
  {
    id: "file-types",
    question: "Which file types and sizes can I upload?",
    answer: (
      <p>
        We accept JPG, PNG and WEBP images up to {MAX_UPLOAD_MB} MB each. Photos straight from a modern phone
        are usually perfect; if yours is larger than {MAX_UPLOAD_MB} MB, an email or messaging app's "medium"
        size will bring it under the limit without losing the detail we need.
      </p>
    ),
  },
  {
    id: "colour",
    question: COLOUR_TEXTS.faq.question,
    answer: (
      <div className="space-y-3">
        {COLOUR_TEXTS.faq.answer.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </div>
    ),
  },
  {
    id: "production",
    question: "How long does it take to make my order?",
    answer: (
      <p>
        Every lightbox is made to order. Production takes {PRODUCTION_DAYS_FAQ} business days, which covers
        preparing your photo, printing the panel, assembly and a final check with the light on.{" "}
        {COLOUR_TEXTS.faq.productionNote}
      </p>
    ),
  },
  {
    id: "delivery",
    question: "How long does delivery take?",
    answer: (
      <p>
        Once dispatched, delivery takes {DELIVERY_UK_IE_DAYS} business days to the UK and Ireland and{" "}
        {DELIVERY_INTERNATIONAL_FAQ_DAYS} business days internationally. You can follow your parcel on our{" "}
        <Link to="/track" className={inlineLink}>
          Track Order
        </Link>{" "}
        page. See our{" "}
        <Link to="/shipping" className={inlineLink}>
          shipping information
        </Link>{" "}
        for the full details.
      </p>
    ),
  },
  {
    id: "shipping-cost",
    question: "How much does shipping cost?",
    answer: (
      <p>
        In the UK, standard shipping is free on orders over {gbp(FREE_SHIPPING_THRESHOLD_PENCE)} and{" "}
        {gbp(STANDARD_SHIPPING_PENCE)} otherwise. In a hurry? Express delivery arrives in{" "}
        {EXPRESS_DELIVERY_DAYS} business days for {gbp(EXPRESS_SHIPPING_PENCE)}. We deliver to Ireland, Europe
        and the world too: checkout shows your country's price and delivery dates before you pay. Parcels to
        the UK and the EU carry no import charges; elsewhere your country's customs may charge duties and
        taxes on delivery, paid by you to the carrier.
      </p>
    ),
  },
  {
    id: "led",
    question: "How long do the LEDs last?",
    answer: (
      <p>
        Our warm white LEDs are rated for {LED_RATED_HOURS} hours. Even lit every evening, that is many years
        of glow, and because LEDs run cool they are safe for a bedside table or a nursery shelf.
      </p>
    ),
  },
  {
    id: "not-happy",
    question: "What if I'm not happy with my lithophane?",
    answer: (
      <p>
        Every order comes with our {RETURN_WINDOW_DAYS}-day money-back guarantee. Get in touch within{" "}
        {RETURN_WINDOW_DAYS} days of delivery and we will make it right, with a reprint or a full refund. Read
        our{" "}
        <Link to="/returns" className={inlineLink}>
          returns and refunds policy
        </Link>{" "}
        for how it works.
      </p>
    ),
  },
  {
    id: "cancel",
    question: "Can I change or cancel my order?",
    answer: (
      <p>
        Yes, within {CANCELLATION_WINDOW_HOURS} hours of placing it. Email us with your order number and we
        will update or cancel it before printing starts. After that your lithophane is already being made just
        for you.
      </p>
    ),
  },
  {
    id: "bulk",
    question: `Can I order ${BULK_ORDER_UNITS} or more lithophanes at once?`,
    answer: (
      <p>
        Of course. For orders of {BULK_ORDER_UNITS} or more units, such as wedding favours, memorial gifts or
        corporate orders, please{" "}
        <Link to="/contact" className={inlineLink}>
          contact our support team
        </Link>{" "}
        first so we can plan production and agree a delivery date with you.
      </p>
    ),
  },
];

export function FaqPage() {
  return (
    <Page
      title="Frequently Asked Questions"
      intro="Everything you might wonder about your lithophane, from choosing a photo to the day it arrives. Can't see your question? We are happy to help."
    >
      <section aria-labelledby="questions-title">
        <h2 id="questions-title" className="text-3xl text-stone-900">
          Common questions
        </h2>
        <Accordion.Root
          type="single"
          collapsible
          className="mt-6 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white shadow-sm"
        >
          {FAQ_ITEMS.map((item) => (
            <Accordion.Item key={item.id} value={item.id}>
              <Accordion.Header asChild>
                <h3>
                  <Accordion.Trigger className="group flex min-h-14 w-full items-center justify-between gap-4 px-5 py-4 text-left font-sans text-lg font-medium text-stone-900 hover:bg-stone-50">
                    {item.question}
                    <ChevronDown
                      aria-hidden="true"
                      className="h-5 w-5 shrink-0 text-stone-700 transition-transform group-data-[state=open]:rotate-180"
                    />
                  </Accordion.Trigger>
                </h3>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-5 text-stone-700">{item.answer}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </section>

      <section
        aria-labelledby="faq-create-title"
        className="mt-16 flex flex-col items-start gap-6 rounded-3xl bg-stone-900 px-6 py-10 text-white md:flex-row md:items-center md:justify-between md:px-10"
      >
        <div>
          <h2 id="faq-create-title" className="text-3xl text-white">
            Ready to create yours?
          </h2>
          <p className="mt-2 max-w-xl text-stone-200">
            Upload a photo, choose your shape, frame and size, and watch the preview light up.
          </p>
        </div>
        <Link to="/shop/create" className={cn(buttonClasses("glow", "lg"), "shrink-0")}>
          {MESSAGES.home.createCta}
        </Link>
      </section>

      <section aria-labelledby="support-title" className="mt-16">
        <h2 id="support-title" className="text-3xl text-stone-900">
          Still have a question?
        </h2>
        <div className="mt-6 grid gap-6 md:grid-cols-3">
          <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <Mail aria-hidden="true" className="h-7 w-7 text-glow-700" />
            <h3 className="mt-3 text-xl text-stone-900">Email support</h3>
            <p className="mt-2 text-stone-700">
              We reply within {SUPPORT_REPLY_HOURS} hours, Monday to Saturday.
            </p>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className={cn(inlineLink, TOUCH_TARGET, "mt-3 inline-block py-1 break-all")}
            >
              {SUPPORT_EMAIL}
            </a>
          </div>
          <div className="rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
            <MessageSquare aria-hidden="true" className="h-7 w-7 text-glow-700" />
            <h3 className="mt-3 text-xl text-stone-900">Send us a message</h3>
            <p className="mt-2 text-stone-700">
              Tell us about your order or idea and we will get back to you.
            </p>
            <Link to="/contact" className={cn(buttonClasses("outline", "sm"), "mt-4")}>
              Go to the contact form
            </Link>
          </div>
          <div className="rounded-2xl border border-glow-300 bg-glow-50 p-6 shadow-sm">
            <ShieldCheck aria-hidden="true" className="h-7 w-7 text-glow-800" />
            <h3 className="mt-3 text-xl text-stone-900">{RETURN_WINDOW_DAYS}-day money-back guarantee</h3>
            <p className="mt-2 text-stone-700">
              If your lithophane isn't everything you hoped, tell us within {RETURN_WINDOW_DAYS} days and we
              will reprint it or refund you in full.
            </p>
            <Link to="/returns" className={cn(inlineLink, TOUCH_TARGET, "mt-3 inline-block py-1")}>
              How returns work
            </Link>
          </div>
        </div>
      </section>
    </Page>
  );
}
