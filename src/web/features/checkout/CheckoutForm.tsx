import { zodResolver } from "@hookform/resolvers/zod";

import { checkoutTotals } from "@shared/checkout";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { checkoutPrefill } from "@shared/checkout-prefill";
import { isColourConfig } from "@shared/delivery-dates";
import {
  type CheckoutExtras,
  type CheckoutExtrasFormValues,
  checkoutExtrasFormSchema,
  type ShippingInfo,
  shippingInfoSchema,
} from "@shared/schemas";
import { DEFAULT_SHIPPING_METHOD, needsSupportForQuantity, type ShippingMethod } from "@shared/shipping";
import { dutiesFor, zoneForCountry } from "@shared/shipping-zones";
import { DEFAULT_COUNTRY_CODE } from "@shared/world-countries";
import { useQuery } from "@tanstack/react-query";
import { Card } from "@web/components/ui/card";
import { Page } from "@web/components/ui/page";
import { shippingZonesQuery } from "@web/features/checkout/api/shipping";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, useForm } from "react-hook-form";
import { useAuth } from "../auth";
import { notify, useCart } from "../cart";
import { useCurrentPrices, useDiscount } from "../commerce";
import { useCurrency } from "../currency";
import { CartReminderOptIn } from "./CartReminderOptIn";
import { EMPTY_GIFT_FORM, GiftFields, type GiftForm } from "./GiftFields";
import { GuestAccountCard } from "./GuestAccountCard";
import { NotDelivered } from "./NotDelivered";
import { OrderSummary } from "./OrderSummary";
import { ShippingFields, type ShippingForm, type ShippingFormValues } from "./ShippingFields";
import { ShippingMethodChoice } from "./ShippingMethodChoice";
import { useCheckoutSubmit } from "./useCheckoutSubmit";
import { useCountCheckoutStart } from "./useCountCheckoutStart";

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

/** The checkout: delivery details, gift and billing, the delivery choice and the summary; valid forms open the payment page. */
export function CheckoutForm() {
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
  useCountCheckoutStart(items);

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
    const prefill = checkoutPrefill(me.profile, me.user.email, served);
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
