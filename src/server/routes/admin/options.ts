/**
 * Admin creator configuration (product_options):
 *   GET   /admin/options                          every option, by type and sort order
 *   POST  /admin/options                          create (processing, frame colour, shape, size)
 *   PATCH /admin/options/:id                      edit, enable, coming soon, price modifier (pence)
 *   POST  /admin/options/reorder {optionType, ids}
 */

import { optionCreateSchema, optionReorderSchema, optionUpdateSchema } from "@shared/admin-schemas";
import { Hono } from "hono";
import { z } from "zod";
import {
  createOptionAsAdmin,
  invalidateCatalogAfterWrite,
  listAdminOptions,
  reorderOptionsAsAdmin,
  updateOptionAsAdmin,
} from "../../catalogue/index.js";
import type { AppContext } from "../../context.js";
import { validationHook, zValidator } from "../../lib/validation.js";
import { type AdminEnv, actorOf } from "./shared.js";

const idParam = z.object({ id: z.uuid("Unknown option.") });

export function adminOptionRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return (
    new Hono<AdminEnv>()
      // The creator's cached options are dropped once a write here has committed.
      .use("/options/*", invalidateCatalogAfterWrite(db))
      .get("/options", async (c) => c.json({ options: await listAdminOptions(db) }, 200))

      .post("/options", zValidator("json", optionCreateSchema, validationHook), async (c) => {
        const input = c.req.valid("json");
        const option = await createOptionAsAdmin(ctx, actorOf(c), input);
        return c.json({ option }, 201);
      })

      .post("/options/reorder", zValidator("json", optionReorderSchema, validationHook), async (c) => {
        const { optionType, ids } = c.req.valid("json");
        await reorderOptionsAsAdmin(ctx, actorOf(c), { optionType, ids });
        return c.json({ options: await listAdminOptions(db) }, 200);
      })

      .patch(
        "/options/:id",
        zValidator("param", idParam, validationHook),
        zValidator("json", optionUpdateSchema, validationHook),
        async (c) => {
          const { id } = c.req.valid("param");
          const input = c.req.valid("json");
          const option = await updateOptionAsAdmin(ctx, actorOf(c), { id, input });
          return c.json({ option }, 200);
        },
      )
  );
}
