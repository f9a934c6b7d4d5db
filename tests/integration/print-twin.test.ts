/**
 * The print worker's twin through the real app (issue 32 item 2, decisions 321 and 338): with
 * PRINT_TWIN=on and a slicer whose G-code is broken on purpose (a wrapper around the real
 * PrusaSlicer that leaves out every extrusion of a 10 mm band of layers), the job is made, its twin
 * disagrees with the preview, the job is flagged (an owner alert), the order cannot go to printing
 * ("A print file is held"), the admin gets both pictures, and "Print anyway" releases it. The same
 * order with the real slicer passes. The panel is 30 mm (the size option made small here) so
 * PrusaSlicer runs in seconds. Skipped, saying why, when prusa-slicer is not installed.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PROOF_ADMIN_TEXTS, TWIN_THRESHOLDS } from "@shared/proofs";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders, outboxEmails, printJobs, productOptions } from "../../src/server/db/schema.js";
import type { OrderPrintJobs } from "../../src/server/fulfilment/print-jobs/admin.js";
import { createUser, randomIp, type TestUser, uniqueEmail } from "./auth-helpers.js";
import {
  type CheckoutAnswer,
  checkout,
  lithophaneItem,
  pressTestButton,
  shippingInfo,
  storeFixturePhotos,
} from "./checkout-helpers.js";
import { createTestShop, type TestShop } from "./harness.js";

const slicerPath = spawnSync("sh", ["-c", "command -v prusa-slicer"]).stdout?.toString().trim() ?? "";
const slicerReady = slicerPath !== "";

/**
 * A "slicer" that runs the real one, then drops every extrusion between bed z 10 and 20 mm (absolute
 * E: the E of each dropped move is given back by a G92, so the rest prints as sliced).
 */
function brokenSlicer(folder: string): string {
  const script = path.join(folder, "broken-slicer.mjs");
  writeFileSync(
    script,
    `#!${process.execPath}
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
const args = process.argv.slice(2);
const run = spawnSync(${JSON.stringify(slicerPath)}, args, { stdio: "inherit" });
if (run.status !== 0) process.exit(run.status ?? 1);
const out = args[args.indexOf("--output") + 1];
let z = 0;
const lines = readFileSync(out, "utf8").split("\\n").map((line) => {
  if (line.startsWith(";Z:")) z = Number(line.slice(3));
  const move = /^G1 (X[-\\d.]+ )?(Y[-\\d.]+ )?E([-\\d.]+)/.exec(line);
  if (!move || z < 10 || z > 20 || (!move[1] && !move[2])) return line;
  return "G1 " + (move[1] ?? "") + (move[2] ?? "") + "\\nG92 E" + move[3];
});
writeFileSync(out, lines.join("\\n"));
`,
  );
  chmodSync(script, 0o755);
  return script;
}

type Json = Record<string, unknown>;

async function api(target: TestShop, method: string, pathname: string, cookie: string, json?: unknown) {
  return target.request(pathname, {
    method,
    ...(json !== undefined ? { json } : {}),
    headers: { cookie, "x-forwarded-for": randomIp() },
  });
}

async function printFiles(target: TestShop, orderId: string, cookie: string): Promise<OrderPrintJobs> {
  const res = await api(target, "GET", `/api/admin/orders/${orderId}/print-jobs`, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { printFiles: OrderPrintJobs }).printFiles;
}

