/**
 * The customer's proof (issue 32 item 3, decision 321): what is read and written around the
 * proof workflows (workflows/proof.ts): the owner's setting, the signed link, the proof e-mail,
 * and the proof as the customer's card and the admin's print queue show it.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { cropPixelsSchema } from "@shared/cart";
import { aspectRatioForShape } from "@shared/creator";
import { isColourConfig } from "@shared/delivery-dates";
import { displayOrderNumber } from "@shared/orders";
import {
  DEFAULT_PROOF_SETTINGS,
  PROOF_STATE_LABELS,
  PROOF_TEXTS,
  type ProofSettings,
  type ProofState,
  parseProofSettings,
  proofDueAt,
  proofOpen,
} from "@shared/proofs";
import { and, asc, count, eq, sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { DbOrTx, Tx } from "../db/client.js";
import {
  orderItems,
  orderProofs,
  orderStatusHistory,
  type orders,
  printJobs,
  systemSettings,
  uploads,
} from "../db/schema.js";
import { checkSignedToken, queueMail, renderEmail, signedToken } from "../messaging/index.js";
import { type Storage, shopImageKey } from "../platform/index.js";
import { CHANGED_BY } from "./changed-by.js";

export const PROOF_SETTINGS_KEY = "proof_approval";

/** The proof link works this many days after the window (the page then shows the outcome). */
const LINK_DAYS_AFTER_WINDOW = 30;

export type ProofRow = typeof orderProofs.$inferSelect;

export async function getProofSettings(db: DbOrTx): Promise<ProofSettings> {
  const [row] = await db
    .select({ value: systemSettings.settingValue })
    .from(systemSettings)
    .where(eq(systemSettings.settingKey, PROOF_SETTINGS_KEY))
    .limit(1);
  return row ? parseProofSettings(row.value) : { ...DEFAULT_PROOF_SETTINGS };
}

export async function setProofSettings(db: DbOrTx, settings: ProofSettings): Promise<void> {
  const value = JSON.stringify(settings);
  await db
    .insert(systemSettings)
    .values({ settingKey: PROOF_SETTINGS_KEY, settingValue: value })
    .onConflictDoUpdate({
      target: systemSettings.settingKey,
      set: { settingValue: value, updatedAt: new Date() },
    });
}

/** The signed token of an order's proof (its id is the order's). */
export function proofToken(
  config: Pick<Config, "authSecret">,
  orderId: string,
  windowHours: number,
  now = Date.now(),
): string {
  return signedToken(
    config.authSecret,
    "proof",
    orderId,
    Math.ceil(windowHours / 24) + LINK_DAYS_AFTER_WINDOW,
    now,
  );
}

export function proofLink(
  config: Pick<Config, "authSecret" | "publicUrl">,
  orderId: string,
  windowHours: number,
): string {
  return `${config.publicUrl}/proof?token=${encodeURIComponent(proofToken(config, orderId, windowHours))}`;
}

/** The order a proof token names, or why it names none ("invalid" | "expired"). */
export function orderOfProofToken(
  config: Pick<Config, "authSecret">,
  token: string,
  now = Date.now(),
): { ok: true; orderId: string } | { ok: false; reason: "invalid" | "expired" } {
  const check = checkSignedToken(config.authSecret, "proof", token, now);
  return check.ok ? { ok: true, orderId: check.id } : check;
}

/** "Monday 30 November, 14:05" in the shop's time (Northern Ireland). */
export function proofDeadlineText(at: Date): string {
  return new Intl.DateTimeFormat("en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "Europe/London",
  }).format(at);
}

/** The proof e-mail, queued in the transaction that starts the proof; answers its outbox key. */
export async function queueProofEmail(
  tx: DbOrTx,
  config: Pick<Config, "authSecret" | "publicUrl">,
  order: typeof orders.$inferSelect,
  proof: { dueAt: Date },
  windowHours: number,
): Promise<string> {
  const number = displayOrderNumber(order.id);
  const key = `order:proof:${order.id}`;
  const first = order.shippingFirstName.trim() || "there";
  const deadline = proofDeadlineText(proof.dueAt);
  await queueMail(tx, {
    dedupeKey: key,
    kind: "proof_request",
    to: order.shippingEmail,
    subject: `${order.testMode ? "[TEST] " : ""}${PROOF_TEXTS.emailSubject(number)}`,
    ...renderEmail({
      title: PROOF_TEXTS.title,
      ...(order.testMode ? { notice: "This is a test order." } : {}),
      blocks: [
        `Hello ${first},`,
        PROOF_TEXTS.emailIntro(number, deadline),
        { action: { label: PROOF_TEXTS.emailAction, url: proofLink(config, order.id, windowHours) } },
        `The ${BRAND_NAME} team`,
      ],
      footnote: `Order #${number}. Questions? Write to ${SUPPORT_EMAIL}, quoting your order number.`,
    }),
  });
  return key;
}

