/**
 * Production estimates through the real app (issue 19 item 5): with PrusaSlicer on PATH each
 * finished print file is sliced in the background and the order's print time and grams show on
 * the print files, the orders list and the dashboard's printing queue; without it (a PATH that
 * does not hold it) the files still complete and the estimate is "unavailable". The G-code is
 * never left behind.
 *
 * The slicer test needs `prusa-slicer` on this machine's PATH: it fails (not skips) without it,
 * like issue 19's print-ready project test.
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findExecutable } from "../../../src/server/fulfilment/print-estimates.js";
import type { OrderPrintJobs } from "../../../src/server/fulfilment/print-jobs/admin.js";
import type { AdminOrderList } from "../../../src/server/orders/admin-orders.js";
import type { DashboardSummary } from "../../../src/server/reporting/admin-dashboard.js";
import { createUser, type TestUser, uniqueEmail } from "../../support/accounts.js";
import { lithophaneItem } from "../../support/checkout.js";
import { paidOrder } from "../../support/orders.js";
import { createTestShop, type TestShop } from "../../support/test-shop.js";

async function greyPhoto(grey: number): Promise<Buffer> {
  return sharp({
    create: { width: 200, height: 200, channels: 3, background: { r: grey, g: grey, b: grey } },
  })
    .png()
    .toBuffer();
}

/** A paid live order of one panel of a flat grey photo: its order id. */
async function greyPanelOrder(shop: TestShop, grey: number, sizeId = "7x7"): Promise<string> {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await greyPhoto(grey))], { type: "image/png" }), "grey.png");
  form.set("kind", "main");
  const uploaded = (await (await shop.request("/api/uploads", { method: "POST", body: form })).json()) as {
    url: string;
    originalUrl: string;
  };
  const item = {
    ...lithophaneItem("starter", { sizeId }),
    imageUrl: uploaded.url,
    originalImageUrl: uploaded.originalUrl,
  };
  return (await paidOrder(shop, { body: { cartItems: [item] }, live: true })).orderId;
}

