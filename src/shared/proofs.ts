/**
 * The proof (issue 32): every print file is checked by its G-code twin, and the customer approves
 * what their panel will look like before it is printed.
 *
 * - The twin check: a job whose twin disagrees with the creator's preview (SSIM under, or mean
 *   |ΔL*| over, the thresholds below) is held for the owner instead of going to the printer.
 * - The customer's proof: after payment (when the owner's setting is on) the order waits for the
 *   customer's approval, or a new crop, within a window the owner sets; when the window ends the
 *   proof is approved by itself. No panel of the order is printed before.
 */

import { z } from "zod";
import { type ProofPiece, productTypeOf } from "./product-types";
import type { OrderStatus } from "./statuses";

/**
 * The twin agrees with the preview when SSIM >= minSsim and mean |ΔL*| <= maxDeltaL. Measured on
 * intact files (decision 320): monochrome SSIM 0.905-0.939 and |ΔL*| 2.15-2.88 on the five shapes;
 * colour SSIM 0.85, |ΔL*| 3.4 (the dithered layers' stipple). The margins below leave room for
 * those, and none for a missing layer band or a thin region (SSIM 0.6-0.8, |ΔL*| 6+).
 */
export const TWIN_THRESHOLDS = {
  upright: { minSsim: 0.85, maxDeltaL: 4 },
  flat: { minSsim: 0.7, maxDeltaL: 6 },
  /** A cylinder's unrolled twin (the lamp, decision 357: SSIM 0.982-0.986 on intact files). */
  cylinder: { minSsim: 0.85, maxDeltaL: 4 },
} as const;

export type TwinMode = keyof typeof TWIN_THRESHOLDS;

/** The twin check of one print job: off (no slicer, or turned off), waiting, agreed, held, or failed to run. */
export const TWIN_STATUSES = ["off", "pending", "passed", "flagged", "accepted", "failed"] as const;
export type TwinStatus = (typeof TWIN_STATUSES)[number];

/** Whether the twin agrees with the preview (false: the job is held for the owner). */
export function twinAgrees(mode: TwinMode, figures: { ssim: number; meanDeltaL: number }): boolean {
  const limits = TWIN_THRESHOLDS[mode];
  return (
    Number.isFinite(figures.ssim) &&
    Number.isFinite(figures.meanDeltaL) &&
    figures.ssim >= limits.minSsim &&
    figures.meanDeltaL <= limits.maxDeltaL
  );
}

/** A job held by its twin: flagged and not yet accepted by the owner. */
export function heldByTwin(status: string | null): boolean {
  return status === "flagged";
}

// ---------------------------------------------------------------------------- the customer's proof

export const PROOF_STATES = ["awaiting", "changed", "approved", "auto_approved"] as const;
export type ProofState = (typeof PROOF_STATES)[number];

/** The owner's setting: on by default, with a 48-hour window. */
export const DEFAULT_PROOF_WINDOW_HOURS = 48;
export const MIN_PROOF_WINDOW_HOURS = 1;
export const MAX_PROOF_WINDOW_HOURS = 336;

export interface ProofSettings {
  enabled: boolean;
  windowHours: number;
}

export const DEFAULT_PROOF_SETTINGS: ProofSettings = {
  enabled: true,
  windowHours: DEFAULT_PROOF_WINDOW_HOURS,
};

/** The stored setting (JSON) read leniently: missing or unreadable means the default. */
export function parseProofSettings(stored: string | null | undefined): ProofSettings {
  if (stored == null) return { ...DEFAULT_PROOF_SETTINGS };
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== "object" || value === null) return { ...DEFAULT_PROOF_SETTINGS };
    const { enabled, windowHours } = value as Record<string, unknown>;
    const hours =
      typeof windowHours === "number" &&
      Number.isInteger(windowHours) &&
      windowHours >= MIN_PROOF_WINDOW_HOURS &&
      windowHours <= MAX_PROOF_WINDOW_HOURS
        ? windowHours
        : DEFAULT_PROOF_WINDOW_HOURS;
    return { enabled: enabled !== false, windowHours: hours };
  } catch {
    return { ...DEFAULT_PROOF_SETTINGS };
  }
}

/** When a proof started at `at` approves itself. */
export function proofDueAt(at: Date, windowHours: number): Date {
  return new Date(at.getTime() + windowHours * 3_600_000);
}

/** The customer may still approve or change the crop: waiting, and the window not over. */
export function proofOpen(proof: { state: ProofState; dueAt: Date }, now: Date): boolean {
  return (proof.state === "awaiting" || proof.state === "changed") && now.getTime() < proof.dueAt.getTime();
}

/** A proof panel's step is decided: approved by the customer or by the sweep. */
export function proofDecided(state: ProofState): boolean {
  return state === "approved" || state === "auto_approved";
}

