/**
 * The owner's printers (issue 48 item 3), kept as JSON in system_settings. A size on sale must
 * fit one of them: enabling a size that none can print is refused with the reason, and so is a
 * change of printers that would leave a size on sale with no printer for it.
 */
import { SIZED_OPTION_TYPES } from "@shared/options";
import {
  PRINTER_TEXTS,
  type PrinterProfile,
  panelFitProblem,
  parsePrinters,
  printerFor,
} from "@shared/printers";
import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx, Tx } from "../db/client.js";
import { productOptions } from "../db/schema.js";
import { HttpError } from "../lib/validation.js";
import {
  type AuditActor,
  readJsonSetting,
  runWorkflow,
  type WorkflowHost,
  writeSetting,
} from "../platform/index.js";

export const PRINTERS_KEY = "printers";

export async function getPrinters(db: DbOrTx): Promise<PrinterProfile[]> {
  return readJsonSetting(db, PRINTERS_KEY, parsePrinters);
}

/** The printer a panel of this size is made for (the first that fits; the first printer if none does). */
export async function printerForPanel(
  db: DbOrTx,
  panel: { widthMm: number; heightMm: number },
): Promise<PrinterProfile> {
  const printers = await getPrinters(db);
  return printerFor(printers, panel) ?? (printers[0] as PrinterProfile);
}

/** A size about to be on sale: refused (409) when no printer prints it. */
export function assertSizeFits(
  printers: readonly PrinterProfile[],
  size: { name: string; widthMm: number | null; heightMm: number | null },
): void {
  if (size.widthMm === null || size.heightMm === null) return;
  const why = panelFitProblem(printers, { widthMm: size.widthMm, heightMm: size.heightMm });
  if (why) throw new HttpError(409, "size_does_not_fit", PRINTER_TEXTS.cannotSell(size.name, why));
}

/** Saves the printers, unless a size on sale would be left with no printer for it (409). */
export async function setPrinters(tx: Tx, printers: readonly PrinterProfile[]): Promise<PrinterProfile[]> {
  const onSale = await tx
    .select({ name: productOptions.name, widthMm: productOptions.widthMm, heightMm: productOptions.heightMm })
    .from(productOptions)
    .where(
      and(
        inArray(productOptions.optionType, [...SIZED_OPTION_TYPES]),
        eq(productOptions.status, "enabled"),
        eq(productOptions.isActive, true),
      ),
    );
  for (const size of onSale) {
    if (size.widthMm === null || size.heightMm === null) continue;
    const why = panelFitProblem(printers, { widthMm: size.widthMm, heightMm: size.heightMm });
    if (why)
      throw new HttpError(409, "size_left_without_printer", PRINTER_TEXTS.cannotRemove(size.name, why));
  }
  const value = JSON.stringify(printers);
  await writeSetting(tx, PRINTERS_KEY, value);
  return [...printers];
}

/** The owner's printers, saved (refused when a size on sale would be left without one) and audited. */
export async function savePrinters(
  host: WorkflowHost,
  actor: AuditActor,
  printers: readonly PrinterProfile[],
): Promise<PrinterProfile[]> {
  const { after } = await runWorkflow(
    host,
    async (tx) => {
      const before = await getPrinters(tx);
      const after = await setPrinters(tx, printers);
      return { after, audit: { oldValues: { printers: before }, newValues: { printers: after } } };
    },
    {
      audit: {
        actor,
        entry: {
          actionType: "settings.printers",
          tableName: "system_settings",
          recordId: PRINTERS_KEY,
          newValues: { printers },
        },
      },
    },
  );
  return after;
}
