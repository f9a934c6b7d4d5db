/**
 * Admin calibration (issue 19 item 3, decision 071), behind the admin guard:
 *   GET    /admin/filaments                       filaments, the wedge's steps, the defaults
 *   POST   /admin/filaments {name, colour, k?}    a new filament (audit-logged)
 *   PATCH  /admin/filaments/:id {name?, colour?, attenuationPerMm?}   (audit-logged, old and new)
 *   POST   /admin/filaments/:id/activate          the one filament print jobs use (audit-logged)
 *   POST   /admin/filaments/:id/calibration {reading}  k computed from the wedge reading (audit-logged)
 *   DELETE /admin/filaments/:id                   an inactive filament (audit-logged)
 *   GET    /admin/filaments/:id/wedge.3mf         the step wedge, named for the filament
 *   POST   /admin/filaments/:id/photo-fit  multipart `photo`: the lit wedge measured (issue 32);
 *          answers the fit and the reading to save through /calibration when the owner agrees
 *   PUT    /admin/colour-printer {slots}          the colour printer's four spools (issue 22, audit-logged)
 * Every write drops the catalogue cache, which carries the active k to the creator's preview.
 */
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import {
  calibrationReadingSchema,
  DEFAULT_ATTENUATION_PER_MM,
  DEFAULT_CARD_RELATIVE_LIGHT,
  filamentInputSchema,
  filamentPatchSchema,
  photoReadingFromFit,
  WEDGE_STEPS_MM,
} from "@shared/calibration";
import { type CalibrationScreenAnswer, colourPrinterInputSchema } from "@shared/colour-printer";
import { Hono } from "hono";
import { z } from "zod";
import {
  activateFilamentAsAdmin,
  calibrateFilamentAsAdmin,
  colourPrinter,
  createFilamentAsAdmin,
  filamentName,
  filamentView,
  invalidateCatalogAfterWrite,
  listFilaments,
  removeFilamentAsAdmin,
  setColourPrinterAsAdmin,
  updateFilamentAsAdmin,
} from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { withAudit } from "../../platform/index.js";
import { writeWedgeFile } from "../../print/wedge-file.js";
import { measureWedgePhoto } from "../../print/wedge-photo.js";
import { type AdminEnv, actorOf } from "./shared.js";

const M = ADMIN_MESSAGE_TEXTS.calibration;
const idParam = z.object({ id: z.uuid("Filament not found.") });
const photoForm = z.object({
  photo: z
    .instanceof(File, { message: M.photoUnreadable })
    .refine((file) => file.size > 0, M.photoUnreadable),
});
const readingBody = z.object({ reading: calibrationReadingSchema });

/** The last wedge made, by filament name: the file is the same every time for a name. */
let wedgeCache: { filamentName: string; body: Buffer } | null = null;

async function wedgeFor(filamentName: string): Promise<Buffer> {
  if (wedgeCache?.filamentName === filamentName) return wedgeCache.body;
  const dir = await mkdtemp(path.join(tmpdir(), "lithobox-wedge-"));
  try {
    const outPath = path.join(dir, "wedge.3mf");
    await writeWedgeFile({ format: "3mf", outPath, filamentName });
    const body = await readFile(outPath);
    wedgeCache = { filamentName, body };
    return body;
  } finally {
    await rm(dir, { recursive: true, force: true }).catch(() => {});
  }
}

/** "White PLA" -> "wedge-white-pla.3mf" */
function wedgeFileName(filamentName: string): string {
  const slug = filamentName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `wedge-${slug || "filament"}.3mf`;
}