async function adminJson<T>(shop: TestShop, admin: TestUser, pathname: string): Promise<T> {
  const res = await shop.request(`/api/admin${pathname}`, { headers: { cookie: admin.cookie } });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

/** Polls the order's print files until `done(files)`. */
async function waitFor(
  shop: TestShop,
  admin: TestUser,
  orderId: string,
  done: (files: OrderPrintJobs) => boolean,
  timeoutMs = 180_000,
): Promise<OrderPrintJobs> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { printFiles } = await adminJson<{ printFiles: OrderPrintJobs }>(
      shop,
      admin,
      `/orders/${orderId}/print-jobs`,
    );
    if (done(printFiles)) return printFiles;
    if (Date.now() > deadline) throw new Error(`timed out: ${JSON.stringify(printFiles)}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

function slicerTemps(): string[] {
  return readdirSync(tmpdir()).filter((name) => name.startsWith("lithobox-slice-"));
}

describe("with PrusaSlicer on PATH", () => {
  let shop: TestShop;
  let admin: TestUser;

  beforeAll(async () => {
    shop = await createTestShop({ PRINT_RESOLUTION_MM: "1", PATH: process.env.PATH ?? "" });
    admin = await createUser(shop, { email: uniqueEmail("estimate-admin"), role: "admin", mfa: true });
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("is installed here (the estimates test must not pass by skipping)", async () => {
    expect(await findExecutable("prusa-slicer", process.env.PATH)).not.toBeNull();
  });

  it("slices the finished file and stores plausible hours and grams, shown on the order, the list and the dashboard", async () => {
    const before = new Set(slicerTemps());
    const orderId = await greyPanelOrder(shop, 128);
    const files = await waitFor(shop, admin, orderId, (f) => f.estimate.state !== "pending");
    const [job] = files.jobs;
    if (!job) throw new Error("no job");
    expect(job.status).toBe("done");
    expect(job.estimateStatus, job.estimateError ?? "").toBe("done");
    expect(files.estimate).toMatchObject({ state: "done", panels: 1, estimatedPanels: 1 });

    // A 7 x 7 in (180 x 180 mm) panel of mid grey, upright at 0.1 mm layers, 100% infill: about
    // 180 x 180 mm x 1.6 mm mean thickness = 52 cm3, x 1.24 g/cm3 (PLA) = 64 g. PrusaSlicer 2.5
    // said 65.6 g and 11 h 30 min from the CLI's file; the bounds leave room for another profile.
    const grams = job.filamentGrams ?? 0;
    const minutes = (job.printSeconds ?? 0) / 60;
    expect(grams).toBeGreaterThan(40);
    expect(grams).toBeLessThan(100);
    expect(minutes).toBeGreaterThan(4 * 60);
    expect(minutes).toBeLessThan(24 * 60);
    expect(files.estimate.printSeconds).toBe(job.printSeconds);
    expect(files.estimate.filamentGrams).toBeCloseTo(grams, 5);

    // A darker photo is a thicker panel: more filament and more time.
    const darkId = await greyPanelOrder(shop, 40);
    const dark = await waitFor(shop, admin, darkId, (f) => f.estimate.state !== "pending");
    expect(dark.estimate.state).toBe("done");
    expect(dark.estimate.filamentGrams).toBeGreaterThan(grams);

    // The orders list carries each order's estimate; the dashboard the queue's hours.
    const list = await adminJson<AdminOrderList>(shop, admin, "/orders?pageSize=100");
    const row = list.orders.find((o) => o.id === orderId);
    expect(row?.estimate).toMatchObject({ state: "done", printSeconds: job.printSeconds });
    const dashboard = await adminJson<DashboardSummary>(shop, admin, "/dashboard");
    expect(dashboard.printingQueue.orders).toBeGreaterThanOrEqual(2);
    expect(dashboard.printingQueue.printSeconds).toBe(
      (job.printSeconds ?? 0) + (dark.estimate.printSeconds ?? 0),
    );
    expect(dashboard.printingQueue.unestimatedPanels).toBe(0);

    // No G-code (nor its folder) is left behind.
    expect(slicerTemps().filter((name) => !before.has(name))).toEqual([]);
  }, 200_000); // its wait is 180 s: slicing on a loaded 2-core machine took over the 60 s default
});

describe("without PrusaSlicer", () => {
  let shop: TestShop;
  let admin: TestUser;
  let emptyPath: string;

  beforeAll(async () => {
    // A PATH that exists but holds no slicer.
    emptyPath = mkdtempSync(path.join(tmpdir(), "lithobox-no-slicer-"));
    shop = await createTestShop({ PRINT_RESOLUTION_MM: "1", PATH: emptyPath });
    admin = await createUser(shop, { email: uniqueEmail("estimate-admin-2"), role: "admin", mfa: true });
  });
  afterAll(async () => {
    await shop?.close();
    rmSync(emptyPath, { recursive: true, force: true });
  });

  it("the print file still completes and the estimate is unavailable", async () => {
    const orderId = await greyPanelOrder(shop, 128);
    const files = await waitFor(shop, admin, orderId, (f) => f.estimate.state !== "pending", 60_000);
    const [job] = files.jobs;
    expect(job).toMatchObject({ status: "done", estimateStatus: "unavailable", printSeconds: null });
    expect(job?.bytes).toBeGreaterThan(1000);
    expect(files.estimate.state).toBe("unavailable");
    const list = await adminJson<AdminOrderList>(shop, admin, "/orders?pageSize=100");
    expect(list.orders.find((o) => o.id === orderId)?.estimate?.state).toBe("unavailable");
    const dashboard = await adminJson<DashboardSummary>(shop, admin, "/dashboard");
    expect(dashboard.printingQueue).toMatchObject({ printSeconds: 0, unestimatedPanels: 1 });
  });
});
