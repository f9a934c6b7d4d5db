/**
 * The "test shop" banner (TEST_PAYMENTS=on): on every page, above the navigation, and as a
 * badge in the admin header. Asked once per page load (the answer never changes while the
 * server runs); nothing is shown until the server says so, or when it cannot be asked.
 */
import { MESSAGES } from "@shared/messages";
import { fetchShopInfo } from "@web/app/shop-info";
import { useEffect, useState } from "react";

let shared: Promise<boolean> | null = null;

/** True once the server said this is a test shop (one request shared by every caller). */
export function useTestShop(): boolean {
  const [testShop, setTestShop] = useState(false);
  useEffect(() => {
    let alive = true;
    shared ??= fetchShopInfo()
      .then((info) => info.testShop === true)
      .catch(() => {
        shared = null;
        return false;
      });
    void shared.then((value) => {
      if (alive) setTestShop(value);
    });
    return () => {
      alive = false;
    };
  }, []);
  return testShop;
}

export function TestShopBanner() {
  const testShop = useTestShop();
  if (!testShop) return null;
  return (
    <div
      role="note"
      data-testid="test-shop-banner"
      className="bg-orange-200 px-4 py-2 text-center text-sm font-semibold text-orange-950"
    >
      {MESSAGES.testShop.banner}
    </div>
  );
}