export async function readProof(db: DbOrTx, orderId: string): Promise<ProofRow | null> {
  const [row] = await db.select().from(orderProofs).where(eq(orderProofs.orderId, orderId)).limit(1);
  return row ?? null;
}

export interface ProofPanelView {
  itemId: string;
  itemNumber: number;
  itemCount: number;
  shape: string;
  shapeId: string;
  size: string;
  aspectRatio: string;
  /** The twin's picture (served through the proof link) or null while it is not made. */
  twinUrl: string | null;
  /** The creator's preview of the photo (the order line's preview image). */
  previewUrl: string | null;
  /** The photo as uploaded, for the crop step. */
  photo: { url: string; originalUrl: string; width: number; height: number } | null;
  crop: { x: number; y: number; zoom: number } | null;
  /** The crop in the photo's pixels (what is printed), or null for the centred photo. */
  cropPixels: { x: number; y: number; width: number; height: number } | null;
}

export interface ProofView {
  orderNumber: string;
  /** The status's version this view was read at (proofStatus): the card refetches when it moves. */
  version: string;
  state: ProofState;
  dueAt: string;
  /** The customer may still approve or change the crop. */
  open: boolean;
  changes: number;
  /** The signed token the card's buttons and pictures use. */
  token: string;
  panels: ProofPanelView[];
}

function cropOf(value: unknown): { x: number; y: number; zoom: number } | null {
  if (typeof value !== "object" || value === null) return null;
  const { x, y, zoom } = value as Record<string, unknown>;
  return typeof x === "number" && typeof y === "number" && typeof zoom === "number" ? { x, y, zoom } : null;
}

/** The proof as the customer's card shows it (null: the order has none). */
export async function proofView(
  db: DbOrTx,
  deps: { config: Pick<Config, "authSecret">; storage: Pick<Storage, "keyFromUrl" | "publicUrl"> },
  orderId: string,
  now = new Date(),
): Promise<ProofView | null> {
  const proof = await readProof(db, orderId);
  if (!proof) return null;
  const items = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.orderId, orderId), eq(orderItems.kind, "lithophane")))
    .orderBy(asc(orderItems.position));
  const jobs = await db
    .select({ id: printJobs.id, orderItemId: printJobs.orderItemId, twinKey: printJobs.twinKey })
    .from(printJobs)
    .where(and(eq(printJobs.orderId, orderId), eq(printJobs.panelIndex, 0)));
  const settingsHours = Math.max(
    1,
    Math.ceil((proof.dueAt.getTime() - proof.createdAt.getTime()) / 3_600_000),
  );
  const token = proofToken(deps.config, orderId, settingsHours, proof.createdAt.getTime());
  const panels: ProofPanelView[] = [];
  for (const [index, item] of items.entries()) {
    const shapeId = typeof item.config.shapeId === "string" ? item.config.shapeId : item.shape;
    const job = jobs.find((j) => j.orderItemId === item.id);
    const originalKey = item.originalImageUrl ? shopImageKey(deps.storage, item.originalImageUrl) : null;
    const [upload] = originalKey
      ? await db
          .select({ width: uploads.width, height: uploads.height })
          .from(uploads)
          .where(eq(uploads.originalKey, originalKey))
          .limit(1)
      : [];
    // A colour panel is previewed (and re-cropped) on its photo in colour, as in the creator.
    const shown = isColourConfig(item.config) ? (item.originalImageUrl ?? item.imageUrl) : item.imageUrl;
    panels.push({
      itemId: item.id,
      itemNumber: index + 1,
      itemCount: items.length,
      shape: item.shape,
      shapeId,
      size: item.size,
      aspectRatio: aspectRatioForShape(shapeId),
      twinUrl: job?.twinKey ? `/api/proofs/picture?token=${encodeURIComponent(token)}&job=${job.id}` : null,
      previewUrl: shown,
      photo:
        upload && item.originalImageUrl
          ? {
              url: shown ?? item.originalImageUrl,
              originalUrl: item.originalImageUrl,
              width: upload.width,
              height: upload.height,
            }
          : null,
      crop: cropOf(item.crop),
      cropPixels: cropPixelsSchema.safeParse(item.config.cropPixels).data ?? null,
    });
  }
  const status = await proofStatus(db, orderId, now);
  return {
    orderNumber: displayOrderNumber(orderId),
    version: status?.version ?? "",
    state: proof.state,
    dueAt: proof.dueAt.toISOString(),
    open: proofOpen(proof, now),
    changes: proof.changes,
    token,
    panels,
  };
}