/**
 * The proof's state from its panels' (decision 351): decided once every panel is (auto-approved
 * when the sweep decided any of them), "changed" while a re-cropped panel waits, else awaiting.
 */
export function proofStateOfPanels(states: readonly ProofState[]): ProofState {
  if (states.length > 0 && states.every(proofDecided))
    return states.includes("auto_approved") ? "auto_approved" : "approved";
  return states.includes("changed") ? "changed" : "awaiting";
}

/** How many times the customer may change one panel's crop through the proof (issue 46 item 5). */
export const MAX_PROOF_CROP_CHANGES = 3;

/**
 * The smallest crop side a proof takes, in the photo's pixels: far below what prints sharply (a
 * 10 cm panel wants 400+), so only a nonsense crop is refused at the edge.
 */
export const MIN_PROOF_CROP_SIDE_PX = 64;
/** The largest value a crop can hold: the side of the biggest photo an upload may have. */
export const MAX_PROOF_CROP_PX = 50_000;

const cropSide = z
  .number()
  .finite()
  .min(
    MIN_PROOF_CROP_SIDE_PX,
    "The crop is too small for a sharp print. Please choose a larger area of your photo.",
  )
  .max(MAX_PROOF_CROP_PX);
const cropOffset = z.number().finite().min(0).max(MAX_PROOF_CROP_PX);

/** A proof's new crop at the edge (issue 46 item 5): finite, inside a photo's possible size, not tiny. */
export const proofCropSchema = z.object({
  cropPixels: z.object({ x: cropOffset, y: cropOffset, width: cropSide, height: cropSide }),
  /** The cropper's own position (react-easy-crop): percentages of the frame and a zoom. */
  crop: z.object({
    x: z.number().finite().min(-1000).max(1000),
    y: z.number().finite().min(-1000).max(1000),
    zoom: z.number().finite().min(1).max(10),
  }),
});

/** The customer may change this panel's crop again: under the cap. */
export function proofCropChangesLeft(changes: number): number {
  return Math.max(0, MAX_PROOF_CROP_CHANGES - changes);
}

/**
 * Minutes one panel's print file and picture take on the shop's 2-core server (issue 44: 11.1 and
 * 12.1 minutes measured for a 6x8" panel, file and twin); the card's estimate while it waits.
 */
export const PROOF_PICTURE_MINUTES_PER_PANEL = 12;

/**
 * The wait the card announces ("about N minutes"): the panels still being made, one after the
 * other as the shop's single print worker makes them, each counted by the share left.
 */
export function proofWaitMinutes(making: ReadonlyArray<{ progress: number }>): number {
  const left = making.reduce((sum, panel) => sum + (1 - Math.min(1, Math.max(0, panel.progress))), 0);
  return Math.max(1, Math.ceil(left * PROOF_PICTURE_MINUTES_PER_PANEL));
}

/** The order may go to the printer: no proof, or an approved one. */
export function proofAllowsPrinting(state: ProofState | null): boolean {
  return state === null || state === "approved" || state === "auto_approved";
}

/**
 * How the proof card watches the proof (issue 44 item 3): it asks for the proof's status every
 * PROOF_POLL_SECONDS while the proof is open (an ETag answer, 304 while nothing changed) and
 * fetches the whole proof only when the status changes. The status has its own limit per client
 * address, sized for a household: ten open tabs (order page, track page, the e-mail's link, on
 * several devices behind one address) polling for the whole window use a quarter of it.
 */
export const PROOF_POLL_SECONDS = 5;
export const PROOF_STATUS_LIMIT_PER_MINUTE = 480;
/** The proof's other requests (the whole proof, its pictures, Approve, Change crop) per client a minute. */
export const PROOF_VIEW_LIMIT_PER_MINUTE = 120;

/**
 * The proof card's line under its title, from the proof and the order as they are now: an
 * approval says what happens next until the order moves on, then what happened (a dispatched
 * order no longer says "we print your panel next"); an open proof that changed asks again.
 */
export function proofOutcomeText(
  proof: { state: ProofState; open: boolean; piece: ProofPiece },
  orderStatus: OrderStatus,
): string | null {
  const { piece } = proof;
  if (orderStatus === "cancelled" || orderStatus === "refunded") return PROOF_TEXTS.orderCancelled;
  if (orderStatus === "delivered") return PROOF_TEXTS.approvedDelivered(piece);
  if (orderStatus === "dispatched" || orderStatus === "in_transit")
    return PROOF_TEXTS.approvedDispatched(piece);
  if (orderStatus === "printing" && proofDecided(proof.state)) return PROOF_TEXTS.approvedPrinting(piece);
  if (proof.state === "approved") return PROOF_TEXTS.approved(piece);
  if (proof.state === "auto_approved") return PROOF_TEXTS.autoApproved(piece);
  if (!proof.open) return PROOF_TEXTS.windowOver;
  if (proof.state === "changed") return PROOF_TEXTS.changed;
  return null;
}

