import { MESSAGES } from "@shared/messages";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { useCurrency } from "../currency";
import { useCart } from "./CartProvider";

function Probe({ hook }: { hook: () => unknown }) {
  hook();
  return null;
}

describe("provider hooks used outside their providers", () => {
  it("useCart throws the spec's message", () => {
    expect(() => renderToString(createElement(Probe, { hook: useCart }))).toThrow(MESSAGES.providers.cart);
    expect(MESSAGES.providers.cart).toBe("useCart must be used within a CartProvider");
  });

  it("useCurrency throws the spec's message", () => {
    expect(() => renderToString(createElement(Probe, { hook: useCurrency }))).toThrow(
      MESSAGES.providers.currency,
    );
    expect(MESSAGES.providers.currency).toBe("useCurrency must be used within a CurrencyProvider");
  });
});