export function adminCalibrationRoutes(ctx: AppContext) {
  const db = ctx.database.db;

  async function answer(): Promise<CalibrationScreenAnswer> {
    return {
      filaments: await listFilaments(db),
      colourPrinter: await colourPrinter(db),
      wedgeStepsMm: WEDGE_STEPS_MM,
      defaultCardRelativeLight: DEFAULT_CARD_RELATIVE_LIGHT,
      defaultAttenuationPerMm: DEFAULT_ATTENUATION_PER_MM,
    };
  }

  return (
    new Hono<AdminEnv>()
      .use("/filaments/*", invalidateCatalogAfterWrite(db))
      .use("/filaments", invalidateCatalogAfterWrite(db))
      .get("/filaments", async (c) => c.json(await answer(), 200))

      // The colour printer's four spools (issue 22), set together in one transaction.
      .put("/colour-printer", zValidator("json", colourPrinterInputSchema, validationHook), async (c) => {
        const input = c.req.valid("json");
        await setColourPrinterAsAdmin(ctx, actorOf(c), input);
        return c.json(await answer(), 200);
      })

      .post("/filaments", zValidator("json", filamentInputSchema, validationHook), async (c) => {
        const input = c.req.valid("json");
        await createFilamentAsAdmin(ctx, actorOf(c), input);
        return c.json(await answer(), 201);
      })

      .patch(
        "/filaments/:id",
        zValidator("param", idParam, validationHook),
        zValidator("json", filamentPatchSchema, validationHook),
        async (c) => {
          const { id } = c.req.valid("param");
          const patch = c.req.valid("json");
          await updateFilamentAsAdmin(ctx, actorOf(c), { id, patch });
          return c.json(await answer(), 200);
        },
      )

      .post("/filaments/:id/activate", zValidator("param", idParam, validationHook), async (c) => {
        const { id } = c.req.valid("param");
        await activateFilamentAsAdmin(ctx, actorOf(c), id);
        return c.json(await answer(), 200);
      })

      .post(
        "/filaments/:id/calibration",
        zValidator("param", idParam, validationHook),
        zValidator("json", readingBody, validationHook),
        async (c) => {
          const { id } = c.req.valid("param");
          const { reading } = c.req.valid("json");
          const after = await calibrateFilamentAsAdmin(ctx, actorOf(c), { id, reading });
          return c.json({ ...(await answer()), filament: filamentView(after) }, 200);
        },
      )

      .delete("/filaments/:id", zValidator("param", idParam, validationHook), async (c) => {
        const { id } = c.req.valid("param");
        await removeFilamentAsAdmin(ctx, actorOf(c), id);
        return c.json(await answer(), 200);
      })

      .post(
        "/filaments/:id/photo-fit",
        zValidator("param", idParam, validationHook),
        zValidator("form", photoForm, validationHook),
        async (c) => {
          const { id } = c.req.valid("param");
          const { photo } = c.req.valid("form");
          if ((await filamentName(db, id)) === null)
            throw new HttpError(404, "filament_not_found", M.notFound);
          const measured = await measureWedgePhoto(new Uint8Array(await photo.arrayBuffer()));
          if (!measured.ok) {
            const refusals = {
              unreadable: [415, M.photoUnreadable],
              busy: [429, M.photoBusy],
              no_wedge: [422, M.photoNoWedge],
              too_small: [422, M.photoTooSmall],
              too_few_steps: [422, M.photoTooFewSteps],
              no_bare_light: [422, M.photoNoBareLight],
            } as const;
            const [status, message] = refusals[measured.reason];
            throw new HttpError(status, `photo_${measured.reason}`, message);
          }
          return c.json(
            {
              reading: photoReadingFromFit(measured),
              steps: measured.steps.map((step) => ({
                thicknessMm: step.thicknessMm,
                measured: step.transmissionLuminance,
                fitted: step.fittedLuminance,
                used: step.used,
              })),
              edgeResidual: measured.edgeResidual,
              pixelsPerMm: measured.pixelsPerMm,
            },
            200,
          );
        },
      )

      .get("/filaments/:id/wedge.3mf", zValidator("param", idParam, validationHook), async (c) => {
        const { id } = c.req.valid("param");
        const name = await filamentName(db, id);
        if (name === null) throw new HttpError(404, "filament_not_found", "Filament not found.");
        const body = await wedgeFor(name);
        const fileName = wedgeFileName(name);
        await withAudit(db, actorOf(c), {
          actionType: "calibration.wedge_download",
          tableName: "filaments",
          recordId: id,
          newValues: { fileName },
        });
        c.header("Content-Type", "model/3mf");
        c.header("Content-Length", String(body.byteLength));
        c.header("Content-Disposition", `attachment; filename="${fileName}"`);
        c.header("X-Content-Type-Options", "nosniff");
        return c.body(new Uint8Array(body), 200);
      })
  );
}
