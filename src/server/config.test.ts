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
});
