import { startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter } from "react-router";
import { App } from "./app/App";
import { setHydrating } from "./app/hydration";
import { AppRoutes, preloadRoute } from "./router";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("#root is missing from index.html");

const app = (
  <App
    router={
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    }
  />
);

// The home page arrives pre-rendered (prerender.tsx): hydrate it. Other routes get an empty shell.
// Both start in a transition, so React renders in slices that yield to the browser (no long
// task blocking input while the page starts).
if (root.firstElementChild) {
  setHydrating(true);
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  // Another route: load its page first (as the data router did), so the first paint is the page.
  const reactRoot = createRoot(root);
  const render = () => startTransition(() => reactRoot.render(app));
  preloadRoute(window.location.pathname).then(render, (error: unknown) => {
    console.warn("Could not load the page", error);
    render();
  });
}
