import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { useQuery } from "@tanstack/react-query";
import { unreadQuery } from "@web/api/inbox";
import { TestShopBadge, useTestShop } from "@web/components/layout/TestShopBanner";
import { cn } from "@web/components/ui/cn";
import {
  Activity,
  BarChart3,
  Database,
  Download,
  Images,
  Inbox,
  LayoutDashboard,
  Package,
  Pipette,
  PoundSterling,
  ShoppingBag,
  SlidersHorizontal,
  Tag,
  Truck,
  Users,
} from "lucide-react";
import { Suspense } from "react";
import { NavLink, Outlet } from "react-router";
import { Loading } from "./ui";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/orders", label: "Orders", icon: ShoppingBag },
  { to: "/admin/messages", label: "Messages", icon: Inbox },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/products", label: "Products", icon: Package },
  { to: "/admin/creator-config", label: "Creator options", icon: SlidersHorizontal },
  { to: "/admin/storefront", label: "Storefront", icon: Images },
  { to: "/admin/prices", label: "Prices", icon: PoundSterling },
  { to: "/admin/discounts", label: "Discount codes", icon: Tag },
  { to: "/admin/shipping-zones", label: "Shipping zones", icon: Truck },
  { to: "/admin/calibration", label: "Calibration", icon: Pipette },
  { to: "/admin/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/admin/export", label: "Export", icon: Download },
  { to: "/admin/data-management", label: "Data management", icon: Database },
  { to: "/admin/activity", label: "Activity", icon: Activity },
] as const;

/** The admin area's frame: a section menu (a sidebar on wide screens, a scrolling row on phones). */
export function AdminLayout() {
  const testShop = useTestShop();
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 md:flex md:gap-8 md:py-10">
      <p
        data-testid="admin-shop-mode"
        className={cn(
          "mb-4 rounded-lg px-3 py-2 text-sm font-semibold md:hidden",
          testShop ? "bg-orange-100 text-orange-950" : "bg-emerald-100 text-emerald-900",
        )}
      >
        {testShop ? ADMIN_MESSAGE_TEXTS.shopMode.test : ADMIN_MESSAGE_TEXTS.shopMode.live}
      </p>
      <nav aria-label="Admin" className="mb-6 md:mb-0 md:w-52 md:shrink-0">
        <p
          className={cn(
            "mb-2 text-xs font-semibold uppercase tracking-wide text-stone-700",
            // On phones the heading shows only for a test shop's badge.
            !testShop && "hidden md:block",
          )}
        >
          <span className="hidden md:inline">Admin</span>
          <TestShopBadge />
        </p>
        <p
          className={cn(
            "mb-3 hidden rounded-lg px-3 py-2 text-sm font-semibold md:block",
            testShop ? "bg-orange-100 text-orange-950" : "bg-emerald-100 text-emerald-900",
          )}
        >
          {testShop ? ADMIN_MESSAGE_TEXTS.shopMode.test : ADMIN_MESSAGE_TEXTS.shopMode.live}
        </p>
        <ul className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-2 md:mx-0 md:flex-col md:overflow-visible md:px-0 md:pb-0">
          {ADMIN_SECTIONS.map(({ to, label, icon: Icon, ...rest }) => (
            <li key={to} className="shrink-0">
              <NavLink
                to={to}
                end={"end" in rest}
                className={({ isActive }) =>
                  cn(
                    "flex min-h-11 items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium",
                    isActive ? "bg-stone-900 text-white" : "text-stone-800 hover:bg-stone-200",
                  )
                }
              >
                <Icon aria-hidden="true" className="h-4 w-4" />
                {label}
                {to === "/admin/messages" ? <UnreadBadge /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}

/** The unread messages, beside "Messages" in the menu. */
function UnreadBadge() {
  const q = useQuery(unreadQuery());
  if (!q.data) return null;
  return (
    <span className="ml-auto rounded-full bg-amber-600 px-2 py-0.5 text-xs font-semibold text-white">
      {q.data}
      <span className="sr-only"> unread</span>
    </span>
  );
}
