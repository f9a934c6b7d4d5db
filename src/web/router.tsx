/**
 * The routes: wouter's <Switch> over the app's location (app/routing.tsx). Every page is a lazy
 * chunk: main.tsx loads the current route's page before the first render (preloadRoute), and
 * navigations run in a transition (the old page stays until the new one is ready). Pages get
 * react-query's client first, except the landing pages (the home page needs none, the shop and
 * the creator get it right after they render); pages a visit does not start on also get the
 * Toaster and the stylesheet of every screen.
 */

import { type ComponentType, Suspense } from "react";
import { type PreloadablePage, preloadablePage } from "./app/query";
import { matchesPath, Route, Switch } from "./app/routing";
import { preloadToaster } from "./app/toaster";
import { Layout, PageLoading } from "./components/layout/Layout";
import { RouteEffects } from "./components/layout/RouteEffects";

/**
 * A lazily loaded page: fetched on first visit, with the QueryClient, the Toaster and the
 * stylesheet of every screen (the first-load one has only the landing pages' utilities) ready.
 */
function page(load: () => Promise<ComponentType>): PreloadablePage {
  return preloadablePage(
    () => Promise.all([load(), import("./app/all-pages-styles")]).then(([component]) => component),
    { also: preloadToaster },
  );
}

/**
 * A page a visit may start on (pre-rendered, PRERENDERED_ROUTES): it hydrates without waiting
 * for the Toaster, which comes with the first toast or once the page has settled (warm-up.ts),
 * nor for react-query, whose client loads once the page has rendered (its queries go through
 * useQueryInTransition, which waits for it): neither is part of what the page runs while it starts.
 */
function landingPage(load: () => Promise<ComponentType>): PreloadablePage {
  return preloadablePage(load, { queryClient: "after-render" });
}

// The home page is a chunk of its own too, so that the other landing pages do not load it; it
// needs no QueryClient at once either (its parts that query are lazy of their own).
const HomePage = preloadablePage(() => import("./pages/home/HomePage").then((m) => m.HomePage), {
  queryClient: false,
});

const ShopPage = landingPage(() => import("./features/shop/ShopPage").then((m) => m.ShopPage));
const CreatorPage = landingPage(() => import("./features/creator/CreatorPage").then((m) => m.CreatorPage));
const LampCreatorPage = page(() => import("./features/lamp/LampCreatorPage").then((m) => m.LampCreatorPage));
const AboutPage = page(() => import("./pages/about/AboutPage").then((m) => m.AboutPage));
const FaqPage = page(() => import("./pages/faq/FaqPage").then((m) => m.FaqPage));
const ContactPage = page(() => import("./pages/contact/ContactPage").then((m) => m.ContactPage));
const AnswerPage = page(() => import("./features/messages/AnswerPage").then((m) => m.AnswerPage));
const ReviewPage = page(() => import("./features/reviews/ReviewPage").then((m) => m.ReviewPage));
const RestoreCartPage = page(() =>
  import("./features/reminders/RestoreCartPage").then((m) => m.RestoreCartPage),
);
const ConfirmRemindersPage = page(() =>
  import("./features/reminders/ConfirmRemindersPage").then((m) => m.ConfirmRemindersPage),
);
const UnsubscribePage = page(() =>
  import("./features/reminders/UnsubscribePage").then((m) => m.UnsubscribePage),
);
const PhotoReplacementPage = page(() =>
  import("./features/photo/PhotoReplacementPage").then((m) => m.PhotoReplacementPage),
);
const ProofPage = page(() => import("./features/proofs/ProofPage").then((m) => m.ProofPage));
const AuthPage = page(() => import("./features/auth/AuthPage").then((m) => m.AuthPage));
const ForgotPasswordPage = page(() =>
  import("./features/auth/PasswordResetPages").then((m) => m.ForgotPasswordPage),
);
const ResetPasswordPage = page(() =>
  import("./features/auth/PasswordResetPages").then((m) => m.ResetPasswordPage),
);
const AccountPage = page(() => import("./features/account/AccountPage").then((m) => m.AccountPage));
const AccountOrderPage = page(() =>
  import("./features/account/AccountOrderPage").then((m) => m.AccountOrderPage),
);
const CheckoutPage = page(() => import("./features/checkout/CheckoutPage").then((m) => m.CheckoutPage));
const PaymentPendingPage = page(() =>
  import("./features/checkout/PaymentPendingPage").then((m) => m.PaymentPendingPage),
);
const SuccessPage = page(() => import("./features/checkout/SuccessPage").then((m) => m.SuccessPage));
const CancelPage = page(() => import("./features/checkout/CancelPage").then((m) => m.CancelPage));
const TrackPage = page(() => import("./features/track/TrackPage").then((m) => m.TrackPage));
const ADMIN_PATH = "/admin/*?";
const AdminRoutes = page(() => import("./features/admin/AdminRoutes").then((m) => m.AdminRoutes));
const PrivacyPage = page(() => import("./pages/policies/PrivacyPage").then((m) => m.PrivacyPage));
const ShippingPage = page(() => import("./pages/policies/ShippingPage").then((m) => m.ShippingPage));
const ReturnsPage = page(() => import("./pages/policies/ReturnsPage").then((m) => m.ReturnsPage));
const CarePage = page(() => import("./pages/policies/CarePage").then((m) => m.CarePage));
const TermsPage = page(() => import("./pages/policies/TermsPage").then((m) => m.TermsPage));
const CookiesPage = page(() => import("./pages/policies/CookiesPage").then((m) => m.CookiesPage));
const NotFoundPage = page(() => import("./pages/not-found/NotFoundPage").then((m) => m.NotFoundPage));

