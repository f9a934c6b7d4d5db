import { ADMIN_SETTINGS_PATH, ADMIN_SETTINGS_TEXTS } from "@shared/admin-settings";
import { BRAND_NAME } from "@shared/brand";
import { PRINT_QUEUE_TEXTS } from "@shared/print-queue";
import { shopIsLive } from "@shared/test-orders";
import { useQuery } from "@tanstack/react-query";
import { Link, NavLink, useLocation } from "@web/app/routing";
import { Logo } from "@web/components/layout/Logo";
import { cn } from "@web/components/ui/cn";
import { unreadQuery } from "@web/features/admin/api";
import {
  Activity,
  BarChart3,
  BookOpen,
  Database,
  Download,
  Images,
  Inbox,
  LayoutDashboard,
  Menu,
  Package,
  PackageCheck,
  Pipette,
  PoundSterling,
  Printer,
  Rss,
  Settings,
  ShoppingBag,
  SlidersHorizontal,
  Store,
  Tag,
  Truck,
  Users,
  X,
} from "lucide-react";
import { type ReactNode, Suspense, useEffect, useState } from "react";
import { TestShopBadge } from "./TestShopBadge";
import { IncludeTestOrdersSwitch, TestOrdersProvider, useTestOrdersView } from "./testOrders";
import { Loading } from "./ui";

export const ADMIN_SECTIONS = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/orders", label: "Orders", icon: ShoppingBag },
  { to: "/admin/print-queue", label: PRINT_QUEUE_TEXTS.navLabel, icon: Printer },
  { to: "/admin/messages", label: "Messages", icon: Inbox },
  { to: "/admin/users", label: "Users", icon: Users },
  { to: "/admin/products", label: "Products", icon: Package },
  { to: "/admin/creator-config", label: "Creator options", icon: SlidersHorizontal },
  { to: "/admin/storefront", label: "Storefront", icon: Images },
  { to: "/admin/prices", label: "Prices", icon: PoundSterling },
  { to: "/admin/discounts", label: "Discount codes", icon: Tag },
  { to: "/admin/shipping-zones", label: "Shipping zones", icon: Truck },
  { to: "/admin/calibration", label: "Calibration", icon: Pipette },
  { to: "/admin/click-and-drop", label: "Click & Drop", icon: PackageCheck },
  { to: "/admin/google-shopping", label: "Google Shopping", icon: Rss },
  { to: "/admin/books", label: "Books", icon: BookOpen },
  { to: "/admin/analytics", label: "Analytics", icon: BarChart3 },
  { to: "/admin/export", label: "Export", icon: Download },
  { to: "/admin/data-management", label: "Data management", icon: Database },
  { to: "/admin/activity", label: "Activity", icon: Activity },
  { to: ADMIN_SETTINGS_PATH, label: ADMIN_SETTINGS_TEXTS.navLabel, icon: Settings },
] as const;

/** The current section's name, for the phone's menu button. */
function currentSection(pathname: string): string {
  const match = [...ADMIN_SECTIONS]
    .filter((s) => ("end" in s ? pathname === s.to : pathname === s.to || pathname.startsWith(`${s.to}/`)))
    .pop();
  return match?.label ?? "Admin";
}

/**
 * The admin area's own frame (not the shop's: no marketing navigation, footer or floating
 * cart): a header with the shop's mode and a way back to the shop, the section menu (a sidebar
 * on wide screens, a menu button on phones), and the screen (`children`).
 */
export function AdminLayout({ children }: { children: ReactNode }) {
  return (
    <TestOrdersProvider>
      <AdminFrame>{children}</AdminFrame>
    </TestOrdersProvider>
  );
}

function AdminFrame({ children }: { children: ReactNode }) {
  const { modeText: mode, shop } = useTestOrdersView();
  const testShop = !shopIsLive(shop);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  // A section chosen on a phone closes the menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation
  useEffect(() => setMenuOpen(false), [pathname]);
  return (
    <div className="flex min-h-screen flex-col bg-stone-50">
      <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4">
          <Link
            to="/admin"
            className="flex items-center gap-2 font-display text-lg font-semibold text-stone-900"
          >
            <Logo className="h-7 w-7" />
            {BRAND_NAME} <span className="font-sans text-sm font-medium text-stone-700">admin</span>
          </Link>
          <p
            data-testid="admin-shop-mode"
            className={cn(
              "hidden rounded-full px-3 py-1 text-xs font-semibold sm:block",
              testShop ? "bg-orange-100 text-orange-950" : "bg-emerald-100 text-emerald-900",
            )}
          >
            {mode}
          </p>
          <div className="ml-auto flex items-center gap-1">
            <IncludeTestOrdersSwitch className="hidden min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium text-stone-800 sm:flex" />
            <Link
              to="/"
              className="inline-flex min-h-11 items-center gap-1 rounded-lg px-3 text-sm font-medium text-stone-800 hover:bg-stone-200"
            >
              <Store aria-hidden="true" className="h-4 w-4" />
              View shop
            </Link>
          </div>
        </div>
        {/* On phones the mode and the switch are a line of their own, under the header bar. */}
        <div
          className={cn(
            "flex flex-wrap items-center justify-between gap-x-4 px-4 py-1 text-xs font-semibold sm:hidden",
            testShop ? "bg-orange-100 text-orange-950" : "bg-emerald-100 text-emerald-900",
          )}
        >
          <p>{mode}</p>
          <IncludeTestOrdersSwitch className="flex min-h-9 items-center gap-2" />
        </div>
      </header>
      <div className="mx-auto w-full max-w-7xl flex-1 px-4 py-4 md:flex md:gap-8 md:py-8">
        <nav aria-label="Admin" className="mb-4 md:mb-0 md:w-52 md:shrink-0">
          <button
            type="button"
            className="flex min-h-11 w-full items-center gap-2 rounded-lg border border-stone-300 bg-white px-3 text-sm font-semibold text-stone-900 md:hidden"
            aria-expanded={menuOpen}
            aria-controls="admin-sections"
            onClick={() => setMenuOpen((v) => !v)}
          >
            {menuOpen ? (
              <X aria-hidden="true" className="h-4 w-4" />
            ) : (
              <Menu aria-hidden="true" className="h-4 w-4" />
            )}
            <span>
              <span className="sr-only">Admin menu: </span>
              {currentSection(pathname)}
            </span>
            <UnreadBadge />
          </button>
          <p className="mb-2 hidden text-xs font-semibold uppercase tracking-wide text-stone-700 md:block">
            Admin
            <TestShopBadge />
          </p>
          <ul
            id="admin-sections"
            className={cn(
              "mt-2 grid-cols-2 gap-1 rounded-lg border border-stone-200 bg-white p-2 md:mt-0 md:flex md:flex-col md:border-0 md:bg-transparent md:p-0",
              menuOpen ? "grid" : "hidden",
            )}
          >
            {ADMIN_SECTIONS.map(({ to, label, icon: Icon, ...rest }) => (
              <li key={to} className="min-w-0">
                <NavLink
                  to={to}
                  end={"end" in rest}
                  className={({ isActive }) =>
                    cn(
                      "flex min-h-11 items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium",
                      isActive ? "bg-stone-900 text-white" : "text-stone-800 hover:bg-stone-200",
                    )
                  }
                >
                  <Icon aria-hidden="true" className="h-4 w-4 shrink-0" />
                  <span className="truncate">{label}</span>
                  {to === "/admin/messages" ? <UnreadBadge /> : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 outline-none">
          <Suspense fallback={<Loading />}>{children}</Suspense>
        </main>
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
