import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { formatGbp } from "@shared/money";
import { cancellableByRefund } from "@shared/order-lifecycle";
import { lineRefundShares, refundFormBlocker, requestedRefundAmount, typedPence } from "@shared/refunds";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import type { AdminOrderDetail } from "@web/features/admin/api";
import { newActionKey, refundOrder } from "@web/features/admin/api";
import { type FormEvent, useState } from "react";
import { toast } from "sonner";
import { ConfirmDialog } from "../../ui";
import { type Done, input, label } from "./moneyForms";

const REFUND = ADMIN_MESSAGE_TEXTS.refundForm;

export function RefundForm({ order, onDone }: { order: AdminOrderDetail; onDone: Done }) {
  const [key, setKey] = useState(newActionKey);
  const [pounds, setPounds] = useState("");
  const [lines, setLines] = useState<string[]>([]);
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState("");
  const [cancel, setCancel] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const refundedLines = new Set(order.money.refunds.flatMap((r) => r.lineIds));
  const left = order.money.ledger.refundable;
  const charges = { shipping: order.totals.shipping, discount: order.totals.discount };
  const shares = lineRefundShares(order.items, charges);
  // "Cancel the order too" is offered whenever nothing has left the workshop, before any amount
  // is typed: ticking it refunds everything left (issue 47 item 6).
  const canCancel = cancellableByRefund(order.status);
  const cancelling = canCancel && cancel;
  const lineAmount = requestedRefundAmount({ lineIds: lines }, order.items, refundedLines, charges);
  const amount = cancelling ? left : lines.length > 0 ? lineAmount : typedPence(pounds);
  const blocker = refundFormBlocker({
    lineAmount: cancelling ? left : lineAmount,
    linesTicked: cancelling || lines.length > 0,
    pounds,
    note: reason,
    refundable: left,
  });
  const refund = useMutation({
    mutationFn: () =>
      refundOrder(order.id, {
        ...(lines.length > 0 && !cancelling ? { lineIds: lines } : { amount }),
        reason,
        ...(message.trim() ? { customerMessage: message } : {}),
        idempotencyKey: key,
        ...(cancelling ? { cancelOrder: true } : {}),
      }),
    onSuccess: (data) => {
      setConfirming(false);
      onDone(data);
      toast.success(
        data.duplicate
          ? "Already refunded."
          : `Refunded ${formatGbp(data.amount)}. The customer has been e-mailed.`,
      );
      setKey(newActionKey());
      setPounds("");
      setLines([]);
      setReason("");
      setMessage("");
      setCancel(false);
    },
    onError: (error) => {
      setConfirming(false);
      toast.error(error.message);
    },
  });
  // Money leaves the shop: the amount is confirmed first (the same click key, so a second
  // press of Refund in the dialog refunds once).
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (blocker === null) setConfirming(true);
  };
  const blockerText =
    blocker === null
      ? null
      : blocker === "tooMuch"
        ? REFUND.blocked.tooMuch(formatGbp(left))
        : REFUND.blocked[blocker];
  const provider = order.testMode ? "the test payment provider (no real money moves)" : "Stripe";
  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-4 space-y-3 border-t border-stone-200 pt-4"
      aria-label="Refund"
    >
      <h3 className="font-medium text-stone-900">Refund (up to {formatGbp(left)})</h3>
      {canCancel ? (
        <div className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <label className="flex min-h-11 items-start gap-2 text-sm font-medium text-stone-900">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 shrink-0"
              checked={cancel}
              aria-describedby="refund-cancel-hint"
              onChange={(e) => setCancel(e.target.checked)}
            />
            {REFUND.cancelToo(formatGbp(left))}
          </label>
          <p id="refund-cancel-hint" className="mt-1 text-xs text-stone-700">
            {REFUND.cancelHint}
          </p>
        </div>
      ) : null}
      <fieldset className="space-y-1" disabled={cancelling}>
        <legend className="text-sm text-stone-700">Lines</legend>
        {order.items.map((item) => {
          const share = shares.get(item.id);
          return (
            <label key={item.id} className="flex min-h-11 items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 h-5 w-5 shrink-0"
                disabled={refundedLines.has(item.id)}
                checked={lines.includes(item.id)}
                onChange={(e) =>
                  setLines((l) => (e.target.checked ? [...l, item.id] : l.filter((x) => x !== item.id)))
                }
              />
              <span>
                {item.description.title} · {item.description.summary} ·{" "}
                {share && share.shipping > 0
                  ? REFUND.lineWithShipping(
                      formatGbp(share.goods - share.discount),
                      formatGbp(share.shipping),
                      formatGbp(share.amount),
                    )
                  : formatGbp(share?.amount ?? item.price * item.quantity)}
                {refundedLines.has(item.id) ? " · refunded" : ""}
              </span>
            </label>
          );
        })}
      </fieldset>
      <label className={label}>
        Or an amount (£)
        <input
          className={input}
          inputMode="decimal"
          value={pounds}
          disabled={lines.length > 0 || cancelling}
          onChange={(e) => setPounds(e.target.value)}
          placeholder={(left / 100).toFixed(2)}
        />
      </label>
      <label className={label}>
        <span>
          {REFUND.internalNote}{" "}
          <span className="rounded bg-stone-200 px-1.5 py-0.5 text-xs font-normal text-stone-800">
            {REFUND.required}
          </span>
        </span>
        <input
          className={input}
          value={reason}
          maxLength={500}
          required
          aria-required="true"
          onChange={(e) => setReason(e.target.value)}
        />
      </label>
      <label className={label}>
        Message to the customer (optional)
        <textarea
          className={input}
          value={message}
          maxLength={500}
          rows={2}
          aria-describedby="refund-message-hint"
          onChange={(e) => setMessage(e.target.value)}
        />
        <span id="refund-message-hint" className="block text-xs text-stone-600">
          The customer sees this on the refund e-mail and the credit note.
        </span>
      </label>
      {amount > 0 ? (
        <p className="text-sm font-medium text-stone-900">{REFUND.total(formatGbp(amount))}</p>
      ) : null}
      <div className="space-y-1">
        <Button
          type="submit"
          variant="outline"
          disabled={refund.isPending || blocker !== null}
          aria-describedby={blockerText ? "refund-blocker" : undefined}
        >
          {refund.isPending ? "Refunding..." : cancelling ? "Refund and cancel" : "Refund"}
        </Button>
        {blockerText ? (
          <p id="refund-blocker" className="text-xs text-stone-700">
            {blockerText}
          </p>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Refund ${formatGbp(amount)}${cancelling ? " and cancel the order" : ""}?`}
        description={`Through ${provider}. The customer is e-mailed the amount and when to expect it. A refund cannot be undone.`}
        confirmLabel={`Refund ${formatGbp(amount)}`}
        destructive
        pending={refund.isPending}
        onConfirm={() => refund.mutate()}
      />
    </form>
  );
}
