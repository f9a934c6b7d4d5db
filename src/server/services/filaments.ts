/**
 * Filaments and their calibrated attenuation k (issue 19 item 3, decision 071). The admin
 * Calibration screen edits them (routes/admin/calibration.ts); print jobs record the active
 * filament's k when queued (print-jobs.ts) and the catalogue hands it to the creator's preview.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import {
  attenuationFromReading,
  type CalibrationReading,
  calibrationReadingSchema,
  DEFAULT_ATTENUATION_PER_MM,
  DEFAULT_FILAMENT,
  type FilamentInput,
  type FilamentPatch,
  type FilamentView,
} from "@shared/calibration";
import { asc, eq, sql } from "drizzle-orm";
import { transmissionFromAttenuation } from "../../lithophane/tones.js";
import type { DbOrTx, Tx } from "../db/client.js";
import { filaments } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";

const M = ADMIN_MESSAGE_TEXTS.calibration;

export type FilamentRow = typeof filaments.$inferSelect;

/** What a print job and the preview need of the active filament. */
export interface ActiveFilament {
  name: string;
  attenuationPerMm: number;
}

export function filamentView(row: FilamentRow): FilamentView {
  const reading = calibrationReadingSchema.safeParse(row.calibration);
  return {
    id: row.id,
    name: row.name,
    colour: row.colour,
    attenuationPerMm: row.attenuationPerMm,
    transmissionPerMm: transmissionFromAttenuation(row.attenuationPerMm),
    active: row.active,
    calibration: reading.success ? reading.data : null,
    calibratedAt: row.calibratedAt ? row.calibratedAt.toISOString() : null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The audit log's picture of a filament (what an owner would compare). */
export function filamentSnapshot(row: FilamentRow) {
  return {
    name: row.name,
    colour: row.colour,
    attenuationPerMm: row.attenuationPerMm,
    active: row.active,
    calibration: row.calibration,
  };
}

export async function listFilaments(db: DbOrTx): Promise<FilamentView[]> {
  const rows = await db.select().from(filaments).orderBy(sql`${filaments.active} desc`, asc(filaments.name));
  return rows.map(filamentView);
}

/**
 * The active filament, or the built-in white PLA (k = DEFAULT_ATTENUATION_PER_MM) when the
 * owner has none active: prints keep today's look.
 */
export async function activeFilament(db: DbOrTx): Promise<ActiveFilament> {
  const [row] = await db
    .select({ name: filaments.name, attenuationPerMm: filaments.attenuationPerMm })
    .from(filaments)
    .where(eq(filaments.active, true))
    .limit(1);
  return row ?? { name: DEFAULT_FILAMENT.name, attenuationPerMm: DEFAULT_ATTENUATION_PER_MM };
}

async function lockFilament(tx: Tx, id: string): Promise<FilamentRow> {
  const [row] = await tx.select().from(filaments).where(eq(filaments.id, id)).limit(1).for("update");
  if (!row) throw new HttpError(404, "filament_not_found", M.notFound);
  return row;
}

async function refuseTakenName(tx: Tx, name: string, exceptId: string | null): Promise<void> {
  const [clash] = await tx
    .select({ id: filaments.id })
    .from(filaments)
    .where(sql`lower(${filaments.name}) = lower(${name})`)
    .limit(1);
  if (clash && clash.id !== exceptId) {
    throw new HttpError(409, "filament_name_taken", M.nameTaken);
  }
}

/** A new filament (inactive; the first one a shop has becomes active). */
export async function createFilament(tx: Tx, input: FilamentInput): Promise<FilamentRow> {
  await refuseTakenName(tx, input.name, null);
  const [{ count } = { count: 0 }] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(filaments)
    .where(eq(filaments.active, true));
  const [row] = await tx
    .insert(filaments)
    .values({ ...input, active: count === 0 })
    .returning();
  if (!row) throw new Error("filament was not inserted");
  return row;
}

/** Name, colour or a typed-in k (which clears the stored reading: k no longer comes from it). */
export async function updateFilament(
  tx: Tx,
  id: string,
  patch: FilamentPatch,
): Promise<{ before: FilamentRow; after: FilamentRow }> {
  const before = await lockFilament(tx, id);
  if (patch.name !== undefined) await refuseTakenName(tx, patch.name, id);
  const kChanged = patch.attenuationPerMm !== undefined && patch.attenuationPerMm !== before.attenuationPerMm;
  const [after] = await tx
    .update(filaments)
    .set({
      ...patch,
      ...(kChanged ? { calibration: null, calibratedAt: null } : {}),
      updatedAt: new Date(),
    })
    .where(eq(filaments.id, id))
    .returning();
  if (!after) throw new HttpError(404, "filament_not_found", M.notFound);
  return { before, after };
}

/** Makes `id` the one active filament. Returns the previously active one's id (or null). */
export async function activateFilament(
  tx: Tx,
  id: string,
): Promise<{ before: FilamentRow; after: FilamentRow; previousId: string | null }> {
  const before = await lockFilament(tx, id);
  const [previous] = await tx
    .update(filaments)
    .set({ active: false, updatedAt: new Date() })
    .where(sql`${filaments.active} and ${filaments.id} <> ${id}`)
    .returning({ id: filaments.id });
  const [after] = await tx
    .update(filaments)
    .set({ active: true, updatedAt: new Date() })
    .where(eq(filaments.id, id))
    .returning();
  if (!after) throw new HttpError(404, "filament_not_found", M.notFound);
  return { before, after, previousId: previous?.id ?? null };
}

export async function removeFilament(tx: Tx, id: string): Promise<FilamentRow> {
  const row = await lockFilament(tx, id);
  if (row.active) throw new HttpError(409, "filament_active", M.activeCannotBeRemoved);
  await tx.delete(filaments).where(eq(filaments.id, id));
  return row;
}

/**
 * The owner's wedge reading -> k (attenuationFromReading), stored with the reading. A reading
 * that gives an impossible k is refused with 422 and changes nothing.
 */
export async function calibrateFilament(
  tx: Tx,
  id: string,
  reading: CalibrationReading,
): Promise<{ before: FilamentRow; after: FilamentRow }> {
  const before = await lockFilament(tx, id);
  const computed = attenuationFromReading(reading);
  if (!computed.ok) {
    throw new HttpError(422, "calibration_out_of_range", computed.message);
  }
  const [after] = await tx
    .update(filaments)
    .set({
      attenuationPerMm: computed.attenuationPerMm,
      calibration: reading,
      calibratedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(filaments.id, id))
    .returning();
  if (!after) throw new HttpError(404, "filament_not_found", M.notFound);
  return { before, after };
}
