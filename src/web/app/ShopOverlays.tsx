import { lazy, Suspense, useEffect, useState } from "react";
import { readSyncedUser, useAuth } from "../features/auth/shell";
import { CartButton, useCart } from "../features/cart/shell";
import { lazyWithQuery } from "./query";
import { warmUpLater } from "./warm-up";

// Dialog-heavy overlays (Radix Dialog, the MFA set-up's QR code) are not part of the first
// load: the cart panel loads on first open (and is prefetched once the page has settled), the
// first-login MFA prompt only for a signed-in visitor. Both may use react-query (lazy too).
// These import() calls name the module they load, not the feature's index: each is a split
// point of its own, and the index would bring the feature's other screens into that chunk
// (the dependency rule app-reaches-features-through-their-faces allows a dynamic import so).
const loadCartPanel = () => import("../features/cart/CartPanel");
const CartPanel = lazyWithQuery(() => loadCartPanel().then((m) => m.CartPanel));
const FirstLoginMfa = lazyWithQuery(() =>
  import("../features/auth/FirstLoginMfa").then((m) => m.FirstLoginMfa),
);

/** Mounts the cart panel from its first opening on, so it can animate closed and open again. */
function LazyCartPanel() {
  const { isOpen } = useCart();
  const [wanted, setWanted] = useState(isOpen);
  useEffect(() => {
    if (isOpen) setWanted(true);
  }, [isOpen]);
  // Warm the chunk once the page has settled, so the first click opens the panel at once.
  useEffect(() => warmUpLater(loadCartPanel), []);
  if (!wanted && !isOpen) return null;
  return (
    <Suspense fallback={null}>
      <CartPanel />
    </Suspense>
  );
}

// The saved-cart sync is for signed-in customers: loaded at sign-in (or when this device still holds
// an account's cart to empty after a sign-out elsewhere) and kept mounted from then on, so it also
// sees the sign-out.
const SavedCartSync = lazy(() =>
  import("../features/auth/useSavedCartSync").then((m) => ({ default: m.SavedCartSync })),
);

function LazySavedCartSync() {
  const { status } = useAuth();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (status === "signedIn" || readSyncedUser() !== null) setWanted(true);
  }, [status]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SavedCartSync />
    </Suspense>
  );
}

function LazyFirstLoginMfa() {
  const { status } = useAuth();
  if (status !== "signedIn") return null;
  return (
    <Suspense fallback={null}>
      <FirstLoginMfa />
    </Suspense>
  );
}

/**
 * Page-wide overlays mounted once in the layout: the floating cart button and panel. Each
 * feature adds its own here (the currency prompt is a banner in the layout's flow instead).
 */
export function ShopOverlays() {
  return (
    <>
      <CartButton />
      <LazyCartPanel />
      <LazySavedCartSync />
      <LazyFirstLoginMfa />
    </>
  );
}
