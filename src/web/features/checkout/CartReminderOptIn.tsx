import type { CartItem } from "@shared/cart";
import { CUSTOMER_MAIL_TEXTS as T } from "@shared/customer-mail";
import { readReminderHandle, writeReminderHandle } from "@web/features/reminders";
import { useEffect, useId, useState } from "react";

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** How long the address must rest before it is sent: a half-typed address gets no e-mail. */
const ADDRESS_SETTLE_MS = 1500;

/**
 * The opt-in to cart reminders (issues 33 and 46): unticked unless this browser already opted
 * in. Ticked with an address, the cart is kept on the server and, unless the address is the
 * signed-in customer's own verified one, a confirmation e-mail goes to it: the answer's message
 * says so under the box. Unticked, the consent is withdrawn at once. Nothing is sent to the
 * server while it is unticked.
 */
export function CartReminderOptIn({ email, items }: { email: string; items: readonly CartItem[] }) {
  const id = useId();
  const [checked, setChecked] = useState(() => readReminderHandle() !== null);
  const [status, setStatus] = useState<string | null>(null);
  const address = email.trim();

  useEffect(() => {
    if (!checked || !LOOKS_LIKE_EMAIL.test(address) || items.length === 0) return;
    const timer = setTimeout(() => {
      void import("@web/features/reminders/api")
        .then(({ consentToReminders }) => consentToReminders(address, items, readReminderHandle()))
        .then((answer) => {
          writeReminderHandle(answer.handle);
          setStatus(answer.message);
        })
        .catch((error: unknown) => console.warn("Could not record the reminder consent", error));
    }, ADDRESS_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [checked, address, items]);

  const change = (next: boolean) => {
    setChecked(next);
    if (!next) setStatus(null);
    const handle = readReminderHandle();
    if (next || !handle) return;
    writeReminderHandle(null);
    void import("@web/features/reminders/api")
      .then(({ withdrawReminders }) => withdrawReminders(handle))
      .catch((error: unknown) => console.warn("Could not withdraw the reminder consent", error));
  };

  return (
    <div className="mt-5 flex items-start gap-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => change(event.target.checked)}
        className="mt-1 h-5 w-5 shrink-0 accent-stone-900"
        aria-describedby={`${id}-hint`}
      />
      <div>
        <label htmlFor={id} className="font-medium text-stone-900">
          {T.optInLabel}
        </label>
        <p id={`${id}-hint`} className="text-sm text-stone-700">
          {T.optInHint}
        </p>
        {status ? (
          <p role="status" className="mt-1 text-sm text-stone-900">
            {status}
          </p>
        ) : null}
      </div>
    </div>
  );
}
