import type { CartItem } from "@shared/cart";
import { checkoutTotals } from "@shared/checkout";
import { CHECKOUT_COUNTRY } from "@shared/countries";
import { MESSAGES } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { FIELD_MAX_LENGTH, type ShippingInfoInput, shippingInfoSchema } from "@shared/schemas";
import {
  amountToFreeShipping,
  BULK_ORDER_UNITS,
  DEFAULT_SHIPPING_METHOD,
  needsSupportForQuantity,
  type ShippingMethod,
  shippingOptions,
} from "@shared/shipping";
import { type CheckoutCreated, CheckoutError, createCheckout } from "@web/api/checkout";
import { trackEvent } from "@web/api/events";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { TextField } from "@web/components/ui/field";
import { Page } from "@web/components/ui/page";
import { Info, Loader2, Lock, Package, ShoppingBag, TriangleAlert, UserRound } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { Link, useNavigate } from "react-router";
import { type Profile, useAuth } from "../auth";
import { cartItemTitle, notify, useCart } from "../cart";
import { useCurrency } from "../currency";
import { rememberPendingPayment } from "./pendingPayments";

type ShippingForm = Required<Omit<ShippingInfoInput, "country">> & { country: typeof CHECKOUT_COUNTRY };
type FieldName = keyof ShippingForm;

const EMPTY_FORM: ShippingForm = {
  firstName: "",
  lastName: "",
  email: "",
  phone: "",
  addressLine1: "",
  addressLine2: "",
  city: "",
  state: "",
  postalCode: "",
  country: CHECKOUT_COUNTRY,
};

const MISSING = MESSAGES.validation.requiredFieldsCheckout;

/** Validates with the shared schema (the server runs the same one). */
const shippingResolver: Resolver<ShippingForm> = async (values) => {
  const parsed = shippingInfoSchema.safeParse({ ...values, country: CHECKOUT_COUNTRY });
  if (parsed.success) return { values, errors: {} };
  const errors: FieldErrors<ShippingForm> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? "") as FieldName;
    if (!key || errors[key]) continue;
    errors[key] = {
      type: issue.code,
      message: issue.message === MISSING ? MESSAGES.validation.requiredInline : issue.message,
    };
  }
  return { values: {}, errors };
};

function fromProfile(profile: Profile | null | undefined, email: string | undefined): Partial<ShippingForm> {
  const prefill: Partial<ShippingForm> = {};
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
  // The address only when it is in the UK: checkout delivers there alone.
  if (!profile.country || profile.country === CHECKOUT_COUNTRY) {
    if (profile.addressLine1) prefill.addressLine1 = profile.addressLine1;
    if (profile.addressLine2) prefill.addressLine2 = profile.addressLine2;
    if (profile.city) prefill.city = profile.city;
    if (profile.state) prefill.state = profile.state;
    if (profile.postalCode) prefill.postalCode = profile.postalCode;
  }
  return prefill;
}

/**
 * Opens a blank tab at once (inside the click, so popup blockers allow it) and points it at
 * the payment page once the server answers. Null when the browser blocked it.
 */
function openPaymentTab(): Window | null {
  const tab = window.open("", "_blank");
  if (!tab) return null;
  try {
    tab.opener = null;
    tab.document.title = "Opening payment…";
    tab.document.body.style.font = "16px system-ui, sans-serif";
    tab.document.body.style.padding = "2rem";
    tab.document.body.textContent = "Opening the secure payment page…";
  } catch {
    // Cross-origin or closed: nothing to decorate.
  }
  return tab;
}

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
        <p className="mt-2 text-stone-700">{MESSAGES.checkout.cartEmpty.description}</p>
        <Link to="/create" className={cn(buttonClasses("glow", "lg"), "mt-6")}>
          {MESSAGES.checkout.createLithophane}
        </Link>
      </Card>
    </Page>
  );
}

