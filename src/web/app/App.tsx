import { type ReactNode, StrictMode, startTransition, useLayoutEffect, useState } from "react";
import { useFocusStaysInView } from "./focus-stays-in-view";
import { setHydrating } from "./hydration";
import { Providers } from "./Providers";

/**
 * Rendered last: after the first commit, later mounts read local storage as usual. The
 * providers load what they read from storage after hydrating in a transition (no long task);
 * this one's transition commits with theirs, so "ready" means the page shows what is stored.
 */
function HydrationDone() {
  const [settled, setSettled] = useState(false);
  useFocusStaysInView();
  useLayoutEffect(() => {
    setHydrating(false);
    startTransition(() => setSettled(true));
  }, []);
  useLayoutEffect(() => {
    // The page's controls work from now on (a pre-rendered page shows them before); the
    // end-to-end tests wait for this after each navigation.
    if (settled) document.documentElement.dataset.appReady = "true";
  }, [settled]);
  return null;
}

/**
 * The whole app around its router: one tree for the browser (main.tsx, BrowserRouter) and the
 * build-time render of the home page (prerender.tsx, StaticRouter), so hydration matches.
 */
export function App({ router }: { router: ReactNode }) {
  return (
    <StrictMode>
      <Providers>{router}</Providers>
      <HydrationDone />
    </StrictMode>
  );
}
