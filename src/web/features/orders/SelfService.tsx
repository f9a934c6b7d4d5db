import { zodResolver } from "@hookform/resolvers/zod";
import { addressFormat } from "@shared/address-format";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { formatGbp } from "@shared/money";
import {
  type DeliveryAddressChange,
  type DeliveryAddressChangeInput,
  deliveryAddressChangeSchema,
  SELF_SERVICE_TEXTS as T,
} from "@shared/order-self-service";
import type { OrderView } from "@shared/order-view";
import { FIELD_MAX_LENGTH } from "@shared/schemas";
import { formatShopMoment } from "@shared/shop-dates";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Dialog } from "@web/components/ui/dialog";
import { TextField } from "@web/components/ui/field";
import { cancelOrder, changeDeliveryAddress, orderKeys } from "@web/features/orders/api";
import { proofKeys } from "@web/features/proofs/api";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { notify } from "../cart";

/** A field's inline error: checkout's "fill in all required fields" becomes "This field is required." */
function inlineError(message: string | undefined): string | undefined {
  return message === CHECKOUT_MESSAGES.validation.requiredFieldsCheckout
    ? CHECKOUT_MESSAGES.validation.requiredInline
    : message;
}

/**
 * Runs `ask` once until it settles: a double click sends one request (the button is disabled
 * only after the next render; the server would refund once anyway, but the page would say it twice).
 */
function useOnce() {
  const busy = useRef(false);
  return (ask: (done: () => void) => void) => {
    if (busy.current) return;
    busy.current = true;
    ask(() => {
      busy.current = false;
    });
  };
}

function useSettle(orderId: string) {
  const queryClient = useQueryClient();
  return (order: OrderView) => {
    queryClient.setQueryData(orderKeys.view(orderId), order);
    void queryClient.invalidateQueries({ queryKey: orderKeys.history });
    void queryClient.invalidateQueries({ queryKey: proofKeys.order(orderId) });
  };
}

/** "Cancel order" and its confirmation: the full refund, asked once however often it is clicked. */
function CancelOrder({ order, token }: { order: OrderView; token: string | null }) {
  const [open, setOpen] = useState(false);
  const settle = useSettle(order.id);
  const once = useOnce();
  const mutation = useMutation({
    mutationFn: () => cancelOrder(order.id, token),
    onSuccess: (result) => {
      settle(result.order);
      setOpen(false);
      notify({ title: T.cancelled, variant: "success" });
    },
  });
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (mutation.isPending) return;
        setOpen(next);
        if (!next) mutation.reset();
      }}
      trigger={
        <Button variant="outline" data-testid="cancel-order">
          {T.cancel}
        </Button>
      }
      title={T.cancelTitle}
      description={T.cancelBody(formatGbp(order.totalAmount))}
    >
      {mutation.isError ? (
        <p role="alert" className="mb-4 text-sm font-medium text-red-700">
          {mutation.error.message}
        </p>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={() => setOpen(false)} disabled={mutation.isPending}>
          {T.cancelKeep}
        </Button>
        <Button
          variant="destructive"
          onClick={() => once((done) => mutation.mutate(undefined, { onSettled: done }))}
          disabled={mutation.isPending}
          data-testid="confirm-cancel-order"
        >
          {mutation.isPending ? T.cancelling : T.cancelConfirm}
        </Button>
      </div>
    </Dialog>
  );
}

/** "Change delivery address": checkout's address fields for the order's country, the country fixed. */
function ChangeAddress({ order, token }: { order: OrderView; token: string | null }) {
  const service = order.selfService;
  const [open, setOpen] = useState(false);
  const settle = useSettle(order.id);
  const once = useOnce();
  const form = useForm<DeliveryAddressChangeInput, unknown, DeliveryAddressChange>({
    resolver: zodResolver(deliveryAddressChangeSchema),
    defaultValues: { ...service?.address, country: service?.countryCode ?? "GB" },
  });
  const mutation = useMutation({
    mutationFn: (address: DeliveryAddressChange) => changeDeliveryAddress(order.id, token, address),
    onSuccess: (result) => {
      settle(result.order);
      setOpen(false);
      notify({ title: T.addressSaved, variant: "success" });
    },
  });
  if (!service) return null;
  const format = addressFormat(service.countryCode);
  const errors = form.formState.errors;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (mutation.isPending) return;
        setOpen(next);
        if (next) form.reset({ ...service.address, country: service.countryCode });
        else mutation.reset();
      }}
      trigger={
        <Button variant="outline" data-testid="change-address">
          {T.changeAddress}
        </Button>
      }
      title={T.addressTitle}
      description={T.addressSameCountry(service.country)}
    >
      <form
        noValidate
        className="grid gap-4"
        onSubmit={form.handleSubmit((address) =>
          once((done) => mutation.mutate(address, { onSettled: done })),
        )}
        data-testid="address-form"
      >
        <TextField
          label="Address Line 1"
          required
          autoComplete="shipping address-line1"
          maxLength={FIELD_MAX_LENGTH.addressLine}
          error={inlineError(errors.addressLine1?.message)}
          {...form.register("addressLine1")}
        />
        <TextField
          label="Address Line 2"
          autoComplete="shipping address-line2"
          maxLength={FIELD_MAX_LENGTH.addressLine}
          error={errors.addressLine2?.message}
          {...form.register("addressLine2")}
        />
        {format.fields.map((field) => (
          <TextField
            key={field.key}
            label={field.label}
            required={field.required}
            autoComplete={`shipping ${field.autoComplete}`}
            hint={field.hint}
            maxLength={FIELD_MAX_LENGTH[field.key === "postalCode" ? "postalCode" : field.key]}
            className={field.key === "postalCode" ? "uppercase" : undefined}
            error={inlineError(errors[field.key]?.message)}
            {...form.register(field.key)}
          />
        ))}
        <p className="text-sm text-stone-700">
          Country: <span className="font-semibold text-stone-900">{service.country}</span>
        </p>
        {mutation.isError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {mutation.error.message}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button
            type="button"
            variant="outline"
            onClick={() => setOpen(false)}
            disabled={mutation.isPending}
          >
            {T.addressCancel}
          </Button>
          <Button type="submit" disabled={mutation.isPending} data-testid="save-address">
            {mutation.isPending ? T.addressSaving : T.addressSave}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * While the proof waits for the customer and nothing is made (issue 47 item 14): cancel the
 * order for a full refund, or move its delivery within the country. The server decides whether
 * they still may (order.selfService) and refuses with its reason when the time has passed.
 */
export function SelfService({ order, token }: { order: OrderView; token: string | null }) {
  if (!order.selfService) return null;
  return (
    <Card className="border-amber-300 bg-amber-50 p-4" data-testid="self-service">
      <h2 className="font-sans text-base font-semibold text-stone-900">{T.heading}</h2>
      <p className="mt-1 text-sm text-stone-700">{T.until(formatShopMoment(order.selfService.until))}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <CancelOrder order={order} token={token} />
        <ChangeAddress order={order} token={token} />
      </div>
    </Card>
  );
}