async function settled(target: TestShop, orderId: string, cookie: string, timeoutMs = 240_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await printFiles(target, orderId, cookie);
    if (files.jobs.length > 0 && files.jobs.every((j) => j.status === "done" || j.status === "failed")) {
      return files;
    }
    if (Date.now() > deadline) throw new Error(`print jobs did not finish: ${JSON.stringify(files.jobs)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** A shop whose twin runs with `slicer`, proofs off, and the 7x7 size printed at 30 x 30 mm. */
async function twinShop(slicer: string): Promise<{ shop: TestShop; admin: TestUser }> {
  const shop = await createTestShop({
    PRINT_TWIN: "on",
    PRUSA_SLICER: slicer,
    PRINT_RESOLUTION_MM: "0.2",
    OWNER_EMAIL: "owner@example.com",
  });
  await storeFixturePhotos(shop);
  // The fixture's original, as a real photo in storage: rings over a gradient.
  const n = 400;
  const pixels = Buffer.alloc(n * n);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      pixels[y * n + x] = Math.round(
        127 + 60 * Math.sin(Math.hypot(x - n / 2, y - n / 2) / 18) + (60 * x) / n,
      );
    }
  }
  const jpeg = await sharp(pixels, { raw: { width: n, height: n, channels: 1 } })
    .jpeg({ quality: 92 })
    .toBuffer();
  await shop.ctx.storage.put("lightbox-images/1700000000000-photo.jpg", jpeg, "image/jpeg");
  const admin = await createUser(shop, { email: uniqueEmail("twin-admin"), role: "admin", mfa: true });
  const off = await api(shop, "PUT", "/api/admin/settings/proofs", admin.cookie, {
    enabled: false,
    windowHours: 48,
  });
  expect(off.status).toBe(200);
  const db = shop.ctx.database.db;
  const small = await db
    .update(productOptions)
    .set({ widthMm: 30, heightMm: 30 })
    .where(and(eq(productOptions.optionType, "size"), eq(productOptions.value, "7x7")))
    .returning({ id: productOptions.id });
  expect(small).toHaveLength(1);
  return { shop, admin };
}

/** A paid live order of one square panel (test orders queue no print files by themselves). */
async function paidOrder(shop: TestShop): Promise<CheckoutAnswer> {
  const answer = await checkout(shop, {
    cartItems: [lithophaneItem("starter")],
    shippingInfo: shippingInfo(),
  });
  await shop.ctx.database.db.update(orders).set({ testMode: false }).where(eq(orders.id, answer.orderId));
  expect((await pressTestButton(shop, answer, "pay")).status).toBe(303);
  return answer;
}

describe.skipIf(!slicerReady)(
  `the print worker's twin${slicerReady ? "" : " (skipped: prusa-slicer is not installed)"}`,
  { timeout: 600_000 },
  () => {
    let folder: string;
    beforeAll(() => {
      folder = mkdtempSync(path.join(tmpdir(), "lithobox-print-twin-"));
    });
    afterAll(() => {
      rmSync(folder, { recursive: true, force: true });
    });

    it("flags a file the slicer broke, holds the order from printing, shows both pictures, prints anyway", async () => {
      const { shop, admin } = await twinShop(brokenSlicer(folder));
      try {
        const answer = await paidOrder(shop);
        const files = await settled(shop, answer.orderId, admin.cookie);
        const [job] = files.jobs;
        if (!job) throw new Error("no job");
        console.log(
          `broken file: ${job.status} ${job.error ?? ""}; twin ${job.twinStatus}, SSIM ${job.twinSsim}, mean |dL*| ${job.twinDeltaL}`,
        );
        expect(job.status).toBe("done");
        expect(job.twinStatus).toBe("flagged");
        expect(job.twinPictures).toBe(true);
        const limits = TWIN_THRESHOLDS.upright;
        expect((job.twinSsim ?? 1) < limits.minSsim || (job.twinDeltaL ?? 0) > limits.maxDeltaL).toBe(true);

        // Held: the order cannot go to printing.
        const refused = await api(shop, "POST", `/api/admin/orders/${answer.orderId}/status`, admin.cookie, {
          status: "printing",
        });
        expect(refused.status).toBe(409);
        const body = (await refused.json()) as Json;
        expect([body.error, body.message]).toContain(PROOF_ADMIN_TEXTS.printHeld);

        // Both pictures, as the admin's side-by-side view loads them: the twin has a bright band the
        // preview has not.
        const pictures: Record<string, { width: number; height: number; data: Buffer }> = {};
        for (const which of ["preview", "twin"] as const) {
          const res = await api(
            shop,
            "GET",
            `/api/admin/orders/${answer.orderId}/print-jobs/${job.id}/twin/${which}`,
            admin.cookie,
          );
          expect(res.status).toBe(200);
          expect(res.headers.get("content-type")).toBe("image/png");
          const png = Buffer.from(await res.arrayBuffer());
          // PRINT_TWIN_OUT=<folder> keeps the two pictures to look at.
          if (process.env.PRINT_TWIN_OUT)
            writeFileSync(path.join(process.env.PRINT_TWIN_OUT, `${which}.png`), png);
          const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
          pictures[which] = { width: info.width, height: info.height, data };
        }
        const { preview, twin } = pictures as Record<
          "preview" | "twin",
          { width: number; height: number; data: Buffer }
        >;
        expect([twin.width, twin.height]).toEqual([preview.width, preview.height]);
        // The band z 10-20 mm of the 30 mm panel is rows 1/3 to 2/3 from the bottom: the middle third.
        const meanOfMiddle = (picture: { width: number; height: number; data: Buffer }) => {
          let sum = 0;
          let count = 0;
          for (let y = Math.round(picture.height * 0.4); y < Math.round(picture.height * 0.6); y++) {
            for (let x = Math.round(picture.width * 0.2); x < Math.round(picture.width * 0.8); x++) {
              sum += picture.data[y * picture.width + x]!;
              count++;
            }
          }
          return sum / count;
        };
        console.log(
          `middle third: preview ${meanOfMiddle(preview).toFixed(1)}, twin ${meanOfMiddle(twin).toFixed(1)}`,
        );
        expect(meanOfMiddle(twin)).toBeGreaterThan(meanOfMiddle(preview) + 20);

        // The owner was told.
        const alerts = await shop.ctx.database.db.select().from(outboxEmails);
        expect(alerts.map((mail) => mail.subject)).toContainEqual(
          expect.stringContaining(
            `A print file for order #${answer.displayNumber} is held: its twin disagrees with the preview`,
          ),
        );

        // Print anyway: accepted, and the order may print.
        const accepted = await api(
          shop,
          "POST",
          `/api/admin/orders/${answer.orderId}/print-jobs/${job.id}/accept`,
          admin.cookie,
        );
        expect(accepted.status).toBe(200);
        const [row] = await shop.ctx.database.db.select().from(printJobs).where(eq(printJobs.id, job.id));
        expect(row?.twinStatus).toBe("accepted");
        const printing = await api(shop, "POST", `/api/admin/orders/${answer.orderId}/status`, admin.cookie, {
          status: "printing",
        });
        expect(printing.status).toBe(200);
      } finally {
        await shop.close();
      }
    });

    it("passes the same panel sliced by the real PrusaSlicer, and the order may print", async () => {
      const { shop, admin } = await twinShop(slicerPath);
      try {
        const answer = await paidOrder(shop);
        const files = await settled(shop, answer.orderId, admin.cookie);
        const [job] = files.jobs;
        console.log(
          `intact file: twin ${job?.twinStatus}, SSIM ${job?.twinSsim}, mean |dL*| ${job?.twinDeltaL}`,
        );
        expect(job?.twinStatus).toBe("passed");
        const printing = await api(shop, "POST", `/api/admin/orders/${answer.orderId}/status`, admin.cookie, {
          status: "printing",
        });
        expect(printing.status).toBe(200);
      } finally {
        await shop.close();
      }
    });
  },
);