function CheckoutForm() {
  const { items, total } = useCart();
  const auth = useAuth();
  const { currency, formatPrice } = useCurrency();
  const navigate = useNavigate();
  const [method, setMethod] = useState<ShippingMethod>(DEFAULT_SHIPPING_METHOD);
  const [refused, setRefused] = useState<Record<string, string>>({});
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => trackEvent("checkout_start"), []);

  const {
    register,
    handleSubmit,
    reset,
    setError,
    getValues,
    formState: { errors, dirtyFields },
  } = useForm<ShippingForm>({
    resolver: shippingResolver,
    defaultValues: EMPTY_FORM,
    mode: "onSubmit",
    reValidateMode: "onChange",
  });

  // Prefill from the profile once it is known, without overwriting anything already typed.
  const prefilledFor = useRef<string | null>(null);
  const me = auth.me;
  useEffect(() => {
    if (!me || prefilledFor.current === me.user.id) return;
    prefilledFor.current = me.user.id;
    const prefill = fromProfile(me.profile, me.user.email);
    const current = getValues();
    const next = { ...current };
    for (const [key, value] of Object.entries(prefill) as [FieldName, string][]) {
      if (!dirtyFields[key] && !current[key]) (next as Record<FieldName, string>)[key] = value;
    }
    reset(next, { keepDirty: true });
  }, [me, reset, getValues, dirtyFields]);

  const units = items.length;
  const bulk = needsSupportForQuantity(units);
  const totals = useMemo(
    () =>
      checkoutTotals(
        items.map((i) => i.price),
        method,
      ),
    [items, method],
  );
  const options = shippingOptions(total);

  const onInvalid = (formErrors: FieldErrors<ShippingForm>) => {
    const missing = Object.values(formErrors).some((e) => e?.message === MESSAGES.validation.requiredInline);
    if (missing) notify(MESSAGES.checkout.missingInformation);
  };

  const onValid = async (values: ShippingForm) => {
    if (submitting.current) return;
    if (items.length === 0) {
      notify(MESSAGES.checkout.cartEmpty);
      return;
    }
    if (bulk) return;
    submitting.current = true;
    setBusy(true);
    setRefused({});
    const tab = openPaymentTab();
    let created: CheckoutCreated;
    try {
      created = await createCheckout({
        cartItems: [...items],
        shippingInfo: { ...values, country: CHECKOUT_COUNTRY },
        currency,
        shippingMethod: method,
      });
    } catch (error) {
      tab?.close();
      submitting.current = false;
      setBusy(false);
      showCheckoutError(error, setError, setRefused);
      return;
    }
    rememberPendingPayment(created);
    if (tab) tab.location.href = created.url;
    const params = new URLSearchParams({
      orderId: created.orderId,
      orderTotal: String(created.orderTotal),
      itemCount: String(created.itemCount),
    });
    navigate(`/checkout/payment-pending?${params}`, { state: { popupBlocked: tab === null } });
  };

  return (
    <Page title="Checkout" intro="Check your delivery details and order, then pay securely in a new tab.">
      <form noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={busy}>
        <div className="grid items-start gap-8 lg:grid-cols-[3fr_2fr]">
          <div className="space-y-6">
            <Card className="p-6 md:p-8">
              <h2 className="text-2xl text-stone-900">{MESSAGES.checkout.shippingInformation}</h2>
              <p className="mt-1 text-sm text-stone-700">
                Fields marked{" "}
                <span aria-hidden="true" className="text-red-700">
                  *
                </span>
                <span className="sr-only">with an asterisk</span> are required.
              </p>
              <div className="mt-6 grid gap-5 sm:grid-cols-2">
                <TextField
                  label="First Name"
                  required
                  autoComplete="given-name"
                  maxLength={FIELD_MAX_LENGTH.name}
                  error={errors.firstName?.message}
                  {...register("firstName")}
                />
                <TextField
                  label="Last Name"
                  required
                  autoComplete="family-name"
                  maxLength={FIELD_MAX_LENGTH.name}
                  error={errors.lastName?.message}
                  {...register("lastName")}
                />
                <TextField
                  label="Email"
                  type="email"
                  required
                  autoComplete="email"
                  maxLength={FIELD_MAX_LENGTH.email}
                  hint="We send your order confirmation here."
                  error={errors.email?.message}
                  {...register("email")}
                />
                <TextField
                  label="Phone"
                  type="tel"
                  autoComplete="tel"
                  maxLength={FIELD_MAX_LENGTH.phone}
                  hint="Optional, for the courier."
                  error={errors.phone?.message}
                  {...register("phone")}
                />
                <TextField
                  label="Address Line 1"
                  required
                  autoComplete="address-line1"
                  maxLength={FIELD_MAX_LENGTH.addressLine}
                  containerClassName="sm:col-span-2"
                  error={errors.addressLine1?.message}
                  {...register("addressLine1")}
                />
                <TextField
                  label="Address Line 2"
                  autoComplete="address-line2"
                  maxLength={FIELD_MAX_LENGTH.addressLine}
                  containerClassName="sm:col-span-2"
                  error={errors.addressLine2?.message}
                  {...register("addressLine2")}
                />
                <TextField
                  label="City"
                  required
                  autoComplete="address-level2"
                  maxLength={FIELD_MAX_LENGTH.city}
                  error={errors.city?.message}
                  {...register("city")}
                />
                <TextField
                  label="County"
                  required
                  autoComplete="address-level1"
                  maxLength={FIELD_MAX_LENGTH.state}
                  error={errors.state?.message}
                  {...register("state")}
                />
                <TextField
                  label="Postcode"
                  required
                  autoComplete="postal-code"
                  maxLength={FIELD_MAX_LENGTH.postalCode}
                  className="uppercase"
                  error={errors.postalCode?.message}
                  {...register("postalCode")}
                />
                <TextField
                  label="Country"
                  name="country"
                  value={CHECKOUT_COUNTRY}
                  disabled
                  readOnly
                  hint="We currently deliver to the United Kingdom."
                />
              </div>
            </Card>

            <ShippingMethodChoice method={method} onChange={setMethod} subtotal={total} options={options} />

            {auth.status === "signedOut" ? <GuestAccountCard /> : null}
          </div>

          <OrderSummary
            items={items}
            refused={refused}
            method={method}
            totals={totals}
            currency={currency}
            formatPrice={formatPrice}
            bulk={bulk}
            busy={busy}
          />
        </div>
      </form>
    </Page>
  );
}

