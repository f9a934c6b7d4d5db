import { zodResolver } from "@hookform/resolvers/zod";
import { checkoutStartKey, isNewCheckoutStart } from "@shared/analytics-texts";
import type { CartItem } from "@shared/cart";
import { BULK_ORDER_TEXTS, bulkOrderContactHref } from "@shared/cart-advice";
import { cartLineSummary } from "@shared/cart-line";
import { checkoutTotals } from "@shared/checkout";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { COMMERCE_MESSAGES } from "@shared/commerce-messages";
import { findCountryByName } from "@shared/countries";
import { isColourConfig } from "@shared/delivery-dates";
import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import { MESSAGES } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { lineThumbnail } from "@shared/order-line";
import { productTypeOf } from "@shared/product-types";
import {
  type CheckoutExtras,
  type CheckoutExtrasFormValues,
  checkoutExtrasFormSchema,
  type ShippingInfo,
  shippingInfoSchema,
} from "@shared/schemas";
import {
  BULK_ORDER_UNITS,
  DEFAULT_SHIPPING_METHOD,
  needsSupportForQuantity,
  type ShippingMethod,
  SUPPORT_REPLY_HOURS,
} from "@shared/shipping";
import {
  type DutiesPolicy,
  dutiesFor,
  zoneAmountToFreeShipping,
  zoneForCountry,
  zoneShippingOptions,
} from "@shared/shipping-zones";
import { countryCodeOf, countryName, DEFAULT_COUNTRY_CODE } from "@shared/world-countries";
import { useQuery } from "@tanstack/react-query";
import { trackEvent } from "@web/api/events";
import { type PublicShippingZone, shippingZonesQuery } from "@web/api/shipping";
import { Link } from "@web/app/routing";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { Page } from "@web/components/ui/page";
import { ThumbnailImage } from "@web/components/ui/thumbnail-image";
import {
  CalendarDays,
  Globe,
  Info,
  Loader2,
  Lock,
  Package,
  ShoppingBag,
  TriangleAlert,
  UserRound,
} from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { type Profile, useAuth } from "../auth";
import { cartItemTitle, notify, useCart } from "../cart";
import { DiscountField, DiscountLines, type DiscountState, useCurrentPrices, useDiscount } from "../commerce";
import { useCurrency } from "../currency";
import { CartReminderOptIn } from "./CartReminderOptIn";
import { EMPTY_GIFT_FORM, GiftFields, type GiftForm } from "./GiftFields";
import { ShippingFields, type ShippingForm, type ShippingFormValues } from "./ShippingFields";
import { useCheckoutSubmit } from "./useCheckoutSubmit";

type FieldName = keyof ShippingFormValues;

const EMPTY_FORM: ShippingFormValues = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  state: "",
  postalCode: "",
  country: DEFAULT_COUNTRY_CODE,
};

const MISSING = CHECKOUT_MESSAGES.validation.requiredFieldsCheckout;

/** The profile's name, phone and saved address (in any country the shop delivers to). */
function fromProfile(
  profile: Profile | null | undefined,
  email: string | undefined,
  served: ReadonlySet<string>,
): Partial<ShippingFormValues> {
  const prefill: Partial<ShippingFormValues> = {};
  if (email) prefill.email = email;
  if (!profile) return prefill;
  if (profile.firstName) prefill.firstName = profile.firstName;
  if (profile.lastName) prefill.lastName = profile.lastName;
  if (profile.phone) {
    prefill.phone =
      profile.phoneCountryCode && profile.phoneCountryCode !== "+44"
        ? `${profile.phoneCountryCode} ${profile.phone}`
        : profile.phone;
  }
  // A saved address only counts with its country, and only where the shop delivers.
  const country = countryCodeOf(profile.country) ?? findCountryByName(profile.country)?.iso2;
  if (profile.addressLine1 && country && served.has(country)) {
    prefill.country = country;
    prefill.addressLine1 = profile.addressLine1;
    if (profile.addressLine2) prefill.addressLine2 = profile.addressLine2;
    if (profile.city) prefill.city = profile.city;
    if (profile.state) prefill.state = profile.state;
    if (profile.postalCode) prefill.postalCode = profile.postalCode;
  }
  return prefill;
}

