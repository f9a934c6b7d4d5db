import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CONFIG_VARIABLES, ConfigError, loadConfig } from "./config";

const example = readFileSync(new URL("../../.env.example", import.meta.url), "utf8");
/** Variables named in .env.example, set or commented out ("# NAME=value"). */
const documented = new Set([...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1] ?? ""));

describe(".env.example", () => {
  it("documents every variable the server reads", () => {
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(20);
    expect(CONFIG_VARIABLES.filter((name) => !documented.has(name))).toEqual([]);
  });

  it("names no variable the server ignores", () => {
    expect([...documented].filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });
});

describe("loadConfig", () => {
  it("refuses production without a secret and public URL, naming both", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(/BETTER_AUTH_SECRET[\s\S]*PUBLIC_URL/);
  });

  const production = {
    NODE_ENV: "production",
    PUBLIC_URL: "https://shop.lithobox.test",
    BETTER_AUTH_SECRET: "x".repeat(40),
  };

  it("refuses production without Stripe keys unless TEST_PAYMENTS=on, naming both keys", () => {
    expect(() => loadConfig(production)).toThrow(/STRIPE_SECRET_KEY[\s\S]*STRIPE_WEBHOOK_SECRET/);
    expect(loadConfig({ ...production, TEST_PAYMENTS: "on" }).testShop).toBe(true);
    expect(loadConfig({ ...production, STRIPE_SECRET_KEY: "sk", STRIPE_WEBHOOK_SECRET: "wh" }).testShop).toBe(
      false,
    );
  });

  it("trusts the loopback names on the shop's port in local mode, PUBLIC_URL's origin otherwise", () => {
    expect(loadConfig({ PORT: "3000", BETTER_AUTH_SECRET: "x".repeat(40) }).trustedOrigins).toEqual([
      "http://localhost:3000",
      "http://127.0.0.1:3000",
      "http://[::1]:3000",
    ]);
    expect(loadConfig({ ...production, TEST_PAYMENTS: "on" }).trustedOrigins).toEqual([
      "https://shop.lithobox.test",
    ]);
  });

  it("sweeps for expired unpaid orders every 60 s unless ORDER_EXPIRY_SWEEP_SECONDS says otherwise (1 at least)", () => {
    expect(loadConfig({}).orders.expirySweepSeconds).toBe(60);
    expect(loadConfig({ ORDER_EXPIRY_SWEEP_SECONDS: "1" }).orders.expirySweepSeconds).toBe(1);
    expect(() => loadConfig({ ORDER_EXPIRY_SWEEP_SECONDS: "0" })).toThrow(/ORDER_EXPIRY_SWEEP_SECONDS/);
  });
});