/** Why a customer's proof action is refused (the workflow's answers). */
export type ProofRefusal = "decided" | "window_over" | "not_found";

export const PROOF_STATE_LABELS: Readonly<Record<ProofState, string>> = {
  awaiting: "Awaiting approval",
  changed: "Crop changed, awaiting approval",
  approved: "Approved",
  auto_approved: "Auto-approved",
};

export const TWIN_STATUS_LABELS: Readonly<Record<TwinStatus, string>> = {
  off: "No twin (PrusaSlicer off)",
  pending: "Twin: checking",
  passed: "Twin agrees",
  flagged: "Held: the twin disagrees with the preview",
  accepted: "Twin disagreed; printed anyway",
  failed: "Twin could not run",
};

/** The customer's texts: the order-page card, the proof page and the e-mail. */
/** A proof of lines of more than one type (a lightbox and a lamp): words for either. */
const MIXED_PIECE: ProofPiece = { one: "piece", many: "pieces", lit: "lit", made: "order", croppable: true };

/** The words of a proof of lines of these kinds: their type's when all are one type (issue 48). */
export function proofPieceOf(kinds: readonly string[]): ProofPiece {
  const pieces = [...new Set(kinds)].map((kind) => productTypeOf(kind).proofPiece);
  const [only] = pieces;
  return only && pieces.length === 1 ? only : MIXED_PIECE;
}

/** How the proof's picture was made: a panel's from the printer's instructions, a lamp's from its photos. */
const simulated = (piece: ProofPiece) =>
  piece.croppable
    ? "simulated from the printer's own instructions"
    : "from your photos as they will be printed";

export const PROOF_TEXTS = {
  title: (piece: ProofPiece) => `Your ${piece.one}, as it will glow`,
  intro: (deadline: string, panels: number, piece: ProofPiece) =>
    panels > 1
      ? `This is how your ${panels} ${piece.many} will look ${piece.lit}, ${simulated(piece)}. Approve each one${piece.croppable ? ", or change its crop," : ""} until ${deadline}; after that we print them as they are.`
      : `This is how your ${piece.one} will look ${piece.lit}, ${simulated(piece)}. Approve it${piece.croppable ? ", or change the crop," : ""} until ${deadline}; after that we print it as it is.`,
  previewNote: "Our printer simulation is still running: this is the preview from the creator for now.",
  /** No simulation to wait for (none runs, or it could not): the photo as the panel is cut. */
  photoNote: "This is your photo as it will be cut for the panel.",
  /** While a panel's print file and picture are made (issue 44 item 4). */
  simulating: (minutes: number) =>
    minutes <= 1
      ? "Simulating your print: about a minute left."
      : `Simulating your print: about ${minutes} minutes left.`,
  twinAlt: (panel: string) => `${panel}: simulated from the print file, lit from behind`,
  previewAlt: (panel: string) => `${panel}: the creator's preview`,
  panel: (itemNumber: number, itemCount: number) =>
    itemCount > 1 ? `Lightbox ${itemNumber} of ${itemCount}` : "Your lightbox",
  /**
   * A panel of a line with several (a bundle's): "Lightbox 1 of 2, panel 2 of 3" / "Panel 2 of 3";
   * `name` is the line's product type's ("Lightbox", "Lamp").
   */
  bundlePanel: (
    name: string,
    itemNumber: number,
    itemCount: number,
    panelNumber: number,
    panelCount: number,
  ) =>
    panelCount <= 1
      ? itemCount > 1
        ? `${name} ${itemNumber} of ${itemCount}`
        : `Your ${name.toLowerCase()}`
      : itemCount > 1
        ? `${name} ${itemNumber} of ${itemCount}, panel ${panelNumber} of ${panelCount}`
        : `Panel ${panelNumber} of ${panelCount}`,
  approve: "Approve",
  approveAll: "Approve all",
  approvePanel: (piece: ProofPiece) => `Approve this ${piece.one}`,
  panelApproved: "Approved",
  panelAutoApproved: "Approved (time to review ended)",
  panelChanged: "New crop: check the new picture, then approve",
  panelApprovedToast: (piece: ProofPiece) =>
    `${piece.one.charAt(0).toUpperCase()}${piece.one.slice(1)} approved`,
  cropChangesLeft: (left: number) =>
    left === 1 ? "You can change this crop once more." : `You can change this crop ${left} more times.`,
  tooManyCropChanges: `This panel's crop has been changed ${MAX_PROOF_CROP_CHANGES} times, the most a proof allows. Approve it, or write to us and we will help.`,
  /** A lamp's photos are placed in its creator: its proof is approved, not re-cropped. */
  cropNotOffered:
    "A lamp's photos are positioned in its creator, so its proof cannot change a crop. Write to us before the time to review ends and we will help.",
  cropTooSmall: "The crop is too small for a sharp print. Please choose a larger area of your photo.",
  approving: "Approving...",
  changeCrop: "Change crop",
  saveCrop: "Use this crop",
  savingCrop: "Saving...",
  cancel: "Cancel",
  position: "Position your photo in the frame",
  approved: (piece: ProofPiece) => `Approved: thank you! We print your ${piece.one} next.`,
  /** Once the order moved on (issue 47 item 9): the approval's words follow it. */
  approvedPrinting: (piece: ProofPiece) => `Approved: your ${piece.one} is being printed now.`,
  approvedDispatched: (piece: ProofPiece) => `Approved and printed: your ${piece.made} is on its way.`,
  approvedDelivered: (piece: ProofPiece) => `Approved and printed: your ${piece.made} has been delivered.`,
  orderCancelled: "This order was cancelled: nothing will be printed.",
  autoApproved: (piece: ProofPiece) =>
    `Approved: the time to review ended, so we print your ${piece.one} as shown.`,
  changed: "Thank you: we are making your panel again with the new crop. Check it here and approve it.",
  cropSaved: "New crop saved",
  approvedToast: "Proof approved",
  decided: "This proof is already approved.",
  panelDecided: "This panel is already approved.",
  windowOver: "The time to review this proof has ended; we print it as shown.",
  tooManyRequests: "You are checking this proof very often. Please wait a minute and try again.",
  invalid: "This link is not valid. Please use the link in our latest e-mail.",
  expired: "This link has expired. Please open your order from your account or write to us.",
  pageTitle: "Approve your proof",
  emailSubject: (orderNumber: string, piece: ProofPiece) =>
    `Your ${piece.one}, as it will glow: please approve order #${orderNumber}`,
  emailIntro: (orderNumber: string, deadline: string, panels: number, piece: ProofPiece) =>
    `Before we print order #${orderNumber}, here is how ${panels > 1 ? `your ${panels} ${piece.many}` : `your ${piece.one}`} will look ${piece.lit}, ${simulated(piece)}. Please approve ${panels > 1 ? "them" : "it"}${piece.croppable ? ", or change the crop," : ""} until ${deadline}.`,
  emailApprove: (panels: number) => (panels > 1 ? "Approve all" : "Approve"),
  emailChangeCrop: "Change crop",
  emailAfter: "If we do not hear from you by then, we print it as shown.",
} as const;