/** The cart whose checkout start the funnel has counted (this tab). */
const CHECKOUT_START_KEY = "lithobox.checkoutStartFor";

export function CheckoutPage() {
  const cart = useCart();
  if (cart.items.length === 0) return <EmptyCheckout />;
  return <CheckoutForm />;
}

function EmptyCheckout() {
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

function CheckoutForm() {
  const { items } = useCart();
  useCurrentPrices();
  const discount = useDiscount(items);
  const auth = useAuth();
  const { currency, formatPrice } = useCurrency();
  const zonesQuery = useQuery(shippingZonesQuery());
  const zones = zonesQuery.data;
  const served = useMemo(() => new Set(zones?.flatMap((z) => z.countries) ?? []), [zones]);
  const [method, setMethod] = useState<ShippingMethod>(DEFAULT_SHIPPING_METHOD);
  const [refusedCountry, setRefusedCountry] = useState<string | null>(null);
  // Once per cart, not per visit (issue 30): the funnel's starts never outnumber its carts.
  const startKey = checkoutStartKey(items.map((item) => item.id));
  useEffect(() => {
    let last: string | null = null;
    try {
      last = window.sessionStorage.getItem(CHECKOUT_START_KEY);
      if (isNewCheckoutStart(startKey, last)) window.sessionStorage.setItem(CHECKOUT_START_KEY, startKey);
    } catch {
      // No storage: count the visit.
    }
    if (isNewCheckoutStart(startKey, last)) trackEvent("checkout_start");
  }, [startKey]);

  const form: ShippingForm = useForm<ShippingFormValues, unknown, ShippingInfo>({
    resolver: zodResolver(shippingInfoSchema),
    defaultValues: EMPTY_FORM,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { handleSubmit, reset, setError, getValues, watch, formState } = form;
  const giftForm: GiftForm = useForm<CheckoutExtrasFormValues, unknown, CheckoutExtras>({
    resolver: zodResolver(checkoutExtrasFormSchema),
    defaultValues: EMPTY_GIFT_FORM,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const { dirtyFields } = formState;
  const country = watch("country");

  // Prefill from the profile once it and the zones are known, without overwriting anything typed.
  const prefilledFor = useRef<string | null>(null);
  const me = auth.me;
  useEffect(() => {
    if (!me || !zones || prefilledFor.current === me.user.id) return;
    prefilledFor.current = me.user.id;
    const prefill = fromProfile(me.profile, me.user.email, served);
    const current = getValues();
    const next = { ...current };
    for (const [key, value] of Object.entries(prefill) as [FieldName, string][]) {
      const untouched = !dirtyFields[key] && (key === "country" ? !dirtyFields.addressLine1 : !current[key]);
      if (untouched) next[key] = value;
    }
    reset(next, { keepDirty: true });
  }, [me, zones, served, reset, getValues, dirtyFields]);

  // A colour lithophane takes 2 more production days: the windows shown are the colour ones.
  const colour = items.some((item) => isColourConfig(item.config));
  const countryZone = zones ? zoneForCountry(zones, country) : undefined;
  const zone = countryZone && colour ? { ...countryZone, windows: countryZone.colourWindows } : countryZone;
  const units = items.length;
  const bulk = needsSupportForQuantity(units);
  const totals = useMemo(
    () =>
      checkoutTotals(
        items.map((i) => i.price),
        method,
        { zone, discount: discount.applied },
      ),
    [items, method, zone, discount.applied],
  );

  const onInvalid = (formErrors: FieldErrors<ShippingFormValues>) => {
    // The gift and billing card shows its own problems at the same time.
    void giftForm.trigger();
    const missing = Object.values(formErrors).some((e) => e?.message === MISSING);
    if (missing) notify(CHECKOUT_MESSAGES.checkout.missingInformation);
  };

  const { submit, busy, refused } = useCheckoutSubmit({
    items,
    method,
    zoneKnown: zone !== undefined,
    bulk,
    shippingPence: totals.shippingPence,
    discountCode: discount.applied?.code ?? null,
    currency,
    setError,
    setGiftError: giftForm.setError,
    onShippingPriceChanged: () => void zonesQuery.refetch(),
  });
  // The delivery form is valid: the gift and billing card must be too before anything is sent.
  const onValid = (values: ShippingInfo) =>
    giftForm.handleSubmit(
      (extras) => submit(values, extras),
      (giftErrors) => {
        const b = giftErrors.billing;
        const billing = [b?.addressLine1, b?.city, b?.state, b?.postalCode, b?.country];
        const missing =
          giftErrors.gift?.recipientName?.message === MISSING || billing.some((e) => e?.message === MISSING);
        if (missing) notify(CHECKOUT_MESSAGES.checkout.missingInformation);
      },
    )();

  const duties = zone ? dutiesFor(zone, country) : null;
  return (
    <Page title="Checkout" intro="Check your delivery details and order, then pay securely in a new tab.">
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={busy}>
        <div className="grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
          <div className="space-y-6">
            <Card className="p-6 md:p-8">
              <h2 className="text-2xl text-stone-900">{CHECKOUT_MESSAGES.checkout.shippingInformation}</h2>
              <p className="mt-1 text-sm text-stone-700">
                Fields marked{" "}
                <span aria-hidden="true" className="text-red-700">
                  *
                </span>
                <span className="sr-only">with an asterisk</span> are required.
              </p>
              <ShippingFields
                form={form}
                served={served}
                onRefused={setRefusedCountry}
                countryNotice={refusedCountry ? <NotDelivered country={refusedCountry} /> : null}
                canLookUp={auth.status === "signedIn"}
              />
              <CartReminderOptIn email={watch("email") ?? ""} items={items} />
            </Card>

            <GiftFields form={giftForm} />

            <ShippingMethodChoice
              method={method}
              onChange={setMethod}
              subtotal={totals.subtotalPence - totals.discountPence}
              freeStandard={discount.applied?.freeShipping ?? false}
              zone={zone}
              loading={zonesQuery.isPending}
              formatPrice={formatPrice}
              currency={currency}
            />

            {auth.status === "signedOut" ? <GuestAccountCard /> : null}
          </div>

          <OrderSummary
            items={items}
            discount={discount}
            refused={refused}
            method={method}
            totals={totals}
            currency={currency}
            bulk={bulk}
            busy={busy || !zone}
            zone={zone}
            duties={duties}
          />
        </div>
      </form>
    </Page>
  );
}

/** The chosen country is in no shipping zone: say so, and offer the contact form with the subject filled in. */
function NotDelivered({ country }: { country: string }) {
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

/** "£8.99", or "€10.49 (£8.99)" when the shopper browses in another currency. */
function priceText(pence: number, currency: string, formatPrice: (pence: number) => string): string {
  if (pence === 0) return "Free";
  return currency === "GBP" ? formatGbp(pence) : formatPrice(pence);
}

function ShippingMethodChoice({
  method,
  onChange,
  subtotal,
  freeStandard,
  zone,
  loading,
  formatPrice,
  currency,
}: {
  method: ShippingMethod;
  onChange: (method: ShippingMethod) => void;
  /** The items after any discount: free delivery is decided on what they cost the buyer. */
  subtotal: number;
  /** A free-shipping code is applied: standard delivery costs nothing. */
  freeStandard: boolean;
  zone: PublicShippingZone | undefined;
  loading: boolean;
  formatPrice: (pence: number) => string;
  currency: string;
}) {
  if (!zone) {
    return (
      <Card className="p-6 md:p-8">
        <h2 className="text-2xl text-stone-900">Delivery</h2>
        <p className="mt-2 flex items-center gap-2 text-stone-700">
          {loading ? <Loader2 aria-hidden="true" className="h-4 w-4 animate-spin" /> : null}
          {loading ? "Loading delivery options…" : "Choose a country we deliver to for delivery options."}
        </p>
      </Card>
    );
  }
  const toFree = zoneAmountToFreeShipping(zone, subtotal);
  const options = zoneShippingOptions(zone, subtotal).map((option) =>
    freeStandard && option.method === "standard" ? { ...option, pricePence: 0 } : option,
  );
  return (
    <Card className="p-6 md:p-8">
      <fieldset>
        <legend className="text-2xl text-stone-900">Delivery to {zone.name}</legend>
        {toFree !== null && zone.freeStandardOverPence !== null && !freeStandard ? (
          <p className="mt-1 text-sm text-stone-700">
            {toFree > 0
              ? CHECKOUT_MESSAGES.checkout.freeDeliveryHint(
                  priceText(zone.freeStandardOverPence, currency, formatPrice),
                  // zoneAmountToFreeShipping counts the penny that makes "over": "more than" says it.
                  priceText(toFree - 1, currency, formatPrice),
                )
              : CHECKOUT_MESSAGES.checkout.freeDeliveryQualifies}
          </p>
        ) : null}
        <div className="mt-4 grid gap-3">
          {options.map((option) => {
            const checked = option.method === method;
            return (
              <label
                key={option.method}
                className={cn(
                  "flex cursor-pointer items-start gap-3 rounded-xl border p-4 transition-colors",
                  checked
                    ? "border-stone-900 bg-stone-50 ring-1 ring-stone-900"
                    : "border-stone-300 hover:border-stone-500",
                )}
              >
                <input
                  type="radio"
                  name="shippingMethod"
                  value={option.method}
                  checked={checked}
                  onChange={() => onChange(option.method)}
                  className="mt-1 h-4 w-4 accent-stone-900"
                />
                <span className="flex-1">
                  <span className="flex items-baseline justify-between gap-2">
                    <span className="font-semibold text-stone-900">{option.label}</span>
                    <span
                      className="font-semibold text-stone-900"
                      data-testid={`shipping-price-${option.method}`}
                    >
                      {priceText(option.pricePence, currency, formatPrice)}
                    </span>
                  </span>
                  <span className="block text-sm text-stone-700">
                    {INTERNATIONAL_MESSAGES.arrives(zone.windows[option.method].text)} ({option.estimate}{" "}
                    after making)
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
    </Card>
  );
}

function GuestAccountCard() {
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

function SummaryLine({
  item,
  refusedMessage,
  price,
}: {
  item: CartItem;
  refusedMessage: string | undefined;
  price: string;
}) {
  const thumbnail = item.imageUrl ? lineThumbnail(item) : null;
  return (
    <li className="flex gap-3 py-4" data-testid="checkout-item">
      <div className="h-16 w-16 shrink-0 overflow-hidden rounded-lg border border-stone-200 bg-stone-100">
        {thumbnail ? (
          <ThumbnailImage
            thumbnail={thumbnail}
            alt=""
            className="h-full w-full object-cover"
            loading="lazy"
          />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-stone-500">
            <Package aria-hidden="true" className="h-7 w-7" />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex items-baseline justify-between gap-2">
          <span className="font-semibold text-stone-900 text-base">{cartItemTitle(item)}</span>
          <span className="font-semibold text-stone-900">{price}</span>
        </p>
        <p className="text-stone-700">{cartLineSummary(item)}</p>
        {refusedMessage ? (
          <p role="alert" className="mt-1 flex gap-1.5 font-medium text-red-700">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {refusedMessage}
          </p>
        ) : null}
      </div>
    </li>
  );
}

function dutiesText(duties: DutiesPolicy | null): string {
  if (duties === "customer_pays_on_delivery") return INTERNATIONAL_MESSAGES.dutiesCustomer;
  if (duties === "shop_pays") return INTERNATIONAL_MESSAGES.dutiesShop;
  return INTERNATIONAL_MESSAGES.noDuties;
}

function OrderSummary({
  items,
  discount,
  refused,
  method,
  totals,
  currency,
  bulk,
  busy,
  zone,
  duties,
}: {
  items: readonly CartItem[];
  discount: DiscountState;
  refused: Record<string, string>;
  method: ShippingMethod;
  totals: ReturnType<typeof checkoutTotals>;
  currency: string;
  bulk: boolean;
  busy: boolean;
  zone: PublicShippingZone | undefined;
  duties: DutiesPolicy | null;
}) {
  const shippingLabel = method === "express" ? "Express Delivery" : "Standard Delivery";
  // One conversion: the lines converted, then added; the discount a share of that (issue 47).
  const { totals: shownFor, formatShown } = useCurrency();
  const shown = shownFor({
    linesPence: items.map((i) => i.price),
    discountPence: totals.discountPence,
    shippingPence: totals.shippingPence,
  });
  return (
    <Card className="p-6 md:p-8 lg:sticky lg:top-24">
      <h2 className="text-2xl text-stone-900">{CHECKOUT_MESSAGES.checkout.orderSummary}</h2>
      <ul className="mt-2 divide-y divide-stone-200" aria-label="Items in your order">
        {items.map((item, index) => (
          <SummaryLine
            key={item.id}
            item={item}
            refusedMessage={refused[item.id]}
            price={formatShown(shown.linesMinor[index] ?? 0)}
          />
        ))}
      </ul>
      <div className="border-t border-stone-200 py-4">
        <DiscountField items={items} discount={discount} />
      </div>
      <dl className="space-y-2 border-t border-stone-200 pt-4 text-stone-800">
        <div className="flex justify-between">
          <dt>{COMMERCE_MESSAGES.discounts.subtotal}</dt>
          <dd>{formatShown(shown.subtotalMinor)}</dd>
        </div>
        <DiscountLines discount={discount} amount={formatShown(shown.discountMinor)} />
        <div className="flex justify-between">
          <dt>{shippingLabel}</dt>
          <dd data-testid="checkout-shipping">
            {zone ? (shown.shippingMinor === 0 ? "Free" : formatShown(shown.shippingMinor)) : "—"}
          </dd>
        </div>
        <div className="flex items-baseline justify-between border-t border-stone-200 pt-3 text-lg">
          <dt className="font-semibold text-stone-900">{MESSAGES.common.total}</dt>
          <dd className="text-right">
            <span className="font-semibold text-stone-900" data-testid="checkout-total-shown">
              {formatShown(shown.totalMinor)}
            </span>
          </dd>
        </div>
      </dl>

      {zone ? (
        <div className="mt-4 space-y-2 rounded-lg bg-stone-100 p-3 text-sm text-stone-700">
          <p className="flex gap-2" data-testid="delivery-window">
            <CalendarDays aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            <span>
              {INTERNATIONAL_MESSAGES.estimatedDelivery}:{" "}
              <strong className="text-stone-900">
                {INTERNATIONAL_MESSAGES.arrives(zone.windows[method].text)}
              </strong>
            </span>
          </p>
          <p className="flex gap-2" data-testid="duties-note">
            <Globe aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
            {dutiesText(duties)}
          </p>
        </div>
      ) : null}

      {currency !== "GBP" ? (
        <p
          className="mt-4 flex gap-2 rounded-lg bg-stone-100 p-3 text-sm text-stone-700"
          data-testid="currency-note"
        >
          <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {CHECKOUT_MESSAGES.checkout.currencyNote(currency)}
        </p>
      ) : null}

      {bulk ? (
        <div
          role="note"
          className="mt-4 rounded-xl border border-glow-300 bg-glow-50 p-4"
          data-testid="bulk-order"
        >
          <h3 className="font-semibold text-stone-900">{CHECKOUT_MESSAGES.checkout.bulkOrder.title}</h3>
          <p className="mt-1 text-sm text-stone-700">
            {CHECKOUT_MESSAGES.checkout.bulkOrder.description} Your cart has {items.length} items (
            {BULK_ORDER_UNITS} or more).
          </p>
          {/* Exactly what to do (issue 30): two ways, the second prefilled. */}
          <p className="mt-2 text-sm text-stone-700">{BULK_ORDER_TEXTS.removeToCheckOut(items.length)}</p>
          <p className="mt-2 text-sm text-stone-700">{BULK_ORDER_TEXTS.sendCart(SUPPORT_REPLY_HOURS)}</p>
          <Link
            to={bulkOrderContactHref(
              items.map((item) =>
                productTypeOf(item.config).madeFromPhotos ? cartLineSummary(item) : cartItemTitle(item),
              ),
            )}
            className={cn(buttonClasses("primary", "sm"), "mt-3")}
          >
            {BULK_ORDER_TEXTS.sendCartAction}
          </Link>
        </div>
      ) : null}

      <Button type="submit" size="lg" className="mt-6 w-full" disabled={busy || bulk}>
        {busy ? (
          <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
        ) : (
          <Lock aria-hidden="true" className="h-5 w-5" />
        )}
        {CHECKOUT_MESSAGES.checkout.proceedToPayment}
      </Button>
      <p className="mt-3 text-center text-sm text-stone-600">
        {CHECKOUT_MESSAGES.checkout.chargedInGbp}:{" "}
        <span data-testid="checkout-total">{formatGbp(totals.totalPence)}</span>. The payment page opens in a
        new tab.
      </p>
    </Card>
  );
}