/**
 * What the proof card polls (issue 44 item 3): the proof's state and a version that changes
 * whenever the card would (a step, a crop, a print file or twin made or made again, the window
 * closing). Two indexed reads, no panel or photo lookups: cheap to ask for every few seconds
 * from several tabs; the route answers it with an ETag (304 while it is the same).
 */
export async function proofStatus(
  db: DbOrTx,
  orderId: string,
  now = new Date(),
): Promise<{ version: string; state: ProofState; open: boolean } | null> {
  const proof = await readProof(db, orderId);
  if (!proof) return null;
  // Files and twins made, not the jobs' progress: a running job's heartbeat does not move it.
  const [jobs] = await db
    .select({
      count: count(),
      files: count(printJobs.fileKey),
      twins: count(printJobs.twinKey),
      failed: sql<number>`count(*) filter (where ${printJobs.status} = 'failed')`.mapWith(Number),
    })
    .from(printJobs)
    .where(eq(printJobs.orderId, orderId));
  const open = proofOpen(proof, now);
  return {
    version: [
      proof.state,
      open ? "open" : "closed",
      proof.changes,
      proof.updatedAt.getTime(),
      jobs?.count ?? 0,
      jobs?.files ?? 0,
      jobs?.twins ?? 0,
      jobs?.failed ?? 0,
    ].join("."),
    state: proof.state,
    open,
  };
}

/** The twin picture of one of the order's jobs (storage key), or null. */
export async function proofPictureKey(db: DbOrTx, orderId: string, jobId: string): Promise<string | null> {
  const [row] = await db
    .select({ key: printJobs.twinKey })
    .from(printJobs)
    .where(and(eq(printJobs.orderId, orderId), eq(printJobs.id, jobId)))
    .limit(1);
  return row?.key ?? null;
}

/**
 * In the payment's transaction (the lifecycle's "proof-request" effect): the proof starts when
 * the owner's setting is on and the order has a lithophane. Answers the e-mail's outbox key, or
 * null when no proof was started (setting off, no panel, or one exists already).
 */
export async function startProof(
  config: Pick<Config, "authSecret" | "publicUrl">,
  tx: Tx,
  order: typeof orders.$inferSelect,
  now = new Date(),
): Promise<string | null> {
  const settings = await getProofSettings(tx);
  if (!settings.enabled) return null;
  const [panel] = await tx
    .select({ id: orderItems.id })
    .from(orderItems)
    .where(and(eq(orderItems.orderId, order.id), eq(orderItems.kind, "lithophane")))
    .limit(1);
  if (!panel) return null;
  const dueAt = proofDueAt(now, settings.windowHours);
  const [created] = await tx
    .insert(orderProofs)
    .values({ orderId: order.id, state: "awaiting", dueAt, createdAt: now, updatedAt: now })
    .onConflictDoNothing()
    .returning({ orderId: orderProofs.orderId });
  if (!created) return null;
  // On the order's timeline (written here: transitions.ts calls this, so it cannot be imported).
  await tx.insert(orderStatusHistory).values({
    orderId: order.id,
    fromStatus: order.status,
    toStatus: order.status,
    changedBy: CHANGED_BY.system,
    createdAt: now,
    note: `Proof sent to the customer: ${PROOF_STATE_LABELS.awaiting.toLowerCase()} (auto-approved after ${settings.windowHours} h)`,
  });
  return queueProofEmail(tx, config, order, { dueAt }, settings.windowHours);
}