/** The owner's texts: the print queue's proof states, the twin's hold, the setting. */
export const PROOF_ADMIN_TEXTS = {
  proofTitle: "Customer's proof",
  noProof: "No proof asked (the setting was off when the order was paid).",
  state: (label: string) => `Proof: ${label}`,
  dueBy: (deadline: string) => `Auto-approved on ${deadline} if the customer does not answer.`,
  decidedAt: (deadline: string) => `Decided on ${deadline}.`,
  changes: (count: number) =>
    count === 1 ? "The customer changed the crop once." : `The customer changed the crop ${count} times.`,
  doNotPrint: "Do not print yet: the customer has not approved the proof.",
  startedNote: "Proof started: its e-mail goes once every panel's picture is made",
  mailedNote: (hours: number) =>
    `Proof sent to the customer: awaiting approval (auto-approved after ${hours} h)`,
  printRemaking:
    "A print file is being made again after the customer's new crop: print once it is ready and approved.",
  panelState: (label: string, state: string) => `${label}: ${state}`,
  panelLabel: (itemNumber: number, panelNumber: number, panelCount: number) =>
    panelCount > 1 ? `Lightbox ${itemNumber}, panel ${panelNumber}` : `Lightbox ${itemNumber}`,
  notMailed: "Its e-mail goes once every panel's picture is made; the time to approve starts then.",
  printWaiting: "The customer has not approved the proof yet: print once it is approved (or auto-approved).",
  printHeld:
    "A print file is held: its twin disagrees with the preview. Compare the pictures, then print it anyway or make it again.",
  twinHeading: "Preview (left) and the printer's twin (right)",
  twinFigures: (ssim: number, deltaL: number) => `SSIM ${ssim.toFixed(3)}, mean |ΔL*| ${deltaL.toFixed(2)}`,
  previewAlt: (label: string) => `${label}: the creator's preview`,
  twinAlt: (label: string) => `${label}: the G-code twin`,
  printAnyway: "Print anyway",
  accepted: "Held file released for printing",
  notHeld: "This print file is not held.",
  settingTitle: "Customer proofs",
  settingEnabled: "Ask each customer to approve a proof of their panel after payment",
  settingHours: "Hours to approve before it is approved by itself",
  settingSaved: "Proof setting saved",
} as const;
