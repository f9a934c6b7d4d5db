import { describe, expect, it } from "vitest";
import { renderPage } from "./prerender";

describe("the build-time render of the home page", () => {
  it("holds the layout and the hero, with nothing stored and the session unknown", () => {
    const { html, title } = renderPage("/");
    expect(title).toBe("Lithobox");
    expect(html).toContain('<h1 id="hero-title"');
    expect(html).toContain("Your favourite photo, carved in light");
    expect(html).toContain('aria-label="Main"');
    expect(html).toContain('aria-label="Footer"');
    // No cart button (an empty cart), no currency prompt, the sign-in link still busy.
    expect(html).not.toContain("Switch Currency?");
    expect(html).toContain('aria-busy="true"');
    expect(html).not.toMatch(/<script/i);
  });
});
