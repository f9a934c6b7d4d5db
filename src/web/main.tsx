import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { setHydrating } from "./app/hydration";
import { BrowserLocation } from "./app/routing";
import { AppRoutes, preloadRoute } from "./router";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

const app = (
  <App
    router={
      <BrowserLocation>
        <AppRoutes />
      </BrowserLocation>
    }
  />
);

// The landing pages arrive pre-rendered (prerender.tsx): hydrate them, once the route's page is
// loaded (hydration must render the same tree at once). Other routes get an empty shell: load
// their page first too, so the first paint is the page. Both start in a transition, so React
// renders in slices that yield to the browser (no long task blocking input while it starts).
const prerendered = root.firstElementChild !== null;
const start = () =>
  startTransition(() => {
    if (prerendered) {
      setHydrating(true);
      hydrateRoot(root, app);
    } else {
      createRoot(root).render(app);
    }
  });
// In a task of its own: the page's chunks are requested by appending preload links, work that
// would otherwise lengthen the task that evaluates this module (one long task, TBT).
setTimeout(() => {
  preloadRoute(window.location.pathname).then(start, (error: unknown) => {
    console.warn("Could not load the page", error);
    start();
  });
}, 0);
