/**
 * The owner's filaments and colour printer from the Calibration screen, each an audited workflow
 * (issue 49 item 1): the routes validate and call these.
 */
import type { CalibrationReading, FilamentInput, FilamentPatch } from "@shared/calibration";
import type { ColourPrinterInput } from "@shared/colour-printer";
import { defineAuditedWorkflow } from "../platform/index.js";
import { invalidateCatalog } from "./catalog-cache.js";
import {
  activateFilament,
  calibrateFilament,
  colourPrinterSnapshot,
  createFilament,
  filamentSnapshot,
  removeFilament,
  setColourPrinter,
  updateFilament,
} from "./filaments.js";

/** The colour printer's four spools, set together; the creator's preview reads them from the catalogue. */
export const setColourPrinterAsAdmin = defineAuditedWorkflow({
  entry: (input: ColourPrinterInput) => ({
    actionType: "colour_printer.update",
    tableName: "filaments",
    newValues: input,
  }),
  steps: async (tx, input) => {
    const { before, after } = await setColourPrinter(tx, input);
    return {
      result: after,
      audit: {
        oldValues: { slots: colourPrinterSnapshot(before) },
        newValues: { slots: colourPrinterSnapshot(after) },
      },
    };
  },
  finally: (host) => invalidateCatalog(host.database.db),
});

export const createFilamentAsAdmin = defineAuditedWorkflow({
  entry: (input: FilamentInput) => ({
    actionType: "filament.create",
    tableName: "filaments",
    newValues: input,
  }),
  steps: async (tx, input) => {
    const row = await createFilament(tx, input);
    return { result: row, audit: { recordId: row.id, newValues: filamentSnapshot(row) } };
  },
});

export const updateFilamentAsAdmin = defineAuditedWorkflow({
  entry: ({ id, patch }: { id: string; patch: FilamentPatch }) => ({
    actionType: "filament.update",
    tableName: "filaments",
    recordId: id,
    newValues: patch,
  }),
  steps: async (tx, { id, patch }) => {
    const { before, after } = await updateFilament(tx, id, patch);
    return {
      result: after,
      audit: { oldValues: filamentSnapshot(before), newValues: filamentSnapshot(after) },
    };
  },
});

export const activateFilamentAsAdmin = defineAuditedWorkflow({
  entry: (id: string) => ({ actionType: "filament.activate", tableName: "filaments", recordId: id }),
  steps: async (tx, id) => {
    const { before, after, previousId } = await activateFilament(tx, id);
    return {
      result: after,
      audit: {
        oldValues: { ...filamentSnapshot(before), previouslyActiveId: previousId },
        newValues: filamentSnapshot(after),
      },
    };
  },
});

export const calibrateFilamentAsAdmin = defineAuditedWorkflow({
  entry: ({ id, reading }: { id: string; reading: CalibrationReading }) => ({
    actionType: "filament.calibrate",
    tableName: "filaments",
    recordId: id,
    newValues: { reading },
  }),
  steps: async (tx, { id, reading }) => {
    const { before, after } = await calibrateFilament(tx, id, reading);
    return {
      result: after,
      audit: {
        oldValues: { attenuationPerMm: before.attenuationPerMm, calibration: before.calibration },
        newValues: { attenuationPerMm: after.attenuationPerMm, calibration: reading },
      },
    };
  },
});

export const removeFilamentAsAdmin = defineAuditedWorkflow({
  entry: (id: string) => ({ actionType: "filament.delete", tableName: "filaments", recordId: id }),
  steps: async (tx, id) => {
    const row = await removeFilament(tx, id);
    return { result: row, audit: { oldValues: filamentSnapshot(row) } };
  },
});
