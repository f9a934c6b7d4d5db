import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { Layout } from "./components/layout/Layout";
import { HomePage } from "./pages/home/HomePage";

/** A lazily loaded route: the module is fetched on first visit. */
function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Pick<RouteObject, "lazy"> {
  return { lazy: async () => ({ Component: pick(await load()) }) };
}

export const routes: RouteObject[] = [
  {
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      {
        path: "shop",
        ...lazyPage(
          () => import("./features/shop/ShopPage"),
          (m) => m.ShopPage,
        ),
      },
      {
        path: "shop/create",
        ...lazyPage(
          () => import("./features/creator/CreatorPage"),
          (m) => m.CreatorPage,
        ),
      },
      {
        path: "create",
        ...lazyPage(
          () => import("./features/creator/CreatorPage"),
          (m) => m.CreatorPage,
        ),
      },
      {
        path: "about",
        ...lazyPage(
          () => import("./pages/about/AboutPage"),
          (m) => m.AboutPage,
        ),
      },
      {
        path: "faq",
        ...lazyPage(
          () => import("./pages/faq/FaqPage"),
          (m) => m.FaqPage,
        ),
      },
      {
        path: "contact",
        ...lazyPage(
          () => import("./pages/contact/ContactPage"),
          (m) => m.ContactPage,
        ),
      },
      {
        path: "auth",
        ...lazyPage(
          () => import("./features/auth/AuthPage"),
          (m) => m.AuthPage,
        ),
      },
      {
        path: "auth/forgot-password",
        ...lazyPage(
          () => import("./features/auth/PasswordResetPages"),
          (m) => m.ForgotPasswordPage,
        ),
      },
      {
        path: "auth/reset-password",
        ...lazyPage(
          () => import("./features/auth/PasswordResetPages"),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: "account",
        ...lazyPage(
          () => import("./features/account/AccountPage"),
          (m) => m.AccountPage,
        ),
      },
      {
        path: "checkout",
        ...lazyPage(
          () => import("./features/checkout/CheckoutPage"),
          (m) => m.CheckoutPage,
        ),
      },
      {
        path: "checkout/payment-pending",
        ...lazyPage(
          () => import("./features/checkout/PaymentPendingPage"),
          (m) => m.PaymentPendingPage,
        ),
      },
      {
        path: "checkout/success",
        ...lazyPage(
          () => import("./features/checkout/SuccessPage"),
          (m) => m.SuccessPage,
        ),
      },
      {
        path: "checkout/cancel",
        ...lazyPage(
          () => import("./features/checkout/CancelPage"),
          (m) => m.CancelPage,
        ),
      },
      {
        path: "track",
        ...lazyPage(
          () => import("./features/track/TrackPage"),
          (m) => m.TrackPage,
        ),
      },
      {
        path: "admin/*",
        ...lazyPage(
          () => import("./features/admin/AdminRoutes"),
          (m) => m.AdminRoutes,
        ),
      },
      {
        path: "privacy",
        ...lazyPage(
          () => import("./pages/policies/PrivacyPage"),
          (m) => m.PrivacyPage,
        ),
      },
      {
        path: "shipping",
        ...lazyPage(
          () => import("./pages/policies/ShippingPage"),
          (m) => m.ShippingPage,
        ),
      },
      {
        path: "returns",
        ...lazyPage(
          () => import("./pages/policies/ReturnsPage"),
          (m) => m.ReturnsPage,
        ),
      },
      {
        path: "care",
        ...lazyPage(
          () => import("./pages/policies/CarePage"),
          (m) => m.CarePage,
        ),
      },
      {
        path: "terms",
        ...lazyPage(
          () => import("./pages/policies/TermsPage"),
          (m) => m.TermsPage,
        ),
      },
      {
        path: "cookies",
        ...lazyPage(
          () => import("./pages/policies/CookiesPage"),
          (m) => m.CookiesPage,
        ),
      },
      {
        path: "*",
        ...lazyPage(
          () => import("./pages/not-found/NotFoundPage"),
          (m) => m.NotFoundPage,
        ),
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
