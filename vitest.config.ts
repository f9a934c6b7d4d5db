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
          // The rules are pure functions: a worker keeps its imported modules from file to file
          // (90 -> 61 s); a test that stubs globals or timers puts them back after each test.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          environment: "node",
          // One migrated database folder the test shops start from (tests/support/memory-image.ts).
          globalSetup: ["tests/support/memory-image.ts"],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One PGlite per test shop; files run in parallel across the 2 cores. A worker keeps the
          // modules it imported from one file to the next (isolate: false): importing the whole
          // server again for each of 70 files was a third of the suite's time. Every file opens
          // shops of its own, and a test that fakes the clock puts it back in a finally.
          pool: "forks",
          maxWorkers: 2,
          isolate: false,
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