const PAGES: ReadonlyArray<{ path: string; Page: PreloadablePage }> = [
  { path: "/", Page: HomePage },
  { path: "/shop", Page: ShopPage },
  { path: "/shop/create", Page: CreatorPage },
  { path: "/create/lamp", Page: LampCreatorPage },
  { path: "/create", Page: CreatorPage },
  { path: "/about", Page: AboutPage },
  { path: "/faq", Page: FaqPage },
  { path: "/contact", Page: ContactPage },
  { path: "/auth", Page: AuthPage },
  { path: "/auth/forgot-password", Page: ForgotPasswordPage },
  { path: "/auth/reset-password", Page: ResetPasswordPage },
  { path: "/account", Page: AccountPage },
  { path: "/account/order", Page: AccountOrderPage },
  { path: "/checkout", Page: CheckoutPage },
  { path: "/checkout/payment-pending", Page: PaymentPendingPage },
  { path: "/checkout/success", Page: SuccessPage },
  { path: "/checkout/cancel", Page: CancelPage },
  { path: "/track", Page: TrackPage },
  { path: "/messages/answer", Page: AnswerPage },
  { path: "/review", Page: ReviewPage },
  { path: "/photo", Page: PhotoReplacementPage },
  { path: "/cart/restore", Page: RestoreCartPage },
  { path: "/cart/confirm-reminders", Page: ConfirmRemindersPage },
  { path: "/unsubscribe", Page: UnsubscribePage },
  { path: "/proof", Page: ProofPage },
  { path: ADMIN_PATH, Page: AdminRoutes },
  { path: "/privacy", Page: PrivacyPage },
  { path: "/shipping", Page: ShippingPage },
  { path: "/returns", Page: ReturnsPage },
  { path: "/care", Page: CarePage },
  { path: "/terms", Page: TermsPage },
  { path: "/cookies", Page: CookiesPage },
  { path: "/*", Page: NotFoundPage },
];

/** Loads the page of `pathname`. */
export function preloadRoute(pathname: string): Promise<void> {
  const page = PAGES.find(({ path }) => matchesPath(path, pathname));
  return page ? page.Page.preload() : Promise.resolve();
}

/**
 * The admin area in a frame of its own (issue 17 item 6): no shop navigation, footer, currency
 * prompt or floating cart; its layout (in the lazy admin chunk) has the header and menu.
 */
function AdminArea() {
  return (
    <>
      <RouteEffects />
      <Suspense fallback={<PageLoading />}>
        <AdminRoutes />
      </Suspense>
    </>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path={ADMIN_PATH}>
        <AdminArea />
      </Route>
      <Route>
        <Layout>
          <Switch>
            {PAGES.filter(({ path }) => path !== ADMIN_PATH).map(({ path, Page }) => (
              <Route key={path} path={path}>
                <Page />
              </Route>
            ))}
          </Switch>
        </Layout>
      </Route>
    </Switch>
  );
}
