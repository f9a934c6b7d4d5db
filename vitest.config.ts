import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = {
  "@shared": fileURLToPath(new URL("./src/shared", import.meta.url)),
  "@web": fileURLToPath(new URL("./src/web", import.meta.url)),
  "@server": fileURLToPath(new URL("./src/server", import.meta.url)),
  "@lithophane": fileURLToPath(new URL("./src/lithophane", import.meta.url)),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["src/**/*.test.ts", "src/**/*.test.tsx"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One PGlite per worker file; files run in parallel across the 2 cores.
          pool: "forks",
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // Three server processes on one PostgreSQL and Redis: run on its own by .ci/run.
          name: "multi-server",
          include: ["tests/multi-server/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          pool: "forks",
          maxWorkers: 1,
        },
      },
    ],
  },
});
