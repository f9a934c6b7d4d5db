/**
 * compose.yaml (docs/deployment.md) starts what the deployment needs, and its shop servers run
 * the way `npm start` does (scripts/server-runtime.mjs, decision 082): a check that the two do
 * not drift, since Docker cannot run here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
// @ts-expect-error: a plain .mjs script without types (two constants).
import { SERVER_ENV, SERVER_NODE_ARGS } from "../../scripts/server-runtime.mjs";

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
}

const root = path.resolve(import.meta.dirname, "../..");
const compose = parse(readFileSync(path.join(root, "compose.yaml"), "utf8"), { merge: true }) as {
  services: Record<string, ComposeService>;
};

describe("compose.yaml", () => {
  const services = compose.services;
  const shops = Object.entries(services).filter(([, s]) => s.command?.includes("dist/server/main.js"));

  it("has PostgreSQL and Redis from the official images and two shop servers", () => {
    expect(services.postgres?.image).toMatch(/^postgres:/);
    expect(services.redis?.image).toMatch(/^redis:/);
    expect(shops).toHaveLength(2);
  });

  it("runs each shop server as npm start does, on the shared database and Redis", () => {
    for (const [, shop] of shops) {
      expect(shop.command).toEqual(["node", ...(SERVER_NODE_ARGS as string[]), "dist/server/main.js"]);
      expect(shop.environment).toMatchObject(SERVER_ENV as Record<string, string>);
      expect(shop.environment?.DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(shop.environment?.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
      expect(shop.depends_on?.postgres?.condition).toBe("service_healthy");
    }
  });
});
