/**
 * The admin's one "Include test orders" switch (issue 30): the header shows it, and the
 * dashboard, the VAT report and the analytics read it. Its default comes from the shop (on while
 * it takes no live payments); the owner's choice is remembered on this device.
 */
import {
  resolveIncludeTestOrders,
  type ShopPayments,
  shopModeText,
  TEST_ORDERS_TEXTS,
} from "@shared/test-orders";
import { useQuery } from "@tanstack/react-query";
import { useTestShop } from "@web/components/layout/TestShopBanner";
import { adminQueries } from "@web/features/admin/api";
import { createContext, type ReactNode, useContext, useState } from "react";

const STORAGE_KEY = "lithobox.admin.includeTestOrders";

interface TestOrdersView {
  /** The shop's payments, once known. */
  shop: ShopPayments;
  includeTest: boolean;
  setIncludeTest: (on: boolean) => void;
  /** The header's statement: "Live shop: payments are real" only when they are. */
  modeText: string;
  /** True while the shop's payments are not known yet. */
  pending: boolean;
}

const TestOrdersContext = createContext<TestOrdersView | null>(null);

function readStored(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

export function TestOrdersProvider({ children }: { children: ReactNode }) {
  const testShop = useTestShop();
  const q = useQuery(adminQueries.shopMode());
  const [stored, setStored] = useState<string | null>(readStored);
  // Until the server answers, the header does not claim the payments are real.
  const shop: ShopPayments = {
    livePayments: q.data?.livePayments ?? false,
    testShop: testShop || q.data?.testShop === true,
    environmentMode: q.data?.environmentMode,
  };
  const view: TestOrdersView = {
    shop,
    includeTest: resolveIncludeTestOrders(stored, shop),
    setIncludeTest: (on) => {
      const value = on ? "on" : "off";
      try {
        window.localStorage.setItem(STORAGE_KEY, value);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      setStored(value);
    },
    modeText: shopModeText(shop),
    pending: q.isPending,
  };
  return <TestOrdersContext.Provider value={view}>{children}</TestOrdersContext.Provider>;
}

export function useTestOrdersView(): TestOrdersView {
  const view = useContext(TestOrdersContext);
  if (!view) throw new Error("useTestOrdersView must be used within a TestOrdersProvider");
  return view;
}

/** The header's switch. */
export function IncludeTestOrdersSwitch({ className }: { className?: string }) {
  const { includeTest, setIncludeTest, shop, pending } = useTestOrdersView();
  return (
    <label
      className={className}
      title={pending ? undefined : TEST_ORDERS_TEXTS.switchHint(shop.livePayments && !shop.testShop)}
    >
      <input
        type="checkbox"
        checked={includeTest}
        disabled={pending}
        onChange={(e) => setIncludeTest(e.target.checked)}
        className="h-4 w-4 accent-orange-700"
      />
      <span>{TEST_ORDERS_TEXTS.switchLabel}</span>
    </label>
  );
}
