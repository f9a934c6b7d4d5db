import { type ReactNode, Suspense } from "react";
import { ShopOverlays } from "../../app/ShopOverlays";
import { CurrencyPrompt } from "../../features/currency/shell";
import { Footer } from "./Footer";
import { Nav } from "./Nav";
import { RouteEffects } from "./RouteEffects";
import { TestShopBanner } from "./TestShopBanner";

export function PageLoading() {
  return (
    <div role="status" className="mx-auto max-w-5xl px-4 py-24 text-center text-stone-600">
      Loading…
    </div>
  );
}

/** The shop's frame around a page (`children`, the current route's). */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <RouteEffects />
      <TestShopBanner />
      <CurrencyPrompt />
      <Nav />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>{children}</Suspense>
      </main>
      <Footer />
      <ShopOverlays />
    </div>
  );
}
