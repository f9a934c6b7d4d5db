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
  DEFAULT_SCATTER_PER_MM,
  type FilamentInput,
  type FilamentPatch,
  type FilamentView,
  scatterFromCalibration,
} from "@shared/calibration";
import {
  COLOUR_ROLES,
  type ColourPrinterInput,
  type ColourPrinterView,
  type ColourSlot,
  channelAttenuationFromReading,
  channelAttenuationSchema,
  channelReadingSchema,
  colourFilamentsOf,
  colourPrinterView,
  DEFAULT_COLOUR_SET,
  isColourRole,
} from "@shared/colour-printer";
import { asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { validateColourFilaments } from "../../lithophane/colour/filaments.js";
import { isLithophaneError } from "../../lithophane/errors.js";
import { transmissionFromAttenuation } from "../../lithophane/tones.js";
import type { DbOrTx, Tx } from "../db/client.js";
import { filaments } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";

const M = ADMIN_MESSAGE_TEXTS.calibration;
const C = ADMIN_MESSAGE_TEXTS.colourPrinter;

export type FilamentRow = typeof filaments.$inferSelect;

/** What a print job and the preview need of the active filament. */
export interface ActiveFilament {
  name: string;
  attenuationPerMm: number;
  /** Its scattering for the light model: the photo calibration's, else the fitted default (decision 338). */
  scatterPerMm: number;
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
    colourRole: row.colourRole,
    extruder: row.extruder,
    channelAttenuation: row.channelAttenuation,
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
    .select({
      name: filaments.name,
      attenuationPerMm: filaments.attenuationPerMm,
      calibration: filaments.calibration,
    })
    .from(filaments)
    .where(eq(filaments.active, true))
    .limit(1);
  if (!row) {
    return {
      name: DEFAULT_FILAMENT.name,
      attenuationPerMm: DEFAULT_ATTENUATION_PER_MM,
      scatterPerMm: DEFAULT_SCATTER_PER_MM,
    };
  }
  return {
    name: row.name,
    attenuationPerMm: row.attenuationPerMm,
    scatterPerMm: scatterFromCalibration(row.calibration),
  };
}

/**
 * The scattering of the filament a job was queued with (by its name), for the twin: its photo
 * calibration's, else the fitted default.
 */
export async function filamentScatterPerMm(db: DbOrTx, name: string | null): Promise<number> {
  if (!name) return DEFAULT_SCATTER_PER_MM;
  const [row] = await db
    .select({ calibration: filaments.calibration })
    .from(filaments)
    .where(eq(filaments.name, name))
    .orderBy(sql`${filaments.active} desc`)
    .limit(1);
  return row ? scatterFromCalibration(row.calibration) : DEFAULT_SCATTER_PER_MM;
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

/** The filament's name (its wedge file is made for it), or null when there is no such filament. */
export async function filamentName(db: DbOrTx, id: string): Promise<string | null> {
  const [row] = await db
    .select({ name: filaments.name })
    .from(filaments)
    .where(eq(filaments.id, id))
    .limit(1);
  return row?.name ?? null;
}

export async function removeFilament(tx: Tx, id: string): Promise<FilamentRow> {
  const row = await lockFilament(tx, id);
  if (row.active) throw new HttpError(409, "filament_active", M.activeCannotBeRemoved);
  if (row.colourRole) throw new HttpError(409, "filament_in_colour_printer", M.inColourPrinter);
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

// ---------------------------------------------------------------------------------------------
// The colour printer (issue 22, decision 106): four spools, one per role, each on an extruder.

function slotOf(row: FilamentRow): ColourSlot | null {
  if (!isColourRole(row.colourRole) || row.extruder === null) return null;
  const stored = row.channelAttenuation ?? {};
  const k = channelAttenuationSchema.safeParse(stored);
  const reading = channelReadingSchema.safeParse((stored as { reading?: unknown }).reading);
  return {
    role: row.colourRole,
    filamentId: row.id,
    name: row.name,
    colour: row.colour,
    extruder: row.extruder,
    // A spool set without channel k (never written by the API) prints at its grey k.
    attenuationPerMm: k.success
      ? k.data
      : { r: row.attenuationPerMm, g: row.attenuationPerMm, b: row.attenuationPerMm },
    reading: reading.success ? reading.data : null,
  };
}

/** The colour printer's spools in role order, and the roles still missing. */
export async function colourPrinter(db: DbOrTx): Promise<ColourPrinterView> {
  const rows = await db.select().from(filaments).where(isNotNull(filaments.colourRole));
  return colourPrinterView(rows.flatMap((row) => slotOf(row) ?? []));
}

/** The audit log's picture of the colour printer. */
export function colourPrinterSnapshot(view: ColourPrinterView) {
  return view.slots.map((s) => ({
    role: s.role,
    filamentId: s.filamentId,
    name: s.name,
    extruder: s.extruder,
    attenuationPerMm: s.attenuationPerMm,
    reading: s.reading,
  }));
}

/**
 * Sets the four spools at once (in `tx`): every role and extruder is cleared, then each slot's
 * filament takes its role, extruder and k per channel (computed from the reading when one is
 * given). A reading giving an impossible k is refused (422) and changes nothing.
 */
export async function setColourPrinter(
  tx: Tx,
  input: ColourPrinterInput,
): Promise<{ before: ColourPrinterView; after: ColourPrinterView }> {
  const before = await colourPrinter(tx);
  const ids = input.slots.map((s) => s.filamentId);
  const found = await tx
    .select({ id: filaments.id, name: filaments.name, colour: filaments.colour })
    .from(filaments)
    .where(inArray(filaments.id, ids))
    .for("update");
  if (found.length !== ids.length) throw new HttpError(404, "filament_not_found", C.filamentNotFound);
  const resolved = input.slots.map((slot) => {
    if (slot.reading) {
      const computed = channelAttenuationFromReading(slot.reading);
      if (!computed.ok) throw new HttpError(422, "calibration_out_of_range", computed.message);
      return { slot, k: computed.attenuationPerMm, reading: slot.reading };
    }
    // The schema refuses a slot with neither.
    const k = slot.attenuationPerMm ?? { r: 2, g: 2, b: 2 };
    return { slot, k, reading: null };
  });
  // The engine's own check: one spool per role, each coloured spool absorbing its own channel.
  const spool = new Map(found.map((row) => [row.id, row]));
  try {
    validateColourFilaments(
      colourFilamentsOf(
        resolved.map(({ slot, k }) => ({
          role: slot.role,
          name: spool.get(slot.filamentId)?.name ?? "",
          colour: spool.get(slot.filamentId)?.colour ?? "",
          extruder: slot.extruder,
          attenuationPerMm: k,
        })),
      ),
    );
  } catch (error) {
    if (isLithophaneError(error)) throw new HttpError(422, "colour_printer_invalid", error.message);
    throw error;
  }
  await tx
    .update(filaments)
    .set({ colourRole: null, extruder: null, updatedAt: new Date() })
    .where(isNotNull(filaments.colourRole));
  await tx.update(filaments).set({ extruder: null }).where(isNotNull(filaments.extruder));
  for (const { slot, k, reading } of resolved) {
    await tx
      .update(filaments)
      .set({
        colourRole: slot.role,
        extruder: slot.extruder,
        channelAttenuation: { r: k.r, g: k.g, b: k.b, ...(reading ? { reading } : {}) },
        updatedAt: new Date(),
      })
      .where(eq(filaments.id, slot.filamentId));
  }
  return { before, after: await colourPrinter(tx) };
}

/**
 * A fresh shop's colour printer (seed): when no spool holds a colour role, the default set
 * (DEFAULT_COLOUR_SET) is loaded, reusing a filament of the same name (the seeded White PLA)
 * and adding the others inactive. The owner replaces them with their own measured spools.
 */
export async function seedColourPrinter(tx: Tx): Promise<boolean> {
  const [held] = await tx
    .select({ id: filaments.id })
    .from(filaments)
    .where(isNotNull(filaments.colourRole))
    .limit(1);
  if (held) return false;
  for (const role of COLOUR_ROLES) {
    const spec = DEFAULT_COLOUR_SET[role];
    const [existing] = await tx
      .select({ id: filaments.id, extruder: filaments.extruder })
      .from(filaments)
      .where(sql`lower(${filaments.name}) = lower(${spec.name})`)
      .limit(1);
    const [taken] = await tx
      .select({ id: filaments.id })
      .from(filaments)
      .where(eq(filaments.extruder, spec.extruder))
      .limit(1);
    const fields = {
      colourRole: role,
      extruder: taken && taken.id !== existing?.id ? null : spec.extruder,
      channelAttenuation: { ...spec.attenuationPerMm },
    };
    if (existing) {
      await tx.update(filaments).set(fields).where(eq(filaments.id, existing.id));
    } else {
      await tx.insert(filaments).values({
        name: spec.name,
        colour: spec.colour,
        attenuationPerMm: DEFAULT_ATTENUATION_PER_MM,
        active: false,
        ...fields,
      });
    }
  }
  return true;
}
