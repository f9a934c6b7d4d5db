import { DELIVERY_TEXTS, UK_SPEC_DAYS } from "@shared/delivery-texts";
import { formatGbpForCopy as gbp } from "@shared/money";
import {
  BULK_ORDER_UNITS,
  DELIVERY_INTERNATIONAL_FAQ_DAYS,
  DELIVERY_INTERNATIONAL_SHIPPING_PAGE_DAYS,
  EXPRESS_DELIVERY_DAYS,
  EXPRESS_SHIPPING_PENCE,
  FREE_SHIPPING_THRESHOLD_PENCE,
  PROCESSING_COMPLEX_DAYS,
  PROCESSING_RUSH_DAYS,
  PROCESSING_STANDARD_DAYS,
  STANDARD_DELIVERY_DAYS,
  STANDARD_SHIPPING_PENCE,
} from "@shared/shipping";
import { dayRangeText } from "@shared/shipping-zones";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@web/app/routing";
import { shippingZonesQuery } from "@web/features/checkout/api";
import { tableCell as cell, PolicyLayout, PolicySection } from "./PolicyLayout";

export function ShippingPage() {
  return (
    <PolicyLayout
      title="Shipping Information"
      intro="Every lightbox is made to order in our Northern Ireland workshop, then packed by hand and sent tracked. Here is how long each stage takes and what it costs."
      highlights={[
        { label: "Free UK standard shipping", value: `Over ${gbp(FREE_SHIPPING_THRESHOLD_PENCE)}` },
        { label: "Standard delivery", value: `${STANDARD_DELIVERY_DAYS} business days` },
        { label: "Express delivery", value: `${EXPRESS_DELIVERY_DAYS} business days` },
        {
          label: "International",
          value: `${DELIVERY_INTERNATIONAL_FAQ_DAYS} business days`,
          note: `Up to ${DELIVERY_INTERNATIONAL_SHIPPING_PAGE_DAYS} for remote areas`,
        },
      ]}
    >
      <PolicySection id="rates" title="Shipping options and prices in the UK">
        <div className="overflow-hidden rounded-xl border border-stone-200 bg-white">
          <table className="w-full border-collapse text-stone-700">
            <caption className="sr-only">Shipping options, delivery times and prices</caption>
            <thead className="bg-stone-100 text-stone-900">
              <tr>
                <th scope="col" className={cell}>
                  Option
                </th>
                <th scope="col" className={cell}>
                  Delivery time
                </th>
                <th scope="col" className={cell}>
                  Price
                </th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row" className={`${cell} font-medium text-stone-900`}>
                  Standard
                </th>
                <td className={cell}>{STANDARD_DELIVERY_DAYS} business days</td>
                <td className={cell}>
                  Free on orders over {gbp(FREE_SHIPPING_THRESHOLD_PENCE)}, otherwise{" "}
                  {gbp(STANDARD_SHIPPING_PENCE)}
                </td>
              </tr>
              <tr>
                <th scope="row" className={`${cell} font-medium text-stone-900`}>
                  Express
                </th>
                <td className={cell}>{EXPRESS_DELIVERY_DAYS} business days</td>
                <td className={cell}>{gbp(EXPRESS_SHIPPING_PENCE)}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p>
          You choose your option at checkout, where the shipping cost for your country is added to your order
          total before you pay. In the UK, free standard shipping applies automatically once your order is
          over {gbp(FREE_SHIPPING_THRESHOLD_PENCE)}; express delivery is always charged. All prices are in
          pounds sterling (GBP). For other countries, see <a href="#zones">delivery zones</a> below.
        </p>
      </PolicySection>

      <PolicySection id="processing" title="Processing times">
        <p>
          Before your parcel leaves us, we prepare your photo, print the panel, assemble the lightbox and
          check it with the light on. How long that takes depends on the order:
        </p>
        <ul>
          <li>
            <strong>Standard orders:</strong> {PROCESSING_STANDARD_DAYS} business days.
          </li>
          <li>
            <strong>Complex designs</strong> (several lithophanes, larger sizes or photos that need extra
            preparation): {PROCESSING_COMPLEX_DAYS} business days.
          </li>
          <li>
            <strong>Rush processing:</strong> {PROCESSING_RUSH_DAYS} business days, for an extra fee. Please{" "}
            <Link to="/contact">contact us</Link> before ordering and we will confirm whether we can fit it in
            and what it costs.
          </li>
        </ul>
        <p>
          {DELIVERY_TEXTS.checkoutAddsUp} {DELIVERY_TEXTS.businessDays} Once your parcel is dispatched, the{" "}
          <Link to="/track">Track Order</Link> page shows the carrier's dates.
        </p>
      </PolicySection>

      <PolicySection id="uk-ireland" title="Delivery to the UK and Ireland">
        <UkAndIrelandDelivery />
      </PolicySection>

      <PolicySection id="international" title="International delivery">
        <p>
          We post our lightboxes all over the world. Most international parcels arrive in{" "}
          <strong>{DELIVERY_INTERNATIONAL_FAQ_DAYS} business days</strong> after dispatch. Please allow up to{" "}
          <strong>{DELIVERY_INTERNATIONAL_SHIPPING_PAGE_DAYS} business days</strong> for remote destinations
          and for parcels held up in customs: once a parcel leaves the UK, its speed depends on the local
          postal service and customs checks, which we cannot control.
        </p>
        <p>
          Parcels to the UK and the European Union carry no import charges: we ship from Northern Ireland.
          Elsewhere, import duties, taxes and customs fees charged by the destination country are not included
          in our prices and are paid by the recipient on delivery; checkout tells you before you pay. If a
          parcel is returned to us because these were not paid, we will refund the order less the shipping
          cost.
        </p>
      </PolicySection>

      <PolicySection id="zones" title="Delivery zones">
        <p>
          Checkout takes addresses in the UK, Ireland, Europe, the United States and Canada and most of the
          rest of the world. Choose your country there to see its prices and your delivery dates. If your
          country is not offered, please <Link to="/contact?subject=shipping">contact us</Link> with the
          delivery country and we will see what we can do.
        </p>
        <ZoneTable />
      </PolicySection>

      <PolicySection id="tracking" title="Tracking your parcel">
        <p>
          When your lightbox is dispatched we email you a tracking number. You can also check the progress of
          your order at any time on our <Link to="/track">Track Order</Link> page with your order number and
          email address.
        </p>
      </PolicySection>

      <PolicySection id="large-orders" title="Large orders">
        <p>
          Planning wedding favours, memorial gifts or a corporate order? For orders of {BULK_ORDER_UNITS} or
          more units, please <Link to="/contact">contact us</Link> before ordering so we can schedule
          production and agree a delivery date with you.
        </p>
      </PolicySection>

      <PolicySection id="problems" title="Damaged or lost parcels">
        <p>
          We pack every lightbox carefully, but if yours arrives damaged, please email us a photo of the
          parcel and the damage as soon as you can and we will remake it or refund you. If your tracking stops
          moving or your parcel is later than the times above, get in touch: we will chase the carrier and, if
          it is lost, make and send a replacement. See our{" "}
          <Link to="/returns">returns and refunds policy</Link> for more.
        </p>
      </PolicySection>
    </PolicyLayout>
  );
}

