/**
 * The admin area (lazy-loaded by src/web/router.tsx as "admin/*"). Every screen sits behind
 * AdminGuard; the server checks role and MFA again on every call. Each screen is its own
 * chunk, and recharts is only imported by the analytics screen.
 */
import { lazy } from "react";
import { Navigate, Route, Routes } from "react-router";
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
const ActivityPage = lazy(() => import("./ActivityPage").then((m) => ({ default: m.ActivityPage })));

export function AdminRoutes() {
  return (
    <AdminGuard>
      <Routes>
        {/* The packing slip prints on its own, without the admin menu. */}
        <Route
          path="orders/:id/packing-slip"
          element={
            <main id="main" tabIndex={-1}>
              <PackingSlipPage />
            </main>
          }
        />
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="orders" element={<OrdersPage />} />
          <Route path="orders/:id" element={<OrderDetailPage />} />
          <Route path="messages" element={<MessagesPage />} />
          <Route path="messages/:id" element={<ConversationPage />} />
          <Route path="users" element={<UsersPage />} />
          <Route path="products" element={<ProductsPage />} />
          <Route path="creator-config" element={<CreatorConfigPage />} />
          <Route path="analytics" element={<AnalyticsPage />} />
          <Route path="export" element={<ExportPage />} />
          <Route path="data-management" element={<DataManagementPage />} />
          <Route path="activity" element={<ActivityPage />} />
          <Route path="shipping-zones" element={<ShippingZonesPage />} />
          <Route path="calibration" element={<CalibrationPage />} />
          <Route path="storefront" element={<StorefrontPage />} />
          <Route path="prices" element={<PricesPage />} />
          <Route path="discounts" element={<DiscountsPage />} />
          <Route path="google-shopping" element={<FeedPage />} />
          <Route path="click-and-drop" element={<ClickAndDropPage />} />
          <Route path="books" element={<BooksPage />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Route>
      </Routes>
    </AdminGuard>
  );
}
