/**
 * The app's routing: wouter (3 KB gzip: path patterns, <Link>, <Switch>/<Route>, params and
 * search params) over a location of our own. The location lives in React state and every
 * navigation (a link, navigate(), the back button) updates it inside startTransition, so a page
 * that is still loading keeps the old one on screen instead of a fallback, as react-router's
 * BrowserRouter did (wouter's own location hook is an external store, which React always renders
 * at once). History entries keep the navigation's `state`, as react-router's did.
 */

import {
  type AnchorHTMLAttributes,
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { parse } from "regexparam";
import { Link, matchRoute, Redirect, Route, Router, Switch, useParams, useSearchParams } from "wouter";

export { Link, Route, Switch, useParams, useSearchParams };

export interface AppLocation {
  readonly pathname: string;
  /** "?a=b", or "" without a query. */
  readonly search: string;
  /** What the navigation that made this history entry carried (null for none). */
  readonly state: unknown;
}

export interface NavigateOptions {
  readonly replace?: boolean;
  readonly state?: unknown;
}

export type Navigate = (to: string, options?: NavigateOptions) => void;

interface LocationValue {
  readonly location: AppLocation;
  readonly navigate: Navigate;
}

const LocationContext = createContext<LocationValue | null>(null);

function useLocationValue(): LocationValue {
  const value = useContext(LocationContext);
  if (!value) throw new Error("Routing is used outside <BrowserLocation> or <StaticLocation>.");
  return value;
}

/** wouter's location hook: our location's path and navigate. */
function usePathAndNavigate(): [string, Navigate] {
  const { location, navigate } = useLocationValue();
  return [location.pathname, navigate];
}

/** wouter's search hook, without the "?". */
function useSearchString(): string {
  return useLocationValue().location.search.replace(/^\?/, "");
}

function Routing({ value, children }: { value: LocationValue; children: ReactNode }) {
  return (
    <LocationContext.Provider value={value}>
      <Router hook={usePathAndNavigate} searchHook={useSearchString}>
        {children}
      </Router>
    </LocationContext.Provider>
  );
}

function browserLocation(): AppLocation {
  return {
    pathname: window.location.pathname,
    search: window.location.search,
    state: window.history.state as unknown,
  };
}

/** The browser's location, for the app in the browser. */
export function BrowserLocation({ children }: { children: ReactNode }) {
  const [location, setLocation] = useState(browserLocation);
  useEffect(() => {
    const onPopState = () => startTransition(() => setLocation(browserLocation()));
    window.addEventListener("popstate", onPopState);
    return () => window.removeEventListener("popstate", onPopState);
  }, []);
  const navigate = useCallback<Navigate>((to, { replace = false, state = null } = {}) => {
    if (replace) window.history.replaceState(state, "", to);
    else window.history.pushState(state, "", to);
    startTransition(() => setLocation(browserLocation()));
  }, []);
  const value = useMemo(() => ({ location, navigate }), [location, navigate]);
  return <Routing value={value}>{children}</Routing>;
}

/** A fixed location (the build's pre-rendering): nothing navigates. */
export function StaticLocation({ url, children }: { url: string; children: ReactNode }) {
  const value = useMemo<LocationValue>(() => {
    const { pathname, search } = new URL(url, "http://localhost");
    return {
      location: { pathname, search, state: null },
      navigate: () => {
        throw new Error("A pre-rendered page cannot navigate.");
      },
    };
  }, [url]);
  return <Routing value={value}>{children}</Routing>;
}

export function useLocation(): AppLocation {
  return useLocationValue().location;
}

export function useNavigate(): Navigate {
  return useLocationValue().navigate;
}

/** Navigates once rendered (a redirect); `replace` keeps the redirecting page out of history. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  return <Redirect to={to} replace={replace} state={state} />;
}

/** Whether `pattern` ("/shop", "/admin/orders/:id", "/admin/*?") matches `pathname`. */
export function matchesPath(pattern: string, pathname: string): boolean {
  return matchRoute(parse, pattern, pathname)[0];
}

type NavLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "className" | "href"> & {
  to: string;
  /** Active only on `to` itself, not on the pages below it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
};

/** A link that knows whether its page (or, without `end`, a page below it) is the current one. */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { pathname } = useLocation();
  const isActive = pathname === to || (!end && pathname.startsWith(to.endsWith("/") ? to : `${to}/`));
  return (
    <Link
      to={to}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
      {...rest}
    />
  );
}
