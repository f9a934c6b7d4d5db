import type { ReactNode } from "react";
import { AuthProvider } from "../features/auth/shell";
import { CartProvider } from "../features/cart/shell";
import { CurrencyProvider } from "../features/currency/shell";
import { LazyToaster } from "./toaster";

/**
 * Every app-wide provider, outermost first. Features add theirs here. react-query's client and
 * sonner's Toaster are not among them: both load lazily (app/query.tsx, app/toaster.tsx) so
 * the first load of / stays small.
 */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      <AuthProvider>
        <CurrencyProvider>
          <CartProvider>{children}</CartProvider>
        </CurrencyProvider>
      </AuthProvider>
      <LazyToaster />
    </>
  );
}
