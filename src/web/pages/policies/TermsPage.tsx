import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { BULK_ORDER_UNITS, CANCELLATION_WINDOW_HOURS, RETURN_WINDOW_DAYS } from "@shared/shipping";
import { Link } from "@web/app/routing";
import { PolicyLayout, PolicySection } from "./PolicyLayout";

export function TermsPage() {
  return (
    <PolicyLayout
      title="Terms of Service"
      intro={`These terms apply when you use the ${BRAND_NAME} website or buy from us. We have kept them short and in plain English; please read them before you order.`}
    >
      <PolicySection id="about-us" title="About us">
        <p>
          {BRAND_NAME} is a small business based in Northern Ireland that designs and 3D-prints custom
          lithophane lightboxes. You can reach us at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>{" "}
          or through our <Link to="/contact">contact form</Link>.
        </p>
      </PolicySection>

      <PolicySection id="made-to-order" title="Made-to-order, personalised goods">
        <p>
          Every lithophane is made to order from the photo you upload. Your order is accepted when we email
          you its confirmation after payment, and we start work shortly afterwards.
        </p>
        <p>
          Because lithophanes are personalised, the statutory 14-day right to cancel under the Consumer
          Contracts Regulations does not apply to them. Instead, you can change or cancel an order within{" "}
          {CANCELLATION_WINDOW_HOURS} hours of placing it, and every order is covered by our{" "}
          {RETURN_WINDOW_DAYS}-day money-back guarantee (see <Link to="/returns">returns and refunds</Link>).
          Non-personalised accessories can be cancelled within 14 days of delivery as the law provides.
        </p>
        <p>
          Each piece is printed and finished by hand, so small variations in texture and tone are part of its
          character. The on-screen preview is a close guide, but the glow of the real panel will differ
          slightly from your screen. For orders of {BULK_ORDER_UNITS} or more units, please contact us before
          ordering.
        </p>
      </PolicySection>

      <PolicySection id="photos" title="Your photos">
        <p>
          You must own the photos you upload or have permission to use them, and they must not be unlawful,
          hateful or show anyone who has not agreed to it. You keep all rights in your photos; you give us
          permission to use them only to make, deliver and support your order. We may refuse an order we
          reasonably believe breaks these rules, and will refund you in full if we do.
        </p>
      </PolicySection>

      <PolicySection id="prices" title="Prices and payment">
        <p>
          All prices are charged in pounds sterling (GBP) and include VAT where it applies. Prices shown in
          other currencies are estimates converted at recent exchange rates, for your convenience only: the
          amount you pay is the GBP price, and your bank or card provider may apply its own rate or fees.
        </p>
        <p>
          Shipping costs are shown at checkout before you pay (see{" "}
          <Link to="/shipping">shipping information</Link>). Payments are taken securely by our payment
          provider, Stripe. If we make an obvious pricing mistake, we will contact you before sending your
          order and you may cancel for a full refund.
        </p>
      </PolicySection>

      <PolicySection id="delivery" title="Delivery">
        <p>
          We aim to meet the times on our <Link to="/shipping">shipping page</Link>, but they are estimates.
          If your order is significantly delayed, contact us and you may cancel for a full refund if we have
          not yet dispatched it. Responsibility for the lightbox passes to you once it is delivered.
        </p>
      </PolicySection>

      <PolicySection id="accounts" title="Your account">
        <p>
          If you create an account, keep your password safe and tell us if you think someone else has used it.
          You can download your data or delete your account at any time from your{" "}
          <Link to="/account">account</Link> page.
        </p>
      </PolicySection>

      <PolicySection id="liability" title="Our responsibility to you">
        <p>
          We are responsible for loss or damage you suffer that is a foreseeable result of us breaking these
          terms or failing to use reasonable care and skill. We are not responsible for loss that was not
          foreseeable, or for business losses. Nothing in these terms limits our liability where it would be
          unlawful to do so, including for death or personal injury caused by our negligence, or your rights
          under the Consumer Rights Act 2015.
        </p>
      </PolicySection>

      <PolicySection id="law" title="Governing law">
        <p>
          These terms are governed by the law of Northern Ireland, and the courts of Northern Ireland have
          jurisdiction. If you live elsewhere in the UK or in the EU, you can also bring proceedings where you
          live and keep the protection of your local consumer law.
        </p>
      </PolicySection>

      <PolicySection id="changes" title="Changes to these terms">
        <p>
          We may update these terms from time to time. The version on this page when you place your order is
          the one that applies to it.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}
