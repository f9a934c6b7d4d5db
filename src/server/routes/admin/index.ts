/**
 * The admin API, mounted at /api/admin. The guard is middleware on this sub-app, so EVERY
 * route under it — today's and any added later — answers 403 to an anonymous caller, to a
 * signed-in non-admin and to an admin who has not set up MFA, before any validator or
 * handler runs (tests/integration/app/admin-guard.test.ts walks app.routes to prove it).
 * Answers are never cached.
 */
import { Hono } from "hono";
import type { AppContext } from "../../context.js";
import { requireAdmin } from "../../session.js";
import { adminActivityRoutes } from "./activity.js";
import { adminAlertRoutes } from "./alerts.js";
import { adminAnalyticsRoutes } from "./analytics.js";
import { adminBooksRoutes } from "./books.js";
import { adminCalibrationRoutes } from "./calibration.js";
import { adminClickAndDropRoutes } from "./click-and-drop.js";
import { adminCustomerMailRoutes } from "./customer-mail.js";
import { adminDashboardRoutes } from "./dashboard.js";
import { adminDataRoutes } from "./data.js";
import { adminDiscountRoutes } from "./discounts.js";
import { adminExportRoutes } from "./export.js";
import { adminFeedRoutes } from "./feeds.js";
import { adminInvoiceRoutes } from "./invoices.js";
import { adminMessageRoutes } from "./messages.js";
import { adminOptionRoutes } from "./options.js";
import { adminOrderActionRoutes } from "./order-actions.js";
import { adminOrderRoutes } from "./orders.js";
import { adminPriceRoutes } from "./prices.js";
import { adminPrintJobRoutes } from "./print-jobs.js";
import { adminPrinterRoutes } from "./printers.js";
import { adminProductRoutes } from "./products.js";
import { adminProofRoutes } from "./proofs.js";
import { adminSettingsRoutes } from "./settings.js";
import type { AdminEnv } from "./shared.js";
import { adminShippingRoutes } from "./shipping.js";
import { adminStorefrontRoutes } from "./storefront.js";
import { adminUserRoutes } from "./users.js";

export function adminRoutes(ctx: AppContext) {
  return new Hono<AdminEnv>()
    .use("*", async (c, next) => {
      c.set("admin", await requireAdmin(ctx, c));
      c.header("Cache-Control", "no-store");
      await next();
    })
    .route("/", adminDashboardRoutes(ctx))
    .route("/", adminOrderRoutes(ctx))
    .route("/", adminOrderActionRoutes(ctx))
    .route("/", adminPrintJobRoutes(ctx))
    .route("/", adminProofRoutes(ctx))
    .route("/", adminUserRoutes(ctx))
    .route("/", adminProductRoutes(ctx))
    .route("/", adminOptionRoutes(ctx))
    .route("/", adminPriceRoutes(ctx))
    .route("/", adminDiscountRoutes(ctx))
    .route("/", adminInvoiceRoutes(ctx))
    .route("/", adminAnalyticsRoutes(ctx))
    .route("/", adminExportRoutes(ctx))
    .route("/", adminDataRoutes(ctx))
    .route("/", adminActivityRoutes(ctx))
    .route("/", adminShippingRoutes(ctx))
    .route("/", adminCalibrationRoutes(ctx))
    .route("/", adminMessageRoutes(ctx))
    .route("/", adminAlertRoutes(ctx))
    .route("/", adminCustomerMailRoutes(ctx))
    .route("/", adminStorefrontRoutes(ctx))
    .route("/", adminFeedRoutes(ctx))
    .route("/", adminClickAndDropRoutes(ctx))
    .route("/", adminBooksRoutes(ctx))
    .route("/", adminSettingsRoutes(ctx))
    .route("/", adminPrinterRoutes(ctx));
}