function showCheckoutError(
  error: unknown,
  setError: (name: FieldName, error: { type: string; message: string }) => void,
  setRefused: (value: Record<string, string>) => void,
) {
  const failed = MESSAGES.checkout.failed;
  if (error instanceof CheckoutError) {
    if (error.status === 422 && error.items.length > 0) {
      setRefused(Object.fromEntries(error.items.map((item) => [item.id, item.message])));
      notify({ ...failed, description: error.message });
      return;
    }
    if (error.status === 422 || error.status === 429 || error.status === 503) {
      notify({ ...failed, description: error.message });
      return;
    }
    if (error.status === 400 && error.fields) {
      let missing = false;
      for (const [path, message] of Object.entries(error.fields)) {
        const field = path.replace(/^shippingInfo\./, "") as FieldName;
        if (path.startsWith("shippingInfo.")) {
          setError(field, {
            type: "server",
            message: message === MISSING ? MESSAGES.validation.requiredInline : message,
          });
          if (message === MISSING) missing = true;
        }
      }
      if (missing) {
        notify(MESSAGES.checkout.missingInformation);
        return;
      }
    }
  }
  notify(failed);
}

function ShippingMethodChoice({
  method,
  onChange,
  subtotal,
  options,
}: {
  method: ShippingMethod;
  onChange: (method: ShippingMethod) => void;
  subtotal: number;
  options: ReturnType<typeof shippingOptions>;
}) {
  const toFree = amountToFreeShipping(subtotal);
  return (
    <Card className="p-6 md:p-8">
      <fieldset>
        <legend className="text-2xl text-stone-900">Delivery</legend>
        <p className="mt-1 text-sm text-stone-700">
          {toFree > 0
            ? `Free standard delivery on orders over £75: add ${formatGbp(toFree)} more to qualify.`
            : "Your order qualifies for free standard delivery."}
        </p>
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
                    <span className="font-semibold text-stone-900">
                      {option.pricePence === 0 ? "Free" : formatGbp(option.pricePence)}
                    </span>
                  </span>
                  <span className="block text-sm text-stone-700">{option.estimate}</span>
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
        <h2 className="text-lg text-stone-900">{MESSAGES.checkout.guestTitle}</h2>
        <p className="text-sm text-stone-700">
          {MESSAGES.checkout.guestDescription} Checking out as a guest works too.
        </p>
      </div>
      <Link to="/auth" className={buttonClasses("outline", "md")}>
        {MESSAGES.checkout.createAccount}
      </Link>
    </Card>
  );
}

