/**
 * The admin Calibration screen's API (issue 19; /api/admin/filaments, see
 * src/server/routes/admin/calibration.ts): filaments, readings and the step wedge download.
 */
import type { CalibrationReading, FilamentInput, FilamentPatch } from "@shared/calibration";
import type { CalibrationScreenAnswer, ColourPrinterInput } from "@shared/colour-printer";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@web/lib/http/client";
import { adminQueries } from "./queries";

export type { FilamentView } from "@shared/calibration";
export type { CalibrationScreenAnswer } from "@shared/colour-printer";

export function fetchCalibration(): Promise<CalibrationScreenAnswer> {
  return ok(api.admin.filaments.$get());
}

/** The colour printer's four spools (issue 22), saved together. */
export function saveColourPrinter(input: ColourPrinterInput) {
  return ok(api.admin["colour-printer"].$put({ json: input }));
}

export function addFilament(input: Partial<FilamentInput> & Pick<FilamentInput, "name" | "colour">) {
  return ok(api.admin.filaments.$post({ json: input }));
}

export function updateFilament(id: string, patch: FilamentPatch) {
  return ok(api.admin.filaments[":id"].$patch({ param: { id }, json: patch }));
}

export function activateFilament(id: string) {
  return ok(api.admin.filaments[":id"].activate.$post({ param: { id } }));
}

export function removeFilament(id: string) {
  return ok(api.admin.filaments[":id"].$delete({ param: { id } }));
}

/** The photo of the lit wedge measured (issue 32): the fit, not yet saved. */
export function measureWedgePhoto(id: string, photo: File) {
  return ok(api.admin.filaments[":id"]["photo-fit"].$post({ param: { id }, form: { photo } }));
}

export function calibrateFilament(id: string, reading: CalibrationReading) {
  return ok(api.admin.filaments[":id"].calibration.$post({ param: { id }, json: { reading } }));
}

/** The wedge's download address (a plain link: the browser saves the 3MF). */
export function wedgeDownloadUrl(id: string): string {
  return `/api/admin/filaments/${encodeURIComponent(id)}/wedge.3mf`;
}

export const calibrationQueries = {
  all: () =>
    queryOptions({ queryKey: [...adminQueries.all, "filaments"] as const, queryFn: fetchCalibration }),
};
