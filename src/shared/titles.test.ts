import { describe, expect, it } from "vitest";
import {
  adminDocumentTitle,
  documentTitle,
  FOOTER_LINKS,
  isAppPath,
  isKnownPath,
  isNavLinkActive,
  isShopHighlighted,
  KNOWN_PATHS,
  NAV_LINKS,
  normalisePathname,
  PRERENDERED_ROUTES,
  prerenderedFile,
} from "./titles";

describe("documentTitle", () => {
  it("is the brand alone on Home", () => {
    expect(documentTitle("/")).toBe("Lithobox");
    expect(documentTitle("")).toBe("Lithobox");
  });

  it.each([
    ["/shop", "Shop"],
    ["/shop/create", "Create"],
    ["/create", "Create"],
    ["/about", "About"],
    ["/faq", "FAQ"],
    ["/contact", "Contact"],
    ["/auth", "Sign In"],
    ["/account", "Account"],
    ["/checkout", "Checkout"],
    ["/checkout/payment-pending", "Checkout"],
    ["/checkout/success", "Checkout"],
    ["/checkout/cancel", "Checkout"],
    ["/admin", "Admin"],
    ["/admin/orders", "Admin"],
    ["/admin/creator-config", "Admin"],
    ["/admin/data-management", "Admin"],
    ["/privacy", "Privacy Policy"],
    ["/shipping", "Shipping"],
    ["/returns", "Returns"],
    ["/care", "Care Guide"],
    ["/track", "Track Order"],
    ["/terms", "Terms"],
    ["/cookies", "Cookies"],
  ])("titles %s as 'Lithobox | %s'", (path, section) => {
    expect(documentTitle(path)).toBe(`Lithobox | ${section}`);
  });

  it("ignores trailing slashes, queries and hashes", () => {
    expect(documentTitle("/shop/?ref=nav#top")).toBe("Lithobox | Shop");
    expect(normalisePathname("/faq//")).toBe("/faq");
  });

  it("titles unknown paths Page Not Found", () => {
    expect(documentTitle("/nowhere")).toBe("Page Not Found");
    expect(documentTitle("/admin/secret")).toBe("Page Not Found");
    expect(documentTitle("/checkout/elsewhere")).toBe("Page Not Found");
    expect(documentTitle("/SHOP")).toBe("Page Not Found");
  });

  it("titles admin screens Brand | Admin · Screen", () => {
    expect(adminDocumentTitle("Orders")).toBe("Lithobox | Admin · Orders");
  });

  it("knows every route of the spec's table, plus the designed password-reset, inbox, answer, photo, review, order, cart-restore, reminder-confirmation and unsubscribe pages, and the lamp creator", () => {
    expect(KNOWN_PATHS).toHaveLength(39);
    expect(isKnownPath("/cart/confirm-reminders")).toBe(true);
    expect(isKnownPath("/account/order")).toBe(true);
    expect(isKnownPath("/cart/restore")).toBe(true);
    expect(isKnownPath("/unsubscribe")).toBe(true);
    expect(isKnownPath("/messages/answer")).toBe(true);
    expect(isKnownPath("/photo")).toBe(true);
    expect(isKnownPath("/auth/reset-password")).toBe(true);
    expect(isKnownPath("/track")).toBe(true);
    expect(isKnownPath("/tracking")).toBe(false);
  });

  it("has a page for every known route and everything the admin area routes; nothing else", () => {
    for (const path of KNOWN_PATHS) expect(isAppPath(path)).toBe(true);
    expect(isAppPath("/shop/?currency=EUR")).toBe(true);
    expect(isAppPath("/admin/orders/0b5c2c9e-1f6a-4b7e-9d55-3f7e8c1a2b3c")).toBe(true);
    expect(isAppPath("/admin/orders/0b5c2c9e/packing-slip")).toBe(true);
    expect(isAppPath("/tracking")).toBe(false);
    expect(isAppPath("/administrator")).toBe(false);
    expect(isAppPath("/shop/create/extra")).toBe(false);
  });
});

describe("navigation", () => {
  it("has the spec's top links", () => {
    expect(NAV_LINKS.map((l) => [l.href, l.label])).toEqual([
      ["/", "Home"],
      ["/shop", "Shop"],
      ["/about", "About"],
      ["/faq", "FAQ"],
      ["/contact", "Contact"],
    ]);
  });

  it("has the spec's footer links in order, each a known route", () => {
    expect(FOOTER_LINKS.map((l) => l.href)).toEqual([
      "/shop/create",
      "/about",
      "/faq",
      "/contact",
      "/shipping",
      "/returns",
      "/care",
      "/track",
      "/privacy",
      "/terms",
      "/cookies",
    ]);
    for (const link of FOOTER_LINKS) {
      expect(isKnownPath(link.href)).toBe(true);
      expect(link.label.length).toBeGreaterThan(0);
    }
  });

  it("highlights Shop on the shop, the creator and every checkout route", () => {
    for (const path of [
      "/shop",
      "/create",
      "/shop/create",
      "/checkout",
      "/checkout/success",
      "/checkout/whatever",
    ]) {
      expect(isShopHighlighted(path)).toBe(true);
    }
    for (const path of ["/", "/about", "/checkouts", "/account"]) {
      expect(isShopHighlighted(path)).toBe(false);
    }
  });

  it("marks the current top link", () => {
    expect(isNavLinkActive("/", "/")).toBe(true);
    expect(isNavLinkActive("/", "/about")).toBe(false);
    expect(isNavLinkActive("/shop", "/checkout/success")).toBe(true);
    expect(isNavLinkActive("/faq", "/faq/")).toBe(true);
    expect(isNavLinkActive("/about", "/faq")).toBe(false);
  });
});

describe("pre-rendered routes", () => {
  it("are known routes, each with its own file; / is index.html", () => {
    const files = PRERENDERED_ROUTES.map(prerenderedFile);
    expect(new Set(files).size).toBe(PRERENDERED_ROUTES.length);
    expect(prerenderedFile("/")).toBe("index.html");
    expect(prerenderedFile("/shop/create")).toBe("prerendered/shop-create.html");
    for (const route of PRERENDERED_ROUTES) expect(documentTitle(route)).not.toMatch(/Not Found/);
  });
});
