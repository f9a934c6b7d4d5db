/**
 * The customer's proof (issue 32 item 3, decision 321): what is read and written around the
 * proof workflows (workflows/proof.ts): the owner's setting, the signed link, the proof e-mail,
 * and the proof as the customer's card and the admin's print queue show it.
 */
import { BRAND_NAME, SUPPORT_EMAIL } from "@shared/brand";
import { cropPixelsSchema } from "@shared/cart";
import type { CropPixels } from "@shared/creator";
import { aspectRatioForShape, aspectRatioValue } from "@shared/creator";
import { isColourConfig } from "@shared/delivery-dates";
import { displayOrderNumber } from "@shared/orders";
import { PRINTED_KINDS, type ProofPiece, productTypeOf } from "@shared/product-types";
import {
  DEFAULT_PROOF_SETTINGS,
  PROOF_ADMIN_TEXTS,
  PROOF_TEXTS,
  type ProofSettings,
  type ProofState,
  parseProofSettings,
  proofCropChangesLeft,
  proofDecided,
  proofDueAt,
  proofOpen,
  proofPieceOf,
} from "@shared/proofs";
import { formatShopMoment } from "@shared/shop-dates";
import type { OrderStatus } from "@shared/statuses";
import { and, asc, count, eq, inArray, notExists, type SQL, sql } from "drizzle-orm";
import type { Config } from "../config.js";
import type { DbOrTx, Tx } from "../db/client.js";
import {
  orderItems,
  orderProofPanels,
  orderProofs,
  orderStatusHistory,
  orders,
  printJobs,
  systemSettings,
  uploads,
} from "../db/schema.js";
import { lampProofPicture } from "../fulfilment/index.js";
import { loadSharp } from "../lib/lazy-modules.js";
import { checkSignedToken, type QueuedMail, renderEmail, signedToken } from "../messaging/index.js";
import {
  type AuditActor,
  runWorkflow,
  type Storage,
  shopImageKey,
  type WorkflowHost,
  writeSetting,
} from "../platform/index.js";
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
  await writeSetting(db, PROOF_SETTINGS_KEY, value);
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
  now = Date.now(),
): string {
  return `${config.publicUrl}/proof?token=${encodeURIComponent(proofToken(config, orderId, windowHours, now))}`;
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

/** A panel's picture in the proof e-mail: an absolute URL on the shop (its own storage). */
export interface ProofEmailPicture {
  src: string;
  caption: string;
}

/**
 * The proof e-mail (decision 351), queued once every panel's picture exists: each panel's
 * picture (served by the shop, through the proof's signed link), the deadline in words, and
 * Approve / Change crop links to the proof page.
 */
export function proofEmail(
  config: Pick<Config, "authSecret" | "publicUrl">,
  order: typeof orders.$inferSelect,
  proof: { dueAt: Date; createdAt: Date },
  pictures: readonly ProofEmailPicture[],
  /** The words for what the pictures show ("panel", "lamp"): proofPieceOf the order's lines. */
  piece: ProofPiece,
): QueuedMail {
  const number = displayOrderNumber(order.orderNumber);
  const first = order.shippingFirstName.trim() || "there";
  const link = proofLink(config, order.id, windowHoursOf(proof), proof.createdAt.getTime());
  return {
    dedupeKey: `order:proof:${order.id}`,
    kind: "proof_request",
    to: order.shippingEmail,
    subject: `${order.testMode ? "[TEST] " : ""}${PROOF_TEXTS.emailSubject(number, piece)}`,
    ...renderEmail({
      title: PROOF_TEXTS.title(piece),
      ...(order.testMode ? { notice: "This is a test order." } : {}),
      blocks: [
        `Hello ${first},`,
        PROOF_TEXTS.emailIntro(number, formatShopMoment(proof.dueAt), pictures.length, piece),
        { pictures: pictures.map((p) => ({ src: p.src, alt: p.caption, caption: p.caption })) },
        {
          actions: [
            { label: PROOF_TEXTS.emailApprove(pictures.length), url: `${link}#approve` },
            // A lamp's photos are placed in its creator: its proof offers no crop.
            ...(piece.croppable ? [{ label: PROOF_TEXTS.emailChangeCrop, url: `${link}#crop` }] : []),
          ],
        },
        PROOF_TEXTS.emailAfter,
        `The ${BRAND_NAME} team`,
      ],
      footnote: `Order #${number}. Questions? Write to ${SUPPORT_EMAIL}, quoting your order number.`,
    }),
  };
}

/** The window a proof was given (its due time from its start). */
function windowHoursOf(proof: { dueAt: Date; createdAt: Date }): number {
  return Math.max(1, Math.ceil((proof.dueAt.getTime() - proof.createdAt.getTime()) / 3_600_000));
}

export async function readProof(db: DbOrTx, orderId: string): Promise<ProofRow | null> {
  const [row] = await db.select().from(orderProofs).where(eq(orderProofs.orderId, orderId)).limit(1);
  return row ?? null;
}

export type ProofPanelRow = typeof orderProofPanels.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

/** The panels of a lithophane line: its main photo (0), then one per additional photo. */
export function linePanelCount(item: Pick<OrderItemRow, "kind" | "additionalImages">): number {
  return productTypeOf(item.kind).printFiles(item);
}

/** The order's lithophane lines, in the order's order. */
export async function proofLines(db: DbOrTx, orderId: string): Promise<OrderItemRow[]> {
  return (await proofLinesOf(db, [orderId])).get(orderId) ?? [];
}

/** The lithophane lines of several orders, each order's in its order: one read for a batch. */
export async function proofLinesOf(
  db: DbOrTx,
  orderIds: readonly string[],
): Promise<Map<string, OrderItemRow[]>> {
  const lines = new Map<string, OrderItemRow[]>();
  if (orderIds.length === 0) return lines;
  const rows = await db
    .select()
    .from(orderItems)
    .where(and(inArray(orderItems.orderId, [...orderIds]), inArray(orderItems.kind, [...PRINTED_KINDS])))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  for (const row of rows) lines.set(row.orderId, [...(lines.get(row.orderId) ?? []), row]);
  return lines;
}

export interface PanelPhoto {
  /** The picture the customer positions (the line's preview; a colour line's photo in colour). */
  url: string;
  originalUrl: string;
  /** The original's pixels: the crop is in them. */
  width: number;
  height: number;
}

/**
 * The photo a panel is cut from: the line's main photo (panel 0, stored as its original) or its
 * n-th additional photo (stored as its preview); null when its upload is gone.
 */
export async function panelPhoto(
  db: DbOrTx,
  storage: Pick<Storage, "keyFromUrl" | "publicUrl">,
  item: OrderItemRow,
  panelIndex: number,
): Promise<PanelPhoto | null> {
  if (panelIndex === 0) {
    const key = item.originalImageUrl ? shopImageKey(storage, item.originalImageUrl) : null;
    if (!key || !item.originalImageUrl) return null;
    const [upload] = await db
      .select({ width: uploads.width, height: uploads.height })
      .from(uploads)
      .where(eq(uploads.originalKey, key))
      .limit(1);
    // A colour panel is previewed (and re-cropped) on its photo in colour, as in the creator.
    const shown = isColourConfig(item.config)
      ? item.originalImageUrl
      : (item.imageUrl ?? item.originalImageUrl);
    return upload ? { url: shown, originalUrl: item.originalImageUrl, ...upload } : null;
  }
  const preview = Array.isArray(item.additionalImages) ? item.additionalImages[panelIndex - 1] : undefined;
  const key = preview ? shopImageKey(storage, preview) : null;
  if (!key || !preview) return null;
  const [upload] = await db
    .select({ width: uploads.width, height: uploads.height, originalKey: uploads.originalKey })
    .from(uploads)
    .where(eq(uploads.previewKey, key))
    .limit(1);
  if (!upload) return null;
  return {
    url: isColourConfig(item.config) ? storage.publicUrl(upload.originalKey) : preview,
    originalUrl: storage.publicUrl(upload.originalKey),
    width: upload.width,
    height: upload.height,
  };
}

/** A panel's crop in its photo's pixels (null: cut centred). */
export function panelCropPixels(item: Pick<OrderItemRow, "config">, panelIndex: number): CropPixels | null {
  const raw =
    panelIndex === 0
      ? item.config.cropPixels
      : Array.isArray(item.config.additionalCropPixels)
        ? item.config.additionalCropPixels[panelIndex - 1]
        : null;
  return cropPixelsSchema.safeParse(raw).data ?? null;
}

/** "lightbox 2" or "lightbox 1, panel 3" (the timeline's and the owner's words). */
export function panelName(
  item: Pick<OrderItemRow, "position" | "kind" | "additionalImages">,
  panelIndex: number,
): string {
  return linePanelCount(item) > 1
    ? `lightbox ${item.position + 1}, panel ${panelIndex + 1}`
    : `lightbox ${item.position + 1}`;
}

export interface ProofPanelView {
  itemId: string;
  /** The line's product type's name for it ("Lightbox", "Lamp"). */
  name: string;
  /** 0: the line's main photo; n: its n-th additional photo (print_jobs number them the same). */
  panelIndex: number;
  itemNumber: number;
  itemCount: number;
  panelNumber: number;
  panelCount: number;
  shape: string;
  shapeId: string;
  size: string;
  aspectRatio: string;
  /** This panel's own step: awaiting, changed (a new crop), approved or auto-approved. */
  state: ProofState;
  /** The customer may still approve it or change its crop. */
  open: boolean;
  /** Crop changes left for this panel (MAX_PROOF_CROP_CHANGES in all). */
  changesLeft: number;
  /** The twin's picture (served through the proof link) or null while it is not made. */
  twinUrl: string | null;
  /** Its print file and picture are being made (the share done, 0..1): null once made. */
  making: { progress: number } | null;
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
  /** The order's status now: the card's words follow it (printed, on its way, cancelled). */
  orderStatus: OrderStatus;
  /** The status's version this view was read at (proofStatus): the card refetches when it moves. */
  version: string;
  state: ProofState;
  dueAt: string;
  /** The customer may still approve or change the crop of at least one panel. */
  open: boolean;
  changes: number;
  /** The signed token the card's buttons and pictures use. */
  token: string;
  /** How the card speaks of what it shows: the order's lines' type's words (panels, a lamp). */
  piece: ProofPiece;
  panels: ProofPanelView[];
}

function cropOf(value: unknown): { x: number; y: number; zoom: number } | null {
  if (typeof value !== "object" || value === null) return null;
  const { x, y, zoom } = value as Record<string, unknown>;
  return typeof x === "number" && typeof y === "number" && typeof zoom === "number" ? { x, y, zoom } : null;
}

/** The proof's panels (rows), in the order's order (line position, then panel). */
export async function readProofPanels(db: DbOrTx, orderId: string): Promise<ProofPanelRow[]> {
  return db
    .select()
    .from(orderProofPanels)
    .where(eq(orderProofPanels.orderId, orderId))
    .orderBy(asc(orderProofPanels.orderItemId), asc(orderProofPanels.panelIndex));
}

/** The signed token of an existing proof (its window from its own row). */
export function tokenOfProof(config: Pick<Config, "authSecret">, proof: ProofRow): string {
  return proofToken(config, proof.orderId, windowHoursOf(proof), proof.createdAt.getTime());
}

/** The URL of a panel's picture (its twin, else its photo cut to its crop), through the proof's token. */
export function proofPictureUrl(token: string, itemId: string, panelIndex: number, version: string): string {
  return `/api/proofs/picture?${new URLSearchParams({ token, item: itemId, panel: String(panelIndex), v: version })}`;
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
  const items = await proofLines(db, orderId);
  const rows = await readProofPanels(db, orderId);
  const jobs = await db
    .select({
      id: printJobs.id,
      orderItemId: printJobs.orderItemId,
      panelIndex: printJobs.panelIndex,
      status: printJobs.status,
      twinKey: printJobs.twinKey,
      twinStatus: printJobs.twinStatus,
      progress: printJobs.progress,
      updatedAt: printJobs.updatedAt,
    })
    .from(printJobs)
    .where(eq(printJobs.orderId, orderId));
  const token = tokenOfProof(deps.config, proof);
  const windowOpen = proofOpen({ state: "awaiting", dueAt: proof.dueAt }, now);
  const panels: ProofPanelView[] = [];
  for (const [index, item] of items.entries()) {
    const shapeId = typeof item.config.shapeId === "string" ? item.config.shapeId : item.shape;
    const count = linePanelCount(item);
    for (let panelIndex = 0; panelIndex < count; panelIndex++) {
      const row = rows.find((r) => r.orderItemId === item.id && r.panelIndex === panelIndex);
      const job = jobs.find((j) => j.orderItemId === item.id && j.panelIndex === panelIndex);
      // A cylinder (the lamp) is one picture of every photo: its photos are positioned in its
      // creator, so its proof offers approval, not a crop (changeProofCrop refuses it too).
      const cylinder = productTypeOf(item.kind).printForm === "cylinder";
      const photo = cylinder ? null : await panelPhoto(db, deps.storage, item, panelIndex);
      // A proof started before its panels had rows (none since migration 0022) reads as the proof.
      const state = row?.state ?? proof.state;
      const making =
        job && (job.status === "pending" || job.status === "running" || job.twinStatus === "pending");
      panels.push({
        itemId: item.id,
        name: productTypeOf(item.kind).proofName,
        panelIndex,
        itemNumber: index + 1,
        itemCount: items.length,
        panelNumber: panelIndex + 1,
        panelCount: count,
        shape: item.shape,
        shapeId,
        size: item.size,
        aspectRatio: aspectRatioForShape(shapeId),
        state,
        open: windowOpen && !proofDecided(state),
        changesLeft: proofCropChangesLeft(row?.changes ?? 0),
        twinUrl:
          job?.twinKey && !making
            ? proofPictureUrl(token, item.id, panelIndex, String(job.updatedAt.getTime()))
            : // A cylinder's picture is the lamp unrolled (its twin's stand-in), made on request.
              productTypeOf(item.kind).printForm === "cylinder" && !making
              ? proofPictureUrl(token, item.id, panelIndex, lampCropsVersion(item))
              : null,
        // The twin runs after the file, in the same worker: the file's share is most of the time.
        making: making ? { progress: job.status === "done" ? 0.9 : Math.min(0.9, job.progress * 0.9) } : null,
        previewUrl: photo?.url ?? (panelIndex === 0 ? item.imageUrl : null),
        photo,
        crop: panelIndex === 0 ? cropOf(item.crop) : null,
        cropPixels: panelCropPixels(item, panelIndex),
      });
    }
  }
  const status = await proofStatus(db, orderId, now);
  const [order] = await db
    .select({ orderNumber: orders.orderNumber, status: orders.status })
    .from(orders)
    .where(eq(orders.id, orderId))
    .limit(1);
  const ended = order?.status === "cancelled" || order?.status === "refunded";
  return {
    orderNumber: order ? displayOrderNumber(order.orderNumber) : "",
    orderStatus: order?.status ?? "paid",
    version: status?.version ?? "",
    state: proof.state,
    dueAt: proof.dueAt.toISOString(),
    open: proofOpen(proof, now) && !ended,
    changes: proof.changes,
    token,
    piece: proofPieceOf(items.map((item) => item.kind)),
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

/** Longest side of a panel's photo picture (when it has no twin): enough for the card and the e-mail. */
const PICTURE_SIDE_PX = 800;

/**
 * A panel's picture as the card and the e-mail show it: its twin (the print file simulated,
 * lit from behind) when made and current, else its photo cut to its crop. Null when neither.
 */
export async function proofPicture(
  db: DbOrTx,
  storage: Pick<Storage, "keyFromUrl" | "publicUrl" | "get">,
  orderId: string,
  itemId: string,
  panelIndex: number,
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string } | null> {
  const [job] = await db
    .select({ twinKey: printJobs.twinKey, status: printJobs.status })
    .from(printJobs)
    .where(
      and(
        eq(printJobs.orderId, orderId),
        eq(printJobs.orderItemId, itemId),
        eq(printJobs.panelIndex, panelIndex),
      ),
    )
    .limit(1);
  if (job?.twinKey && job.status === "done") {
    const twin = await storage.get(job.twinKey);
    if (twin) return { body: new Uint8Array(twin.body), contentType: "image/png" };
  }
  // A cylinder (the lamp) is shown unrolled and lit, from every photo at its crop, not one photo.
  const [item] = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
    .limit(1);
  if (item && productTypeOf(item.kind).printForm === "cylinder")
    return lampProofPicture(db, storage, item).catch(() => null);
  return panelCropPicture(db, storage, orderId, itemId, panelIndex);
}

/**
 * A panel's photo cut to its crop as it is now (the customer's latest, else centred), as the
 * print file cuts it: the proof's picture before its twin exists, and the owner's crop preview,
 * which follows a re-crop (issue 47 item 9).
 */
export async function panelCropPicture(
  db: DbOrTx,
  storage: Pick<Storage, "keyFromUrl" | "publicUrl" | "get">,
  orderId: string,
  itemId: string,
  panelIndex: number,
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string } | null> {
  const [item] = await db
    .select()
    .from(orderItems)
    .where(and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)))
    .limit(1);
  if (!item || panelIndex >= linePanelCount(item)) return null;
  const photo = await panelPhoto(db, storage, item, panelIndex);
  const key = photo ? shopImageKey(storage, photo.url) : null;
  const file = key ? await storage.get(key) : null;
  if (!photo || !file) return null;
  const sharp = await loadSharp();
  const image = sharp(file.body, { failOn: "none" }).rotate();
  const { width = photo.width, height = photo.height } = await image.metadata();
  // No crop: the panel is cut centred to its shape's proportions, as the print file is.
  const crop = panelCropPixels(item, panelIndex) ?? centredCrop(photo, item);
  // The crop is in the original's pixels; the stored picture may be its smaller preview.
  const scale = width / photo.width;
  const area = crop
    ? {
        left: Math.max(0, Math.floor(crop.x * scale)),
        top: Math.max(0, Math.floor(crop.y * scale)),
        width: Math.max(1, Math.min(width - Math.floor(crop.x * scale), Math.round(crop.width * scale))),
        height: Math.max(1, Math.min(height - Math.floor(crop.y * scale), Math.round(crop.height * scale))),
      }
    : null;
  const cut = area ? image.extract(area) : image;
  const body = await cut
    .resize(PICTURE_SIDE_PX, PICTURE_SIDE_PX, { fit: "inside", withoutEnlargement: true })
    .jpeg({ quality: 82 })
    .toBuffer();
  return { body: new Uint8Array(body), contentType: "image/jpeg" };
}

/** Changes whenever any photo's crop on a lamp line does. */
function lampCropsVersion(item: Pick<OrderItemRow, "config" | "additionalImages">): string {
  const extras = Array.isArray(item.additionalImages) ? item.additionalImages.length : 0;
  return Array.from({ length: extras + 1 }, (_, i) => panelCropVersion(item, i)).join("_");
}

/** Changes whenever the panel's crop does: the owner's crop preview address carries it. */
export function panelCropVersion(item: Pick<OrderItemRow, "config">, panelIndex: number): string {
  const crop = panelCropPixels(item, panelIndex);
  return crop ? [crop.x, crop.y, crop.width, crop.height].map((n) => Math.round(n)).join("-") : "centred";
}

/** The largest area of the photo with the panel's proportions, in its middle. */
function centredCrop(photo: { width: number; height: number }, item: OrderItemRow): CropPixels {
  const shapeId = typeof item.config.shapeId === "string" ? item.config.shapeId : item.shape;
  const ratio = aspectRatioValue(aspectRatioForShape(shapeId));
  const width = Math.min(photo.width, photo.height * ratio);
  const height = width / ratio;
  return { x: (photo.width - width) / 2, y: (photo.height - height) / 2, width, height };
}

/**
 * Whether every panel's picture exists (the proof e-mail may go), as a condition on
 * order_proofs: each panel's print file is made (with its twin, when the twin runs), or failed
 * (the owner is told; the photo stands in), or was never queued (a test order's files are made
 * on request only).
 */
export function proofPicturesReady(): SQL {
  return notExists(
    sql`(select 1 from ${printJobs} where ${printJobs.orderId} = ${orderProofs.orderId} and ${printJobs.status} in ('pending', 'running'))`,
  );
}

/** Every panel's picture for the e-mail: absolute URLs on the shop, through the proof's token. */
export function proofEmailPictures(
  config: Pick<Config, "authSecret" | "publicUrl">,
  proof: ProofRow,
  lines: readonly OrderItemRow[],
): ProofEmailPicture[] {
  const token = tokenOfProof(config, proof);
  return lines.flatMap((item, index) =>
    Array.from({ length: linePanelCount(item) }, (_, panelIndex) => ({
      src: `${config.publicUrl}${proofPictureUrl(token, item.id, panelIndex, "mail")}`,
      caption: `${PROOF_TEXTS.bundlePanel(productTypeOf(item.kind).proofName, index + 1, lines.length, panelIndex + 1, linePanelCount(item))} · ${item.size}`,
    })),
  );
}

/**
 * In the payment's transaction (the lifecycle's "proof-request" effect): the proof starts when
 * the owner's setting is on and the order has a lithophane, with one row per panel of every
 * line (decision 351). No e-mail yet: it goes once every panel's picture exists
 * (queueReadyProofEmails, the proof sweep). Answers whether a proof was started.
 */
export async function startProof(
  tx: Tx,
  order: typeof orders.$inferSelect,
  /** The order's lines, as the payment's transaction read them once for its steps. */
  lines: readonly OrderItemRow[],
  now = new Date(),
): Promise<boolean> {
  const panels = lines
    .filter((item) => productTypeOf(item.kind).printedByShop)
    .flatMap((item) =>
      Array.from({ length: linePanelCount(item) }, (_, panelIndex) => ({ item, panelIndex })),
    );
  if (panels.length === 0) return false;
  const settings = await getProofSettings(tx);
  if (!settings.enabled) return false;
  const at = now.toISOString();
  // The proof, its panels and its line on the order's timeline, in one round trip: a payment
  // makes every step of its transaction wait for the one before.
  const started = await tx.execute<{ created: number }>(sql`with proof as (
      insert into ${orderProofs} (order_id, state, due_at, created_at, updated_at)
      values (${order.id}, 'awaiting', ${proofDueAt(now, settings.windowHours).toISOString()}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
      on conflict do nothing
      returning order_id
    ), panels as (
      insert into ${orderProofPanels} (order_id, order_item_id, panel_index, created_at, updated_at)
      select proof.order_id, p.item_id, p.panel_index, ${at}::timestamptz, ${at}::timestamptz
        from proof, (values ${sql.join(
          panels.map(({ item, panelIndex }) => sql`(${item.id}::uuid, ${panelIndex}::int)`),
          sql`, `,
        )}) as p(item_id, panel_index)
    ), history as (
      -- On the order's timeline (written here: transitions.ts calls this, so it cannot be imported).
      insert into ${orderStatusHistory} (order_id, from_status, to_status, changed_by, note, created_at)
      select proof.order_id, ${order.status}, ${order.status}, ${CHANGED_BY.system}, ${PROOF_ADMIN_TEXTS.startedNote}, ${at}::timestamptz
        from proof
    )
    select count(*)::int as created from proof`);
  // Both drivers (pg, PGlite) answer an execute with its rows in `rows`.
  return ((started as unknown as { rows: Array<{ created: number }> }).rows[0]?.created ?? 0) > 0;
}

/** The owner's proof settings, saved and audited. */
export async function saveProofSettings(
  host: WorkflowHost,
  actor: AuditActor,
  settings: ProofSettings,
): Promise<void> {
  await runWorkflow(
    host,
    async (tx) => {
      const before = await getProofSettings(tx);
      await setProofSettings(tx, settings);
      return { audit: { oldValues: { ...before } } };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "settings.proofs",
          tableName: "system_settings",
          recordId: "proof_approval",
          newValues: settings,
        },
      },
    },
  );
}
