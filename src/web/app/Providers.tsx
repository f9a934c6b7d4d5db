import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { CSSProperties, ReactNode } from "react";
import { Toaster } from "sonner";
import { AuthProvider } from "../features/auth/AuthProvider";
import { CartProvider } from "../features/cart/CartProvider";
import { CurrencyProvider } from "../features/currency/CurrencyProvider";

const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
});

/** Every app-wide provider, outermost first. Features add theirs here. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <CurrencyProvider>
          <CartProvider>{children}</CartProvider>
        </CurrencyProvider>
      </AuthProvider>
      {/* The spec: one toast at a time, 4 seconds by default. */}
      <Toaster
        visibleToasts={1}
        duration={4000}
        position="bottom-center"
        richColors
        closeButton
        // sonner's rich green and red text is below 4.5:1 on its pale backgrounds (WCAG 1.4.3).
        style={
          { "--success-text": "hsl(140, 100%, 21%)", "--error-text": "hsl(360, 100%, 35%)" } as CSSProperties
        }
      />
    </QueryClientProvider>
  );
}
