/**
 * The "test shop" badge in the admin header (TEST_PAYMENTS=on); the shop's pages show the
 * banner instead (components/layout/TestShopBanner). Apart from the banner so the badge is in
 * the admin's lazy chunk, not the shop's first load.
 */
import { MESSAGES } from "@shared/messages";
import { useTestShop } from "@web/components/layout/TestShopBanner";

export function TestShopBadge() {
  const testShop = useTestShop();
  if (!testShop) return null;
  return (
    <span
      data-testid="test-shop-badge"
      className="rounded-full md:ml-2 bg-orange-200 px-2 py-0.5 text-xs font-semibold normal-case text-orange-950"
    >
      {MESSAGES.testShop.adminBadge}
    </span>
  );
}
