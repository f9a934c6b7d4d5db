import {
  CUSTOMER_MESSAGE_TEMPLATE_TEXT,
  CUSTOMER_MESSAGE_TEMPLATES,
  type CustomerMessageTemplate,
} from "@shared/customer-messages";
import { isPaidStatus } from "@shared/order-lifecycle";
import { useMutation } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import type { AdminOrderDetail } from "@web/features/admin/api";
import { emailCustomer, newActionKey, resendConfirmation } from "@web/features/admin/api";
import { useState } from "react";
import { toast } from "sonner";
import { type Done, input, label } from "./moneyForms";

/** Resends the order confirmation or e-mails the customer a message of the admin's own. */
export function WriteToCustomer({ order, onDone }: { order: AdminOrderDetail; onDone: Done }) {
  const [key, setKey] = useState(newActionKey);
  const [template, setTemplate] = useState<CustomerMessageTemplate>("photo_dark");
  const [subject, setSubject] = useState(CUSTOMER_MESSAGE_TEMPLATE_TEXT.photo_dark.subject);
  const [body, setBody] = useState(CUSTOMER_MESSAGE_TEMPLATE_TEXT.photo_dark.body);
  const send = useMutation({
    mutationFn: () => emailCustomer(order.id, { template, subject, body, idempotencyKey: key }),
    onSuccess: (data) => {
      onDone(data);
      toast.success("E-mail sent to the customer.");
      setKey(newActionKey());
    },
    onError: (error) => toast.error(error.message),
  });
  const resend = useMutation({
    mutationFn: () => resendConfirmation(order.id, newActionKey()),
    onSuccess: (data) => {
      onDone(data);
      toast.success("Confirmation sent again.");
    },
    onError: (error) => toast.error(error.message),
  });
  const choose = (value: string) => {
    const next = CUSTOMER_MESSAGE_TEMPLATES.find((t) => t === value) ?? "custom";
    setTemplate(next);
    setSubject(CUSTOMER_MESSAGE_TEMPLATE_TEXT[next].subject);
    setBody(CUSTOMER_MESSAGE_TEMPLATE_TEXT[next].body);
  };
  return (
    <form
      className="mt-4 space-y-3 border-t border-stone-200 pt-4"
      aria-label="E-mail customer"
      onSubmit={(e) => {
        e.preventDefault();
        send.mutate();
      }}
    >
      <h3 className="font-medium text-stone-900">E-mail customer</h3>
      <label className={label}>
        Template
        <select className={input} value={template} onChange={(e) => choose(e.target.value)}>
          {CUSTOMER_MESSAGE_TEMPLATES.map((t) => (
            <option key={t} value={t}>
              {CUSTOMER_MESSAGE_TEMPLATE_TEXT[t].label}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Subject
        <input
          className={input}
          value={subject}
          maxLength={200}
          onChange={(e) => setSubject(e.target.value)}
        />
      </label>
      <label className={label}>
        Message
        <textarea
          className={input}
          rows={5}
          value={body}
          maxLength={10_000}
          onChange={(e) => setBody(e.target.value)}
        />
      </label>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={send.isPending || !subject.trim() || !body.trim()}>
          Send e-mail
        </Button>
        {isPaidStatus(order.status) ? (
          <Button type="button" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
            Resend confirmation
          </Button>
        ) : null}
      </div>
    </form>
  );
}
