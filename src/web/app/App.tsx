import { type ReactNode, StrictMode, useLayoutEffect } from "react";
import { setHydrating } from "./hydration";
import { Providers } from "./Providers";

/** Rendered last: after the first commit, later mounts read local storage as usual. */
function HydrationDone() {
  useLayoutEffect(() => {
    setHydrating(false);
    // The page's controls work from now on (a pre-rendered page shows them before); the
    // end-to-end tests wait for this after each navigation.
    document.documentElement.dataset.appReady = "true";
  }, []);
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
