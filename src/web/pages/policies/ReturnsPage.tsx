import { SUPPORT_EMAIL } from "@shared/brand";
import {
  CANCELLATION_WINDOW_HOURS,
  REFUND_AFTER_RECEIPT_DAYS,
  REFUND_BANK_TRANSFER_DAYS,
  REFUND_CARD_DAYS,
  REFUND_PAYPAL_DAYS,
  RETURN_LABEL_EMAIL_HOURS,
  RETURN_WINDOW_DAYS,
} from "@shared/shipping";
import { Link } from "@web/app/routing";
import { tableCell as cell, PolicyLayout, PolicySection } from "./PolicyLayout";

export function ReturnsPage() {
  return (
    <PolicyLayout
      title="Returns & Refunds"
      intro="We want you to love your lithophane. If it isn't right, our money-back guarantee means you are never stuck with something you are unhappy with."
      highlights={[
        { label: "Money-back guarantee", value: `${RETURN_WINDOW_DAYS} days` },
        { label: "Cancel free of charge", value: `Within ${CANCELLATION_WINDOW_HOURS} hours` },
        { label: "Prepaid return label", value: `Within ${RETURN_LABEL_EMAIL_HOURS} hours` },
        { label: "Refund after we receive it", value: `${REFUND_AFTER_RECEIPT_DAYS} business days` },
      ]}
    >
      <PolicySection id="guarantee" title={`Our ${RETURN_WINDOW_DAYS}-day money-back guarantee`}>
        <p>
          If you are not happy with your lightbox for any reason, tell us within {RETURN_WINDOW_DAYS} days of
          delivery and send it back for a full refund of the item. Because every lithophane is made for you
          alone, we will often suggest a free remake first if something about the print is not right, but the
          choice is always yours.
        </p>
        <p>
          This guarantee is in addition to your legal rights. Under the Consumer Rights Act 2015 anything we
          sell must be as described, of satisfactory quality and fit for purpose, and faulty items are always
          repaired, replaced or refunded.
        </p>
      </PolicySection>

      <PolicySection id="how" title="How to return an item">
        <ol>
          <li>
            Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use our{" "}
            <Link to="/contact">contact form</Link> (choose “Returns &amp; Refunds”) with your order number
            and a line about what is wrong. A photo helps if it is damaged.
          </li>
          <li>We email you a prepaid return label within {RETURN_LABEL_EMAIL_HOURS} hours.</li>
          <li>
            Pack the lightbox carefully, ideally in its original box and padding, and drop it off with the
            carrier.
          </li>
          <li>
            Once it reaches us, we process your refund within {REFUND_AFTER_RECEIPT_DAYS} business days of
            receipt and email you to confirm.
          </li>
        </ol>
      </PolicySection>

      <PolicySection id="refund-times" title="When the money reaches you">
        <p>
          Refunds go back to the payment method you used. After we have processed it, how long it takes to
          show depends on your provider:
        </p>
        <div className="overflow-hidden rounded-xl border border-stone-200 bg-white">
          <table className="w-full border-collapse text-stone-700">
            <caption className="sr-only">How long refunds take to arrive by payment method</caption>
            <thead className="bg-stone-100 text-stone-900">
              <tr>
                <th scope="col" className={cell}>
                  Paid by
                </th>
                <th scope="col" className={cell}>
                  Refund arrives within
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className={`${cell} font-medium text-stone-900`}>
                  Credit or debit card
                </th>
                <td className={cell}>{REFUND_CARD_DAYS} days</td>
              </tr>
              <tr>
                <th scope="row" className={`${cell} font-medium text-stone-900`}>
                  PayPal
                </th>
                <td className={cell}>{REFUND_PAYPAL_DAYS} days</td>
              </tr>
              <tr>
                <th scope="row" className={`${cell} font-medium text-stone-900`}>
                  Bank transfer
                </th>
                <td className={cell}>{REFUND_BANK_TRANSFER_DAYS} days</td>
              </tr>
            </tbody>
          </table>
        </div>
      </PolicySection>

      <PolicySection id="cancel" title="Changing or cancelling an order">
        <p>
          You can change or cancel your order free of charge within {CANCELLATION_WINDOW_HOURS} hours of
          placing it: just email us with your order number. After that we will usually have started printing
          your personalised panel, but our money-back guarantee still applies once it has been delivered.
        </p>
      </PolicySection>

      <PolicySection id="damaged" title="Damaged, faulty or lost">
        <p>
          If your lightbox arrives damaged, an LED stops working or a parcel goes missing, contact us and we
          will remake and resend it or refund you in full, including shipping. You will not need to pay for
          any return postage.
        </p>
      </PolicySection>

      <PolicySection id="accessories" title="Accessories">
        <p>
          Accessories that are not personalised can be returned unused in their original packaging within{" "}
          {RETURN_WINDOW_DAYS} days of delivery for a full refund, using the same steps above.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}