function SummaryLine({ item, refusedMessage }: { item: CartItem; refusedMessage: string | undefined }) {
  const accessory = item.config.kind === "accessory";
  return (
    <li className="flex gap-3 py-4" data-testid="checkout-item">
      <div className="h-16 w-16 shrink-0 overflow-hidden rounded-lg border border-stone-200 bg-stone-100">
        {item.imageUrl ? (
          <img src={item.imageUrl} alt="" className="h-full w-full object-cover" loading="lazy" />
        ) : (
          <div className="flex h-full w-full items-center justify-center text-stone-500">
            <Package aria-hidden="true" className="h-7 w-7" />
          </div>
        )}
      </div>
      <div className="min-w-0 flex-1 text-sm">
        <p className="flex items-baseline justify-between gap-2">
          <span className="font-semibold text-stone-900 text-base">{cartItemTitle(item)}</span>
          <span className="font-semibold text-stone-900">{formatGbp(item.price)}</span>
        </p>
        {accessory ? (
          <p className="text-stone-700">{item.size}</p>
        ) : (
          <>
            <p className="text-stone-700">
              {item.size} · {item.shape}
            </p>
            <p className="text-stone-700">
              {item.frameStyle} {MESSAGES.cart.frameSuffix}
            </p>
          </>
        )}
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

function OrderSummary({
  items,
  refused,
  method,
  totals,
  currency,
  formatPrice,
  bulk,
  busy,
}: {
  items: readonly CartItem[];
  refused: Record<string, string>;
  method: ShippingMethod;
  totals: ReturnType<typeof checkoutTotals>;
  currency: string;
  formatPrice: (pence: number) => string;
  bulk: boolean;
  busy: boolean;
}) {
  const shippingLabel =
    shippingOptions(totals.subtotalPence).find((o) => o.method === method)?.label ?? "Delivery";
  return (
    <Card className="p-6 md:p-8 lg:sticky lg:top-24">
      <h2 className="text-2xl text-stone-900">{MESSAGES.checkout.orderSummary}</h2>
      <ul className="mt-2 divide-y divide-stone-200" aria-label="Items in your order">
        {items.map((item) => (
          <SummaryLine key={item.id} item={item} refusedMessage={refused[item.id]} />
        ))}
      </ul>
      <dl className="mt-2 space-y-2 border-t border-stone-200 pt-4 text-stone-800">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatGbp(totals.subtotalPence)}</dd>
        </div>
        <div className="flex justify-between">
          <dt>{shippingLabel}</dt>
          <dd>{totals.shippingPence === 0 ? "Free" : formatGbp(totals.shippingPence)}</dd>
        </div>
        <div className="flex items-baseline justify-between border-t border-stone-200 pt-3 text-lg">
          <dt className="font-semibold text-stone-900">{MESSAGES.common.total}</dt>
          <dd className="text-right">
            <span className="font-semibold text-stone-900" data-testid="checkout-total">
              {formatGbp(totals.totalPence)}
            </span>
            {currency !== "GBP" ? (
              <span className="block text-sm font-normal text-stone-600">
                ≈ {formatPrice(totals.totalPence)}
              </span>
            ) : null}
          </dd>
        </div>
      </dl>

      {currency !== "GBP" ? (
        <p
          className="mt-4 flex gap-2 rounded-lg bg-stone-100 p-3 text-sm text-stone-700"
          data-testid="currency-note"
        >
          <Info aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0" />
          {MESSAGES.checkout.currencyNote(currency)}
        </p>
      ) : null}

      {bulk ? (
        <div
          role="note"
          className="mt-4 rounded-xl border border-glow-300 bg-glow-50 p-4"
          data-testid="bulk-order"
        >
          <h3 className="font-semibold text-stone-900">{MESSAGES.checkout.bulkOrder.title}</h3>
          <p className="mt-1 text-sm text-stone-700">
            {MESSAGES.checkout.bulkOrder.description} Your cart has {items.length} items ({BULK_ORDER_UNITS}{" "}
            or more).
          </p>
          <Link to="/contact" className={cn(buttonClasses("primary", "sm"), "mt-3")}>
            {MESSAGES.checkout.bulkOrder.action}
          </Link>
        </div>
      ) : null}

      <Button type="submit" size="lg" className="mt-6 w-full" disabled={busy || bulk}>
        {busy ? (
          <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
        ) : (
          <Lock aria-hidden="true" className="h-5 w-5" />
        )}
        {MESSAGES.checkout.proceedToPayment}
      </Button>
      <p className="mt-3 text-center text-sm text-stone-600">
        {MESSAGES.checkout.chargedInGbp}: {formatGbp(totals.totalPence)}. The payment page opens in a new tab.
      </p>
    </Card>
  );
}
