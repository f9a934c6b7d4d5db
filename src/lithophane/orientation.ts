/**
 * Which way round a picture of the panel reads (issue 44 item 1): the one rule every picture that
 * shows how a panel will look goes through (the twin and its preview, the CLI's render and
 * simulate, the heightmap's own mirroring of the photo).
 *
 * The customer looks at the panel's front with the light behind it. Model space has x to the
 * right and y up as seen from +z, the relief side. A flat-front panel (the shop's panels) is
 * seen from -z, through the flat face: what reads correctly to the customer is mirrored
 * left-right in model space, and a picture drawn from model space must be mirrored back. A
 * relief-front panel (the calibration wedge) is seen from +z, as model space is drawn.
 *
 * The print is right as it is: the upright transform (print-project.ts) turns the flat face to
 * the front of the bed, and the creator's 3D view turns the flat face to its camera; both show
 * the physical panel, so neither mirrors anything.
 */
import type { FrontFace } from "./params";

/** The photo is mirrored left-right in model space: the panel is seen from -z (its flat face). */
export function mirroredInModelSpace(front: FrontFace): boolean {
  return front === "flat";
}

/**
 * The model-space column (0..nx-1, x growing) a picture's column shows, for the panel as the
 * customer sees it from its front.
 */
export function modelColumnAsSeen(column: number, nx: number, front: FrontFace): number {
  return mirroredInModelSpace(front) ? nx - 1 - column : column;
}