/**
 * Delivery to the UK and Ireland in the zones' own days (issue 47: the text said 3-5 beside a
 * table saying 5-7); the UK's spec figures until the zones have loaded.
 */
function UkAndIrelandDelivery() {
  const zones = useQuery(shippingZonesQuery()).data;
  const days = (id: string) => {
    const zone = zones?.find((z) => z.id === id);
    return zone ? { standard: zone.standardDays, express: zone.expressDays } : null;
  };
  const uk = days("uk") ?? UK_SPEC_DAYS;
  return (
    <p data-testid="uk-ireland-delivery">
      {DELIVERY_TEXTS.ukAndIreland(uk, days("ireland"))} {DELIVERY_TEXTS.remoteAddresses}
    </p>
  );
}

/** The zones as the shop prices them today (the owner edits them in the admin). */
function ZoneTable() {
  const zones = useQuery(shippingZonesQuery()).data;
  if (!zones) return null;
  return (
    <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
      <table className="w-full border-collapse text-stone-700" data-testid="zone-table">
        <caption className="sr-only">Delivery zones, prices and delivery times</caption>
        <thead className="bg-stone-100 text-stone-900">
          <tr>
            <th scope="col" className={cell}>
              Zone
            </th>
            <th scope="col" className={cell}>
              Standard
            </th>
            <th scope="col" className={cell}>
              Express
            </th>
          </tr>
        </thead>
        <tbody>
          {zones.map((zone) => (
            <tr key={zone.id}>
              <th scope="row" className={`${cell} font-medium text-stone-900`}>
                {zone.name}
              </th>
              <td className={cell}>
                {gbp(zone.standardPence)}
                {zone.freeStandardOverPence !== null ? `, free over ${gbp(zone.freeStandardOverPence)}` : ""}
                <span className="block text-sm">{dayRangeText(zone.standardDays)} business days</span>
              </td>
              <td className={cell}>
                {gbp(zone.expressPence)}
                <span className="block text-sm">{dayRangeText(zone.expressDays)} business days</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
