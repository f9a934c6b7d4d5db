import { addressFormat } from "@shared/address-format";
import { GIFT_TEXTS } from "@shared/gift-texts";
import {
  type CheckoutExtras,
  type CheckoutExtrasFormValues,
  FIELD_MAX_LENGTH,
  GIFT_MESSAGE_MAX_LENGTH,
} from "@shared/schemas";
import { WORLD_COUNTRIES } from "@shared/world-countries";
import { Card } from "@web/components/ui/card";
import { SelectField, TextAreaField, TextField } from "@web/components/ui/field";
import type { UseFormRegisterReturn, UseFormReturn } from "react-hook-form";
import { inlineError } from "./ShippingFields";

export type GiftForm = UseFormReturn<CheckoutExtrasFormValues, unknown, CheckoutExtras>;

export const EMPTY_GIFT_FORM: CheckoutExtrasFormValues = {
  isGift: false,
  gift: { recipientName: "", message: "" },
  billingDifferent: false,
  billing: { addressLine1: "", addressLine2: "", city: "", state: "", postalCode: "", country: "GB" },
};

function CheckBox({ label, hint, input }: { label: string; hint: string; input: UseFormRegisterReturn }) {
  return (
    <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-stone-300 p-4 hover:border-stone-500">
      <input type="checkbox" className="mt-1 h-5 w-5 shrink-0 accent-stone-900" {...input} />
      <span>
        <span className="block font-semibold text-stone-900">{label}</span>
        <span className="block text-sm text-stone-700">{hint}</span>
      </span>
    </label>
  );
}

/**
 * Checkout's gift and billing card (issue 20): "This order is a gift" opens the recipient's name
 * and the slip's message; "Send to a different address than billing" opens the billing address.
 * Its own form, checked by the shared schema, so the delivery fields above stay as they were.
 */
export function GiftFields({ form }: { form: GiftForm }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const isGift = watch("isGift");
  const billingDifferent = watch("billingDifferent");
  const message = watch("gift.message") ?? "";
  const country = watch("billing.country");
  const format = addressFormat(country);
  const billingErrors = errors.billing;
  return (
    <Card className="p-6 md:p-8">
      <h2 className="text-2xl text-stone-900">{GIFT_TEXTS.checkoutTitle}</h2>
      <div className="mt-4 grid gap-4">
        <CheckBox label={GIFT_TEXTS.isGift} hint={GIFT_TEXTS.isGiftHint} input={register("isGift")} />
        {isGift ? (
          <div className="grid gap-5" data-testid="gift-fields">
            <TextField
              label={GIFT_TEXTS.recipientName}
              required
              autoComplete="shipping name"
              maxLength={FIELD_MAX_LENGTH.name * 2}
              hint={GIFT_TEXTS.recipientNameHint}
              error={inlineError(errors.gift?.recipientName?.message)}
              {...register("gift.recipientName")}
            />
            <TextAreaField
              label={GIFT_TEXTS.message}
              rows={4}
              maxLength={GIFT_MESSAGE_MAX_LENGTH}
              hint={`${GIFT_TEXTS.messageHint} ${GIFT_TEXTS.charactersLeft(Math.max(0, GIFT_MESSAGE_MAX_LENGTH - message.length))}`}
              error={errors.gift?.message?.message}
              {...register("gift.message")}
            />
          </div>
        ) : null}
        <CheckBox
          label={GIFT_TEXTS.billingDifferent}
          hint={GIFT_TEXTS.billingDifferentHint}
          input={register("billingDifferent")}
        />
        {billingDifferent ? (
          <fieldset className="grid gap-5 sm:grid-cols-2" data-testid="billing-fields">
            <legend className="mb-2 text-lg font-semibold text-stone-900">{GIFT_TEXTS.billingTitle}</legend>
            <SelectField
              label={GIFT_TEXTS.billingCountry}
              required
              autoComplete="billing country"
              containerClassName="sm:col-span-2"
              error={inlineError(billingErrors?.country?.message)}
              {...register("billing.country")}
            >
              {WORLD_COUNTRIES.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </SelectField>
            <TextField
              label="Address Line 1"
              required
              autoComplete="billing address-line1"
              maxLength={FIELD_MAX_LENGTH.addressLine}
              containerClassName="sm:col-span-2"
              error={inlineError(billingErrors?.addressLine1?.message)}
              {...register("billing.addressLine1")}
            />
            <TextField
              label="Address Line 2"
              autoComplete="billing address-line2"
              maxLength={FIELD_MAX_LENGTH.addressLine}
              containerClassName="sm:col-span-2"
              error={billingErrors?.addressLine2?.message}
              {...register("billing.addressLine2")}
            />
            {format.fields.map((field) => (
              <TextField
                key={`${country}-${field.key}`}
                label={field.label}
                required={field.required}
                autoComplete={`billing ${field.autoComplete}`}
                hint={field.hint}
                maxLength={FIELD_MAX_LENGTH[field.key === "postalCode" ? "postalCode" : field.key]}
                className={field.key === "postalCode" ? "uppercase" : undefined}
                error={inlineError(billingErrors?.[field.key]?.message)}
                {...register(`billing.${field.key}`)}
              />
            ))}
          </fieldset>
        ) : null}
      </div>
    </Card>
  );
}
