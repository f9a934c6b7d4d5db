/**
 * A shop whose print worker runs the G-code twin (issue 32 item 2), shared by the integration test of the
 * twin (print-twin.test.ts) and the admin's flagged-job journey (tests/e2e/admin-twin-flagged.spec.ts):
 * PRINT_TWIN=on with a given slicer, proofs off, and the 7x7 size printed at 30 x 30 mm so PrusaSlicer
 * runs in seconds. `brokenSlicer` wraps the real PrusaSlicer and drops a band of layers on purpose.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, writeFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { productOptions } from "../../src/server/db/schema.js";
import { createUser, type TestUser, uniqueEmail } from "./accounts.js";
import { type CheckoutAnswer, FIXTURE_PREFIX, lithophaneItem, storeFixturePhotos } from "./checkout.js";
import { paidOrder } from "./orders.js";
import { requestAs } from "./requests.js";
import { createTestShop, type TestShop } from "./test-shop.js";

/** The real PrusaSlicer on PATH, or "" when it is not installed. */
export const slicerPath = spawnSync("sh", ["-c", "command -v prusa-slicer"]).stdout?.toString().trim() ?? "";

/**
 * A "slicer" that runs the real one, then drops every extrusion between bed z 10 and 20 mm (absolute
 * E: the E of each dropped move is given back by a G92, so the rest prints as sliced).
 */
export function brokenSlicer(folder: string): string {
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

/** A shop whose twin runs with `slicer`, proofs off, and the 7x7 size printed at 30 x 30 mm. */
export async function twinShop(
  slicer: string,
  env: Record<string, string> = {},
): Promise<{ shop: TestShop; admin: TestUser }> {
  const shop = await createTestShop({
    PRINT_TWIN: "on",
    PRUSA_SLICER: slicer,
    PRINT_RESOLUTION_MM: "0.2",
    OWNER_EMAIL: "owner@example.com",
    ...env,
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
  await shop.ctx.storage.put(`${FIXTURE_PREFIX}-photo.jpg`, jpeg, "image/jpeg");
  // Its preview, as an upload stores it beside the original (the admin's Items card shows it).
  const preview = await sharp(jpeg).resize(480).webp().toBuffer();
  await shop.ctx.storage.put(`${FIXTURE_PREFIX}-photo-preview.webp`, preview, "image/webp");
  const admin = await createUser(shop, { email: uniqueEmail("twin-admin"), role: "admin", mfa: true });
  const off = await requestAs(shop, "PUT", "/api/admin/settings/proofs", admin.cookie, {
    enabled: false,
    windowHours: 48,
  });
  if (off.status !== 200) throw new Error(`proof setting: ${off.status} ${await off.text()}`);
  const db = shop.ctx.database.db;
  const small = await db
    .update(productOptions)
    .set({ widthMm: 30, heightMm: 30 })
    .where(and(eq(productOptions.optionType, "size"), eq(productOptions.value, "7x7")))
    .returning({ id: productOptions.id });
  if (small.length !== 1) throw new Error(`expected one 7x7 size option, found ${small.length}`);
  return { shop, admin };
}

/** A paid live order of one square panel (test orders queue no print files by themselves). */
export function paidPanelOrder(shop: TestShop): Promise<CheckoutAnswer> {
  return paidOrder(shop, { body: { cartItems: [lithophaneItem("starter")] }, live: true });
}
