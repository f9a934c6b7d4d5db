/**
 * Admin: the owner's prices (issue 18). The bundles (price and the "before the saving" price),
 * the United Kingdom's free-shipping threshold, each accessory's price, and the seller and VAT
 * details printed on invoices, with the quarterly sales and VAT report. The server validates,
 * audit-logs each change with its old and new values and re-prices the next checkout.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { AccessoriesCard } from "./prices/AccessoriesCard";
import { BundlesCard } from "./prices/BundlesCard";
import { InvoiceCard } from "./prices/InvoiceCard";
import { ProcessingCard } from "./prices/ProcessingCard";
import { AdminHeading, useAdminTitle } from "./ui";

const M = ADMIN_MESSAGE_TEXTS.prices;

export function PricesPage() {
  useAdminTitle(M.title);
  return (
    <div>
      <AdminHeading title={M.title} intro={M.intro} />
      <div className="space-y-6">
        <BundlesCard />
        <ProcessingCard />
        <AccessoriesCard />
        <InvoiceCard />
      </div>
    </div>
  );
}
