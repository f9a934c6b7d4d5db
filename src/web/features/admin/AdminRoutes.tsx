/**
 * The admin area (lazy-loaded by src/web/router.tsx for /admin and below). Every screen sits behind
 * AdminGuard; the server checks role and MFA again on every call. Each screen is its own
 * chunk, and recharts is only imported by the analytics screen.
 */
import { Navigate, Route, Switch } from "@web/app/routing";
import { type ComponentType, lazy } from "react";
import { AdminGuard } from "./AdminGuard";
import { AdminLayout } from "./AdminLayout";

const DashboardPage = lazy(() => import("./DashboardPage").then((m) => ({ default: m.DashboardPage })));
const OrdersPage = lazy(() => import("./orders/OrdersPage").then((m) => ({ default: m.OrdersPage })));
const OrderDetailPage = lazy(() =>
  import("./orders/OrderDetailPage").then((m) => ({ default: m.OrderDetailPage })),
);
const PackingSlipPage = lazy(() =>
  import("./orders/PackingSlipPage").then((m) => ({ default: m.PackingSlipPage })),
);
const PrintQueuePage = lazy(() =>
  import("./print-queue/PrintQueuePage").then((m) => ({ default: m.PrintQueuePage })),
);
const UsersPage = lazy(() => import("./UsersPage").then((m) => ({ default: m.UsersPage })));
const ProductsPage = lazy(() => import("./catalog/ProductsPage").then((m) => ({ default: m.ProductsPage })));
const CreatorConfigPage = lazy(() =>
  import("./catalog/CreatorConfigPage").then((m) => ({ default: m.CreatorConfigPage })),
);
const AnalyticsPage = lazy(() => import("./AnalyticsPage").then((m) => ({ default: m.AnalyticsPage })));
const ExportPage = lazy(() => import("./ExportPage").then((m) => ({ default: m.ExportPage })));
const DataManagementPage = lazy(() =>
  import("./DataManagementPage").then((m) => ({ default: m.DataManagementPage })),
);
const ShippingZonesPage = lazy(() =>
  import("./ShippingZonesPage").then((m) => ({ default: m.ShippingZonesPage })),
);
const MessagesPage = lazy(() => import("./messages/MessagesPage").then((m) => ({ default: m.MessagesPage })));
const ConversationPage = lazy(() =>
  import("./messages/ConversationPage").then((m) => ({ default: m.ConversationPage })),
);
const CalibrationPage = lazy(() => import("./CalibrationPage").then((m) => ({ default: m.CalibrationPage })));
const StorefrontPage = lazy(() => import("./StorefrontPage").then((m) => ({ default: m.StorefrontPage })));
const PricesPage = lazy(() => import("./PricesPage").then((m) => ({ default: m.PricesPage })));
const DiscountsPage = lazy(() => import("./DiscountsPage").then((m) => ({ default: m.DiscountsPage })));
const FeedPage = lazy(() => import("./channels/FeedPage").then((m) => ({ default: m.FeedPage })));
const ClickAndDropPage = lazy(() =>
  import("./channels/ClickAndDropPage").then((m) => ({ default: m.ClickAndDropPage })),
);
const BooksPage = lazy(() => import("./channels/BooksPage").then((m) => ({ default: m.BooksPage })));
const SettingsPage = lazy(() => import("./settings/SettingsPage").then((m) => ({ default: m.SettingsPage })));
const ActivityPage = lazy(() => import("./ActivityPage").then((m) => ({ default: m.ActivityPage })));

/** The screens inside the admin frame, by path. */
const SCREENS: ReadonlyArray<{ path: string; Screen: ComponentType }> = [
  { path: "/admin", Screen: DashboardPage },
  { path: "/admin/orders", Screen: OrdersPage },
  { path: "/admin/orders/:id", Screen: OrderDetailPage },
  { path: "/admin/print-queue", Screen: PrintQueuePage },
  { path: "/admin/messages", Screen: MessagesPage },
  { path: "/admin/messages/:id", Screen: ConversationPage },
  { path: "/admin/users", Screen: UsersPage },
  { path: "/admin/products", Screen: ProductsPage },
  { path: "/admin/creator-config", Screen: CreatorConfigPage },
  { path: "/admin/analytics", Screen: AnalyticsPage },
  { path: "/admin/export", Screen: ExportPage },
  { path: "/admin/data-management", Screen: DataManagementPage },
  { path: "/admin/activity", Screen: ActivityPage },
  { path: "/admin/shipping-zones", Screen: ShippingZonesPage },
  { path: "/admin/calibration", Screen: CalibrationPage },
  { path: "/admin/storefront", Screen: StorefrontPage },
  { path: "/admin/prices", Screen: PricesPage },
  { path: "/admin/discounts", Screen: DiscountsPage },
  { path: "/admin/google-shopping", Screen: FeedPage },
  { path: "/admin/click-and-drop", Screen: ClickAndDropPage },
  { path: "/admin/books", Screen: BooksPage },
  { path: "/admin/settings", Screen: SettingsPage },
];

export function AdminRoutes() {
  return (
    <AdminGuard>
      <Switch>
        {/* The packing slip prints on its own, without the admin menu. */}
        <Route path="/admin/orders/:id/packing-slip">
          <main id="main" tabIndex={-1}>
            <PackingSlipPage />
          </main>
        </Route>
        <Route>
          <AdminLayout>
            <Switch>
              {SCREENS.map(({ path, Screen }) => (
                <Route key={path} path={path}>
                  <Screen />
                </Route>
              ))}
              <Route>
                <Navigate to="/admin" replace />
              </Route>
            </Switch>
          </AdminLayout>
        </Route>
      </Switch>
    </AdminGuard>
  );
}
