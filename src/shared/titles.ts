import { BRAND_NAME } from "./brand";
import { MESSAGES } from "./messages";

export interface NavLink {
  readonly href: string;
  readonly label: string;
}

export const NAV_LINKS: readonly NavLink[] = [
  { href: "/", label: "Home" },
  { href: "/shop", label: "Shop" },
  { href: "/about", label: "About" },
  { href: "/faq", label: "FAQ" },
  { href: "/contact", label: "Contact" },
];

export type FooterGroup = "shop" | "help" | "legal";

export interface FooterLink extends NavLink {
  readonly group: FooterGroup;
}

export const FOOTER_GROUP_TITLES: Readonly<Record<FooterGroup, string>> = {
  shop: "Shop",
  help: "Help",
  legal: "Legal",
};

/** The spec's footer links, in its order, grouped for the footer's columns. */
export const FOOTER_LINKS: readonly FooterLink[] = [
  { href: "/shop/create", label: "Create a Lithophane", group: "shop" },
  { href: "/about", label: "About Us", group: "shop" },
  { href: "/faq", label: "FAQ", group: "help" },
  { href: "/contact", label: "Contact Us", group: "help" },
  { href: "/shipping", label: "Shipping Information", group: "help" },
  { href: "/returns", label: "Returns & Refunds", group: "help" },
  { href: "/care", label: "Care Guide", group: "help" },
  { href: "/track", label: "Track Order", group: "help" },
  { href: "/privacy", label: "Privacy Policy", group: "legal" },
  { href: "/terms", label: "Terms of Service", group: "legal" },
  { href: "/cookies", label: "Cookie Policy", group: "legal" },
];

/** Section names for the document title, by exact route (the spec's route table). */
const SECTION_BY_PATH: Readonly<Record<string, string>> = {
  "/shop": "Shop",
  "/shop/create": "Create",
  "/create": "Create",
  // Issue 48: the lithophane lamp's creator.
  "/create/lamp": "Create a Lamp",
  "/about": "About",
  "/faq": "FAQ",
  "/contact": "Contact",
  "/auth": "Sign In",
  // Designed: the forgotten-password pages (the spec's route table has none).
  "/auth/forgot-password": "Reset Password",
  "/auth/reset-password": "Reset Password",
  "/account": "Account",
  // Designed (issue 20): one order of the account, /account/order?id=<order id>.
  "/account/order": "Account",
  "/checkout": "Checkout",
  "/checkout/payment-pending": "Checkout",
  "/checkout/success": "Checkout",
  "/checkout/cancel": "Checkout",
  "/admin": "Admin",
  "/admin/orders": "Admin",
  "/admin/messages": "Admin",
  "/admin/users": "Admin",
  "/admin/products": "Admin",
  "/admin/creator-config": "Admin",
  "/admin/analytics": "Admin",
  "/admin/export": "Admin",
  "/admin/data-management": "Admin",
  "/privacy": "Privacy Policy",
  "/shipping": "Shipping",
  "/returns": "Returns",
  "/care": "Care Guide",
  "/track": "Track Order",
  "/messages/answer": "Your Message",
  "/review": "Review Your Lightbox",
  "/photo": "Your Photo",
  // Designed (issue 33): a cart reminder's restore link and the unsubscribe page.
  "/cart/restore": "Your Cart",
  // Issue 46: the confirmation e-mail's link of a reminder request (double opt-in).
  "/cart/confirm-reminders": "Cart Reminders",
  "/unsubscribe": "Unsubscribe",
  "/terms": "Terms",
  "/cookies": "Cookies",
};

/** Every route the app serves; anything else is the 404 page. */
export const KNOWN_PATHS: readonly string[] = ["/", ...Object.keys(SECTION_BY_PATH)];

/** "/shop/?q=1#top" -> "/shop": drops query, hash and trailing slashes; "" -> "/". */
export function normalisePathname(pathname: string): string {
  const path = pathname.split(/[?#]/)[0] ?? "";
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

export function isKnownPath(pathname: string): boolean {
  const path = normalisePathname(pathname);
  return path === "/" || path in SECTION_BY_PATH;
}

/**
 * True when the app has a page at this path: a known route, or anything under /admin/ (the
 * admin area routes its own sub-pages, such as /admin/orders/:id). The server answers other
 * paths with status 404 and the app's not-found page.
 */
export function isAppPath(pathname: string): boolean {
  return isKnownPath(pathname) || normalisePathname(pathname).startsWith("/admin/");
}

/**
 * The document title: the brand alone on Home, "Lithobox | Shop" elsewhere, and
 * "Page Not Found" alone for paths the app does not serve (the 404 page), as the spec words it.
 */
export function documentTitle(pathname: string): string {
  const path = normalisePathname(pathname);
  if (path === "/") return BRAND_NAME;
  const section = SECTION_BY_PATH[path];
  return section === undefined ? MESSAGES.notFound.documentTitle : `${BRAND_NAME} | ${section}`;
}

/** An admin screen's title: "Lithobox | Admin · Orders", the same Brand | Section form. */
export function adminDocumentTitle(screen: string): string {
  return `${BRAND_NAME} | ${SECTION_BY_PATH["/admin"]} · ${screen}`;
}

/** Shop is highlighted on /shop, /create, /shop/create, /create/lamp and every /checkout route. */
export function isShopHighlighted(pathname: string): boolean {
  const path = normalisePathname(pathname);
  return (
    path === "/shop" ||
    path === "/create" ||
    path === "/shop/create" ||
    path === "/create/lamp" ||
    path === "/checkout" ||
    path.startsWith("/checkout/")
  );
}

/** Whether a top-navigation link is the current one (Home only on "/"; Shop per isShopHighlighted). */
export function isNavLinkActive(href: string, pathname: string): boolean {
  const path = normalisePathname(pathname);
  if (href === "/") return path === "/";
  if (href === "/shop") return isShopHighlighted(path);
  return path === href || path.startsWith(`${href}/`);
}

/**
 * Routes whose HTML is rendered at build time (vite.config.ts, src/web/prerender.tsx) and served
 * as is, so their first paint needs no JavaScript: the landing pages a visitor arrives on.
 * Their content must not depend on stored or fetched data until hydrated.
 */
export const PRERENDERED_ROUTES = ["/", "/shop", "/shop/create", "/create"] as const;

/** The file of the web build holding a pre-rendered route: index.html for /. */
export function prerenderedFile(route: (typeof PRERENDERED_ROUTES)[number]): string {
  return route === "/" ? "index.html" : `prerendered/${route.slice(1).replaceAll("/", "-")}.html`;
}
