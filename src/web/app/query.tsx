/**
 * react-query outside the first load: the QueryClient lives in a lazy chunk (./query-client),
 * loaded with the first lazy page or overlay that needs it. `lazyWithQuery` wraps such a
 * component so it renders only once the client exists, inside react-query's context; a landing
 * page renders first and gets the client right after (`queryClient: "after-render"`). Only
 * QueryClientContext (one createContext) is imported here.
 */
import { type QueryClient, QueryClientContext } from "@tanstack/react-query";
import {
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  startTransition,
  use,
  useEffect,
  useState,
} from "react";

type QueryClientModule = typeof import("./query-client");

let clientPromise: Promise<QueryClient> | undefined;
let loadedModule: QueryClientModule | undefined;

export function loadQueryClient(): Promise<QueryClient> {
  clientPromise ??= import("./query-client").then(
    (m) => {
      loadedModule = m;
      return m.queryClient;
    },
    (error: unknown) => {
      clientPromise = undefined; // A failed chunk load may be tried again.
      throw error;
    },
  );
  return clientPromise;
}

/** The QueryClient when it has been loaded (nothing is cached before). */
export function loadedQueryClient(): QueryClient | undefined {
  return loadedModule?.queryClient;
}

/** react-query's observer and notifier, from the client's chunk once it has loaded. */
export function loadedQueryTools(): Pick<QueryClientModule, "QueryObserver" | "notifyManager"> | undefined {
  return loadedModule;
}

/**
 * Provides the QueryClient once it has loaded, starting the load after the first render: the
 * page inside paints and hydrates without react-query, and its queries (see
 * use-query-in-transition.ts) start when the client arrives. A failed load is the page's error.
 */
function QueryClientAfterRender({ children }: { children: ReactNode }) {
  const [client, setClient] = useState(loadedQueryClient);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    if (client) return;
    let current = true;
    loadQueryClient().then(
      (loaded) => {
        if (current) startTransition(() => setClient(loaded));
      },
      (error: unknown) => {
        if (current) setFailure(error);
      },
    );
    return () => {
      current = false;
    };
  }, [client]);
  if (failure) throw failure;
  return <QueryClientContext.Provider value={client}>{children}</QueryClientContext.Provider>;
}

function WithQueryClient<P extends object>({
  client,
  component: Component,
  props,
}: {
  client: QueryClient;
  component: ComponentType<P>;
  props: P;
}) {
  return (
    <QueryClientContext.Provider value={client}>
      <Component {...props} />
    </QueryClientContext.Provider>
  );
}

/** Waits for `also` (the Toaster), but never lets it hold a page back: at most 3 s, errors ignored. */
function settled(also: (() => Promise<unknown>) | undefined): Promise<unknown> {
  if (!also) return Promise.resolve();
  return Promise.race([
    also().catch(() => undefined),
    new Promise((resolve) => globalThis.setTimeout(resolve, 3000)),
  ]);
}

/**
 * React.lazy for a component that may use react-query: resolves once both its module and the
 * QueryClient are loaded (plus `also`, e.g. the Toaster), and renders it inside the client's context.
 */
export function lazyWithQuery<P extends object>(
  load: () => Promise<ComponentType<P>>,
  also?: () => Promise<unknown>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    const [Component, client] = await Promise.all([load(), loadQueryClient(), settled(also)]);
    return { default: (props: P) => <WithQueryClient client={client} component={Component} props={props} /> };
  });
}

/** A lazily loaded page that can be loaded ahead of its first render (see preload). */
export interface PreloadablePage {
  (): React.JSX.Element;
  /** Loads the page's module, the QueryClient and `also`; resolves when it can render at once. */
  preload: () => Promise<void>;
}

/** When a page gets react-query's client: before it renders, right after, or never. */
type QueryClientTiming = "before-render" | "after-render" | false;

interface PageLoader {
  loaded: { Component: ComponentType; client: QueryClient | null } | null;
  preload: () => Promise<void>;
}

/** Renders a loaded page at once; suspends (the Layout's <Suspense>) until it is. */
function LoadedPage({ loader, queryClient }: { loader: PageLoader; queryClient: QueryClientTiming }) {
  if (!loader.loaded) use(loader.preload());
  if (!loader.loaded) throw new Error("The page did not load.");
  const { Component, client } = loader.loaded;
  if (queryClient === "after-render")
    return (
      <QueryClientAfterRender>
        <Component />
      </QueryClientAfterRender>
    );
  if (!client) return <Component />;
  return <WithQueryClient client={client} component={Component} props={{}} />;
}

/**
 * Like lazyWithQuery for a route's page, plus `preload()`: main.tsx loads the current route's
 * page before the first render (as the data router did), so a first visit of /shop paints the
 * page itself, never the layout around a loading line that then shifts (CLS). Once loaded, the
 * page renders synchronously. A page that renders no query itself (the home page, whose parts
 * that do are lazy of their own) leaves the client out: `queryClient: false`; a page whose
 * queries all go through useQueryInTransition (the shop, the creator) gets it right after its
 * first render, `queryClient: "after-render"`, so react-query is not in its first load.
 */
export function preloadablePage(
  load: () => Promise<ComponentType>,
  {
    also,
    queryClient = "before-render",
  }: { also?: () => Promise<unknown>; queryClient?: QueryClientTiming } = {},
): PreloadablePage {
  let loading: Promise<void> | null = null;
  const loader: PageLoader = {
    loaded: null,
    preload: () => {
      loading ??= Promise.all([
        load(),
        queryClient === "before-render" ? loadQueryClient() : null,
        settled(also),
      ]).then(
        ([Component, client]) => {
          loader.loaded = { Component, client };
        },
        (error: unknown) => {
          loading = null; // A failed chunk load may be tried again.
          throw error;
        },
      );
      return loading;
    },
  };
  const render = () => <LoadedPage loader={loader} queryClient={queryClient} />;
  return Object.assign(render, { preload: loader.preload });
}
