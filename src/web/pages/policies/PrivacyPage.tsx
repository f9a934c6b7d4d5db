import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { SUPPORT_REPLY_HOURS } from "@shared/shipping";
import { Link } from "@web/app/routing";
import { PolicyLayout, PolicySection } from "./PolicyLayout";

export function PrivacyPage() {
  return (
    <PolicyLayout
      title="Privacy Policy"
      intro={`${BRAND_NAME} is a small, maker-run business, and your photos and details are treated the way we would want ours treated: kept only for what you asked us to do, never sold and never used to track you around the web.`}
      highlights={[
        { label: "Your data is sold to", value: "No one" },
        { label: "Third-party trackers", value: "None" },
        { label: "Your photos are used for", value: "Your order only" },
        { label: "Download or delete your data", value: "Any time" },
      ]}
    >
      <PolicySection id="who" title="Who we are">
        <p>
          {BRAND_NAME} is a small lithophane workshop in Northern Ireland. We are the data controller for the
          personal data described here and we handle it under the UK General Data Protection Regulation (UK
          GDPR) and the Data Protection Act 2018. For anything about your data, email the maker directly at{" "}
          <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
        </p>
      </PolicySection>

      <PolicySection id="what" title="What we keep and why">
        <ul>
          <li>
            <strong>Your account</strong> (if you create one): your name, email address and a securely hashed
            password, plus anything you add to your profile such as a phone number and address. If you switch
            on two-factor authentication we keep the secret your authenticator app uses. We need this to run
            your account (contract).
          </li>
          <li>
            <strong>Your orders:</strong> the items, prices, delivery name, address, email and phone number,
            and the order's status. We need these to make and deliver your order (contract) and keep order
            records for as long as UK tax law requires, currently up to six years (legal obligation).
          </li>
          <li>
            <strong>Your uploaded photos:</strong> used only to make your lithophane and show you the preview.
            When you upload, we strip hidden metadata such as the camera's location before storing the image.
            We never use your photos for marketing, training or anything else without asking you first.
          </li>
          <li>
            <strong>Messages you send us</strong> through the contact form or by email: your name, email
            address and message, so we can reply (legitimate interest).
          </li>
          <li>
            <strong>Security records:</strong> while you are signed in we record your session's IP address and
            browser so you can be protected against misuse of your account. To stop abuse such as password
            guessing, we briefly count requests per network address to sign-in and similar pages. We also log
            administrative changes to orders and accounts (legitimate interest).
          </li>
          <li>
            <strong>Shop analytics:</strong> we count anonymous events on our own server, such as "someone
            opened the creator" or "an item was added to the cart", to see which parts of the shop work. These
            counts contain no name, account, IP address or cookie identifier and cannot be traced to you.
          </li>
        </ul>
      </PolicySection>

      <PolicySection id="no-tracking" title="No third-party trackers, no selling">
        <p>
          We do not use advertising networks, social media pixels or third-party analytics, and we never sell
          or rent your personal data. The shop sets only the essential cookies and browser storage described
          in our <Link to="/cookies">cookie policy</Link>.
        </p>
      </PolicySection>

      <PolicySection id="processors" title="Who else handles your data">
        <p>We share only what is needed with a few trusted services that work on our behalf:</p>
        <ul>
          <li>
            <strong>Stripe</strong> processes card payments. Your card details go straight to Stripe and never
            reach or are stored on our servers; we receive only the payment's outcome.
          </li>
          <li>
            <strong>Our hosting, storage and email providers</strong>, which store the shop's database and
            your uploaded photos and send our emails, under contracts that protect your data.
          </li>
          <li>
            <strong>Delivery carriers</strong>, which receive your name, delivery address and, where needed
            for delivery updates, your email or phone number.
          </li>
        </ul>
        <p>
          Where any of these services process data outside the UK, they do so under safeguards recognised by
          UK law, such as the UK International Data Transfer Addendum.
        </p>
      </PolicySection>

      <PolicySection id="retention" title="How long we keep it">
        <ul>
          <li>Your account data: until you delete your account.</li>
          <li>
            Uploaded photos: for as long as needed to make, deliver and support your order (including any
            remake under our guarantee), after which we delete them.
          </li>
          <li>Order and payment records: as long as UK tax law requires, currently up to six years.</li>
          <li>Contact messages: for as long as needed to help you, then deleted.</li>
        </ul>
      </PolicySection>

      <PolicySection id="rights" title="Your rights">
        <p>
          Under UK GDPR you can ask to see, correct, download or delete your personal data, object to or
          restrict how we use it, and withdraw any consent you have given.
        </p>
        <ul>
          <li>
            <strong>If you have an account</strong>, you can download a copy of your data and delete your
            account and its data yourself from your <Link to="/account">account</Link> page.
          </li>
          <li>
            <strong>For anything else</strong>, including guest orders, email{" "}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>. We aim to reply within{" "}
            {SUPPORT_REPLY_HOURS} hours and will always respond within one month, as the law requires.
          </li>
        </ul>
        <p>
          If you are unhappy with how we have handled your data, please tell us first so we can put it right.
          You also have the right to complain to the Information Commissioner's Office (ICO) at ico.org.uk.
        </p>
      </PolicySection>

      <PolicySection id="security" title="Keeping your data safe">
        <p>
          Passwords are stored only as secure hashes, the shop is served over an encrypted connection, and you
          can protect your account with two-factor authentication. Only the people who run the shop can see
          orders, messages and uploaded photos.
        </p>
      </PolicySection>

      <PolicySection id="changes" title="Changes to this policy">
        <p>
          If we change how we use your data, we will update this page and its date. For significant changes we
          will email account holders before they take effect.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}
