/**
 * The owner's customer e-mails (issue 33):
 *   GET  /admin/settings/customer-mail              cart reminders on/off, their idle times, review-request days
 *   PUT  /admin/settings/customer-mail {settings}   change them (audited)
 *   GET  /admin/customer-mail/waiting               confirmed carts waiting for a reminder (issue 47)
 *   POST /admin/customer-mail/reminders/:id/send    "send now": that cart's next reminder at once
 *   POST /admin/customer-mail/run {now?}            one round of the sweep now; `now` (a later
 *        moment, to see what would go then) is honoured only outside production
 */
import { customerMailSettingsSchema } from "@shared/customer-mail";
import { Hono } from "hono";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { HttpError, validationHook, zValidator } from "../../lib/validation.js";
import { listWaitingReminders, sendCartReminderNow, sendDueCustomerMail } from "../../orders/index.js";
import { getCustomerMailSettings, saveCustomerMailSettings } from "../../platform/index.js";
import { type AdminEnv, actorOf } from "./shared.js";

const runBody = z.object({ now: z.iso.datetime().optional() });
const reminderParam = z.object({ id: z.uuid() });

export function adminCustomerMailRoutes(ctx: AppContext) {
  const db = ctx.database.db;
  return new Hono<AdminEnv>()
    .get("/settings/customer-mail", async (c) => c.json(await getCustomerMailSettings(db), 200))
    .put(
      "/settings/customer-mail",
      zValidator("json", customerMailSettingsSchema, validationHook),
      async (c) => {
        const settings = c.req.valid("json");
        await saveCustomerMailSettings(ctx, actorOf(c), settings);
        return c.json(await getCustomerMailSettings(db), 200);
      },
    )
    .get("/customer-mail/waiting", async (c) => c.json({ waiting: await listWaitingReminders(db) }, 200))
    .post(
      "/customer-mail/reminders/:id/send",
      zValidator("param", reminderParam, validationHook),
      async (c) => {
        const { id } = c.req.valid("param");
        const sent = await sendCartReminderNow(ctx, actorOf(c), id);
        return c.json({ email: sent.email, reminder: sent.reminder }, 200);
      },
    )
    .post("/customer-mail/run", zValidator("json", runBody, validationHook), async (c) => {
      const { now } = c.req.valid("json");
      if (now && ctx.config.production) {
        throw new HttpError(400, "not_allowed", "A chosen time is only for test shops outside production.");
      }
      return c.json(await sendDueCustomerMail(ctx, now ? new Date(now) : new Date()), 200);
    });
}
