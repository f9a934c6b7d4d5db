import { describe, expect, it } from "vitest";
import { renderPage } from "./prerender";

describe("the build-time render of the landing pages", () => {
  it("holds the layout and the hero of /, with nothing stored and the session unknown", () => {
    const { html, title } = renderPage("/");
    expect(title).toBe("Lithobox");
    expect(html).toContain('<h1 id="hero-title"');
    expect(html).toContain("Your favourite photo, carved in light");
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('aria-label="Footer"');
    // No cart button (an empty cart), the sign-in link still busy.
    // The currency banner is there but pending: csp-boot.js shows it before the first paint
    // when it is wanted (styles.css), so the app starting later shifts nothing.
    expect(html).toMatch(/<section [^>]*data-testid="currency-banner" data-pending="true"/);
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toMatch(/<script/i);
  });

  it("renders /shop with its hero and the products still loading", () => {
    const { html, title } = renderPage("/shop");
    expect(title).toBe("Lithobox | Shop");
    expect(html).toContain("Shop lightboxes and accessories");
    expect(html).not.toContain("Loading…");
    expect(html).not.toMatch(/<script/i);
  });

  it("renders the creator on /shop/create and /create, not a loading line", () => {
    for (const url of ["/shop/create", "/create"]) {
      const { html } = renderPage(url);
      expect(html).toContain('aria-label="Main"');
      expect(html).not.toContain("Loading…");
      expect(html).toMatch(/<main[^>]*>[\s\S]*<h1/);
    }
  });

  it("renders the creator's steps as an accordion: the upload step open, the others locked", () => {
    const { html } = renderPage("/shop/create");
    const triggers = [...html.matchAll(/<button [^>]*data-accordion-trigger=""[^>]*>/g)].map((m) => m[0]);
    expect(triggers).toHaveLength(6);
    const [upload, ...locked] = triggers;
    expect(upload).toContain('aria-expanded="true"');
    expect(upload).not.toMatch(/\sdisabled=""/);
    for (const trigger of locked) {
      expect(trigger).toContain('aria-expanded="false"');
      expect(trigger).toMatch(/\sdisabled=""/);
    }
    // The open step's panel is a region named by its trigger.
    const id = /\sid="([^"]+)"/.exec(upload ?? "")?.[1];
    const controls = /aria-controls="([^"]+)"/.exec(upload ?? "")?.[1];
    expect(html).toMatch(new RegExp(`<section id="${controls}" aria-labelledby="${id}" data-state="open"`));
    expect(html).toContain("Upload your photo");
  });
});
