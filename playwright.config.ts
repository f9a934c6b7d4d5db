import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "./tests/chromium";
import { FIXED_RATES_URL } from "./tests/support/local-services";

const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = path.resolve(`.test-data/e2e-${port}`);
const serverDir = path.resolve(`.test-data/server-${port}`);

/** Debian's Chromium, as the sandbox needs it started. */
const browser = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS],
  },
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? `test-results/e2e-${port}.json` }],
  ],
  // Per port, so parallel runs (E2E_PORT) never wipe each other's traces.
  outputDir: process.env.E2E_PORT ? `test-results/e2e-${port}` : "test-results/e2e",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    // A failed test keeps its trace (the page's DOM at each step) and its screenshot; the trace's
    // film of every frame is left out: JPEG-encoding each frame cost a fifth of the suite's CPU.
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: true, sources: true },
    screenshot: "only-on-failure",
    locale: "en-GB",
    timezoneId: "Europe/London",
  },
  // "exclusive" holds journeys that change the whole shop (test mode, purging test orders): it
  // starts once every other journey has finished. Run one of them alone with --no-deps.
  projects: [
    { name: "chromium", testIgnore: /exclusive[\\/]/, use: browser },
    { name: "exclusive", testMatch: /exclusive[\\/].*\.spec\.ts$/, dependencies: ["chromium"], use: browser },
  ],
  webServer: {
    // The compiled server, as `npm start` runs it, built into this run's own folder.
    command: `rm -rf ${dataDir} && node scripts/build-server.mjs --out ${serverDir} && node --enable-source-maps ${serverDir}/main.js`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      // Fixed exchange rates, not the public rates service: prices never depend on the network.
      RATES_URL: FIXED_RATES_URL,
      // The G-code twin (issue 32) slices every print file: minutes each; off here.
      PRINT_TWIN: "off",
      ADMIN_EMAILS: "admin@lithobox.test",
      // The owner's alerts (issue 17) go to one known address, whichever admin was made first.
      OWNER_EMAIL: "owner@lithobox.test",
      // Every browser here is 127.0.0.1: raise the per-IP limits the integration tests prove.
      AUTH_SIGN_IN_RATE_LIMIT: "1000",
      AUTH_RATE_LIMIT: "1000",
      // The admin signs in for every test: raise the per-account limit too (issue 46).
      AUTH_ACCOUNT_SIGN_IN_LIMIT: "1000",
      UPLOAD_RATE_LIMIT: "1000",
      CONTACT_RATE_LIMIT: "1000",
      // Helpers working in parallel build to their own folder: E2E_WEB_DIST=/tmp/dist-x.
      WEB_DIST: process.env.E2E_WEB_DIST ?? "dist/web",
    },
    stdout: "pipe",
    stderr: "pipe",
  },
});
