import { BRAND_NAME } from "@shared/brand";
import { CURRENCY_STORAGE_KEYS } from "@shared/currency";
import { Link } from "@web/app/routing";
import { PolicyLayout, PolicySection } from "./PolicyLayout";

const STORAGE: ReadonlyArray<{ name: string; isKey: boolean; purpose: string; kept: string }> = [
  {
    name: "Your cart",
    isKey: false,
    purpose: "Remembers the lithophanes and accessories you have added, so your cart survives a page reload.",
    kept: "Until you check out or remove the items",
  },
  {
    name: "Cart sync marker",
    isKey: false,
    purpose:
      "When you are signed in, notes which account this device's cart was last combined with, so the same items are not merged twice.",
    kept: "Until you sign in with another account or clear your browser data",
  },
  {
    isKey: true,
    name: CURRENCY_STORAGE_KEYS.selectedCurrency,
    purpose: "The currency you chose to see prices in.",
    kept: "Until you change it or clear your browser data",
  },
  {
    isKey: true,
    name: CURRENCY_STORAGE_KEYS.hasSeenCurrencyPrompt,
    purpose: "Records that you have answered the “Switch Currency?” question, so we do not ask again.",
    kept: "Until you clear your browser data",
  },
  {
    isKey: true,
    name: CURRENCY_STORAGE_KEYS.exchangeRates,
    purpose: "A copy of today's exchange rates, so converted prices show without waiting.",
    kept: "Refreshed every 4 hours",
  },
  {
    isKey: true,
    name: CURRENCY_STORAGE_KEYS.exchangeRatesTimestamp,
    purpose: "When the exchange rates were last fetched.",
    kept: "Refreshed every 4 hours",
  },
];

export function CookiesPage() {
  return (
    <PolicyLayout
      title="Cookie Policy"
      intro={`${BRAND_NAME} uses only the cookies and browser storage the shop needs to work. There are no advertising, tracking or third-party analytics cookies, so there is no cookie banner to click through.`}
      highlights={[
        { label: "Cookies we set", value: "Sign-in only" },
        { label: "Advertising cookies", value: "None" },
        { label: "Third-party trackers", value: "None" },
        { label: "Consent banner needed", value: "No" },
      ]}
    >
      <PolicySection id="cookies" title="Cookies we set">
        <p>
          <strong>A session cookie</strong>, set only when you sign in. It keeps you signed in as you move
          around the shop and protects your account. It is HTTP-only, so scripts on the page cannot read it,
          and it is removed when you sign out or the session expires. While you complete two-factor sign-in, a
          short-lived cookie of the same kind remembers that step.
        </p>
        <p>
          These cookies are strictly necessary for a service you asked for, so under the UK's Privacy and
          Electronic Communications Regulations (PECR) they do not need consent.
        </p>
      </PolicySection>

      <PolicySection id="local-storage" title="What we keep in your browser">
        <p>
          Some settings are kept in your browser's local storage rather than in a cookie. They stay on your
          device and are not sent to us with each page:
        </p>
        {/* Wrapped so the prose list styling (direct children only) leaves these cards alone. */}
        <div>
          <ul className="grid gap-3 sm:grid-cols-2">
            {STORAGE.map((row) => (
              <li key={row.name} className="rounded-xl border border-stone-200 bg-white p-4">
                <h3
                  className={
                    row.isKey ? "break-words font-mono text-base text-stone-900" : "text-lg text-stone-900"
                  }
                >
                  {row.name}
                </h3>
                <p className="mt-1">{row.purpose}</p>
                <p className="mt-2 text-sm">
                  <span className="font-medium text-stone-900">Kept: </span>
                  {row.kept}
                </p>
              </li>
            ))}
          </ul>
        </div>
        <p>
          When you sign in, your cart is also saved to your account so it is waiting for you on your other
          devices.
        </p>
      </PolicySection>

      <PolicySection id="analytics" title="Analytics without cookies">
        <p>
          To understand which parts of the shop are used, our own server counts anonymous events such as a
          visit to the creator or an item added to the cart. This uses no cookies, no identifiers and no
          third-party service, and the counts cannot be linked to you. More in our{" "}
          <Link to="/privacy">privacy policy</Link>.
        </p>
      </PolicySection>

      <PolicySection id="payments" title="Payments">
        <p>
          When you pay, you are taken to Stripe's secure checkout page. Stripe sets its own cookies there to
          process the payment and prevent fraud; these are covered by Stripe's own cookie policy, not this
          one.
        </p>
      </PolicySection>

      <PolicySection id="control" title="Clearing or blocking them">
        <p>
          You can delete cookies and local storage at any time in your browser's settings. The shop still
          works without them, but you will be signed out, your cart on this device will be emptied and we will
          ask about your currency again.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}
