/**
 * compose.yaml (docs/deployment.md) starts what the deployment needs (Caddy with TLS, two shop
 * servers built from the repository on Node 24, PostgreSQL, Redis, MinIO), and its shop servers run
 * the way `npm start` does (scripts/server-runtime.mjs, decision 082): a check that the two do
 * not drift, since Docker cannot run here.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
// @ts-expect-error: a plain .mjs script without types (two constants).
import { SERVER_ENV, SERVER_NODE_ARGS } from "../../../scripts/server-runtime.mjs";

interface ComposeService {
  image?: string;
  build?: string;
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
  healthcheck?: { test: string[] };
}

const root = path.resolve(import.meta.dirname, "../../..");
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

  it("builds each shop from the repository on Node 24, mounts no host node_modules, checks /api/ready", () => {
    const dockerfile = readFileSync(path.join(root, "Dockerfile"), "utf8");
    expect(dockerfile.match(/^FROM node:24-bookworm-slim/gm)).toHaveLength(2);
    expect(dockerfile).toContain("/api/ready");
    for (const [, shop] of shops) {
      expect(shop.build).toBe(".");
      expect(shop.volumes ?? []).toEqual([]);
      expect(shop.ports ?? []).toEqual([]);
      expect(shop.healthcheck?.test.join(" ")).toContain("/api/ready");
    }
  });

  it("puts Caddy (TLS) in front, files and scheduled backups in the S3-compatible store", () => {
    expect(services.caddy?.image).toMatch(/^caddy:2/);
    expect(services.caddy?.ports).toContain("443:443");
    const caddyfile = readFileSync(path.join(root, "deploy", "Caddyfile"), "utf8");
    expect(caddyfile).toContain("health_uri /api/ready");
    for (const [name] of shops) expect(caddyfile).toContain(`${name}:3000`);
    expect(services.minio?.image).toMatch(/^minio\/minio/);
    for (const [, shop] of shops) {
      expect(shop.environment?.S3_ENDPOINT).toBe("http://minio:9000");
      expect(shop.environment?.BACKUP_INTERVAL_HOURS).toBeTruthy();
      expect(shop.environment?.TRUSTED_PROXIES).toBe("172.30.0.10");
      expect(shop.depends_on?.["minio-bucket"]?.condition).toBe("service_completed_successfully");
    }
  });
});
