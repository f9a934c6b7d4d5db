import type { CartItem } from "@shared/cart";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import type { CurrencyCode } from "@shared/currency";
import type { CheckoutExtras, CheckoutExtrasFormValues, ShippingInfo } from "@shared/schemas";
import type { ShippingMethod } from "@shared/shipping";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@web/app/routing";
import { type CheckoutCreated, CheckoutError, createCheckout } from "@web/features/checkout/api/checkout";
import { useRef, useState } from "react";
import { notify } from "../cart";
import type { GiftForm } from "./GiftFields";
import { rememberPendingPayment } from "./pendingPayments";
import type { ShippingForm, ShippingFormValues } from "./ShippingFields";

type FieldName = keyof ShippingFormValues;

interface CheckoutSubmitInput {
  items: readonly CartItem[];
  method: ShippingMethod;
  /** The chosen country is in a shipping zone (else the page shows why and nothing is sent). */
  zoneKnown: boolean;
  /** Too many units for an online order: the page points to the contact form instead. */
  bulk: boolean;
  /** The shipping price the page shows: the server refuses the order if its own differs. */
  shippingPence: number;
  discountCode: string | null;
  currency: CurrencyCode;
  setError: ShippingForm["setError"];
  /** Marks the gift and billing card's fields the server refused. */
  setGiftError: GiftForm["setError"];
  onShippingPriceChanged: () => void;
}

/**
 * Placing the order from a valid form: one request at a time, the payment tab opened inside the
 * click (so popup blockers allow it), the server's refusals shown on the fields and lines they
 * name, then on to the payment-pending page.
 */
export function useCheckoutSubmit(input: CheckoutSubmitInput) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);
  const [refused, setRefused] = useState<Record<string, string>>({});

  const submit = async (values: ShippingInfo, extras: CheckoutExtras) => {
    if (submitting.current) return;
    if (input.items.length === 0) {
      notify(CHECKOUT_MESSAGES.checkout.cartEmpty);
      return;
    }
    if (input.bulk || !input.zoneKnown) return;
    submitting.current = true;
    setBusy(true);
    setRefused({});
    const tab = openPaymentTab();
    let created: CheckoutCreated;
    try {
      created = await createCheckout({
        cartItems: [...input.items],
        shippingInfo: values,
        currency: input.currency,
        shippingMethod: input.method,
        expectedShippingPence: input.shippingPence,
        ...(input.discountCode ? { discountCode: input.discountCode } : {}),
        ...(extras.gift ? { gift: extras.gift } : {}),
        ...(extras.billingAddress ? { billingAddress: extras.billingAddress } : {}),
      });
    } catch (error) {
      tab?.close();
      submitting.current = false;
      setBusy(false);
      if (error instanceof CheckoutError && error.code === "shipping_price_changed")
        input.onShippingPriceChanged();
      // The code was used up or ended meanwhile: check it again, so the summary says why.
      if (error instanceof CheckoutError && error.code === "discount_refused")
        void queryClient.invalidateQueries({ queryKey: ["discount"] });
      showCheckoutError(error, input.setError, input.setGiftError, setRefused);
      return;
    }
    rememberPendingPayment(
      created,
      input.items.map((item) => item.id),
    );
    if (tab) tab.location.href = created.url;
    const params = new URLSearchParams({
      orderId: created.orderId,
      orderTotal: String(created.orderTotal),
      itemCount: String(created.itemCount),
    });
    navigate(`/checkout/payment-pending?${params}`, { state: { popupBlocked: tab === null } });
  };

  return { submit, busy, refused };
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

function showCheckoutError(
  error: unknown,
  setError: ShippingForm["setError"],
  setGiftError: GiftForm["setError"],
  setRefused: (value: Record<string, string>) => void,
) {
  const failed = CHECKOUT_MESSAGES.checkout.failed;
  if (error instanceof CheckoutError) {
    if (error.status === 422 && error.items.length > 0) {
      setRefused(Object.fromEntries(error.items.map((item) => [item.id, item.message])));
      notify({ ...failed, description: error.message });
      return;
    }
    if (error.code === "country_not_delivered") {
      setError("country", { type: "server", message: error.message }, { shouldFocus: true });
      notify({ ...failed, description: error.message });
      return;
    }
    if (error.status === 409 || error.status === 422 || error.status === 429 || error.status === 503) {
      notify({ ...failed, description: error.message });
      return;
    }
    if (error.status === 400 && error.fields) {
      let missing = false;
      for (const [path, message] of Object.entries(error.fields)) {
        const extra = giftFieldOf(path);
        if (extra) {
          setGiftError(extra, { type: "server", message });
          if (message === CHECKOUT_MESSAGES.validation.requiredFieldsCheckout) missing = true;
          continue;
        }
        if (!path.startsWith("shippingInfo.")) continue;
        const field = path.replace(/^shippingInfo\./, "") as FieldName;
        setError(field, { type: "server", message });
        if (message === CHECKOUT_MESSAGES.validation.requiredFieldsCheckout) missing = true;
      }
      if (missing) {
        notify(CHECKOUT_MESSAGES.checkout.missingInformation);
        return;
      }
    }
  }
  notify(failed);
}

/** The gift card's field a request path names: "gift.message", "billingAddress.city" -> "billing.city". */
function giftFieldOf(
  path: string,
):
  | `gift.${keyof CheckoutExtrasFormValues["gift"]}`
  | `billing.${keyof CheckoutExtrasFormValues["billing"]}`
  | null {
  const [head, field] = path.split(".");
  if (head === "gift" && (field === "recipientName" || field === "message")) return `gift.${field}`;
  if (head === "billingAddress" && field) {
    const billing: readonly string[] = [
      "addressLine1",
      "addressLine2",
      "city",
      "state",
      "postalCode",
      "country",
    ];
    if (billing.includes(field)) return `billing.${field as keyof CheckoutExtrasFormValues["billing"]}`;
  }
  return null;
}
