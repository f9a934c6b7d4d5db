import { describe, expect, it } from "vitest";
import {
  CUSTOMER_MAIL_DEFAULTS,
  CUSTOMER_MAIL_LIMIT_TEXTS,
  CUSTOMER_MAIL_TEXTS,
  type CustomerMailSettings,
  customerMailSettingsSchema,
  dueReminder,
  listUnsubscribeHeaders,
  mayAskToConfirm,
  nextReminder,
  parseCustomerMailSettings,
  REMINDER_CONFIRMATIONS_PER_ADDRESS,
  reviewRequestDue,
  statusAfterPurchase,
} from "./customer-mail";

const HOUR = 3_600_000;
const now = new Date("2026-03-02T12:00:00Z");
const cart = (idleMs: number, remindersSent = 0, status: "active" | "recovered" = "active") => ({
  status,
  remindersSent,
  lastActivityAt: new Date(now.getTime() - idleMs),
  itemCount: 1,
});

describe("dueReminder", () => {
  const s = CUSTOMER_MAIL_DEFAULTS;
  it("sends the first after an hour idle and the second after a day, never a third", () => {
    expect(dueReminder(cart(59 * 60_000), s, now)).toBeNull();
    expect(dueReminder(cart(HOUR), s, now)).toBe(1);
    expect(dueReminder(cart(23 * HOUR, 1), s, now)).toBeNull();
    expect(dueReminder(cart(24 * HOUR, 1), s, now)).toBe(2);
    expect(dueReminder(cart(1000 * HOUR, 2), s, now)).toBeNull();
  });
  it("sends nothing for a closed or empty cart, or while reminders are off", () => {
    expect(dueReminder(cart(2 * HOUR, 0, "recovered"), s, now)).toBeNull();
    expect(dueReminder({ ...cart(2 * HOUR), itemCount: 0 }, s, now)).toBeNull();
    expect(dueReminder(cart(2 * HOUR), { ...s, cartRemindersEnabled: false }, now)).toBeNull();
  });
});

describe("settings", () => {
  it("falls back to the defaults for anything missing or out of range", () => {
    expect(parseCustomerMailSettings(null)).toEqual(CUSTOMER_MAIL_DEFAULTS);
    expect(parseCustomerMailSettings({ reviewRequestDays: 3 }).reviewRequestDays).toBe(3);
    expect(parseCustomerMailSettings({ firstReminderMinutes: 1 })).toEqual(CUSTOMER_MAIL_DEFAULTS);
    // The second reminder must come after the first.
    expect(parseCustomerMailSettings({ firstReminderMinutes: 600, secondReminderHours: 2 })).toEqual(
      CUSTOMER_MAIL_DEFAULTS,
    );
  });
});

describe("rules", () => {
  it("counts a purchase as recovered only after a reminder went", () => {
    expect(statusAfterPurchase(0)).toBe("purchased");
    expect(statusAfterPurchase(1)).toBe("recovered");
  });
  it("sends an address a bounded number of confirmation e-mails (double opt-in)", () => {
    expect(mayAskToConfirm(0)).toBe(true);
    expect(mayAskToConfirm(REMINDER_CONFIRMATIONS_PER_ADDRESS - 1)).toBe(true);
    expect(mayAskToConfirm(REMINDER_CONFIRMATIONS_PER_ADDRESS)).toBe(false);
    expect(REMINDER_CONFIRMATIONS_PER_ADDRESS).toBeLessThanOrEqual(3);
  });
  it("reminds only an active (confirmed) cart, never a pending one", () => {
    expect(dueReminder({ ...cart(48 * HOUR), status: "pending" }, CUSTOMER_MAIL_DEFAULTS, now)).toBeNull();
  });
  it("asks for a review the set days after delivery", () => {
    const s = { ...CUSTOMER_MAIL_DEFAULTS, reviewRequestDays: 7 };
    expect(reviewRequestDue(new Date(now.getTime() - 6 * 24 * HOUR), s, now)).toBe(false);
    expect(reviewRequestDue(new Date(now.getTime() - 7 * 24 * HOUR), s, now)).toBe(true);
  });
  it("writes the RFC 8058 header pair", () => {
    expect(listUnsubscribeHeaders("https://shop.test/api/unsubscribe?token=t")).toEqual({
      "List-Unsubscribe": "<https://shop.test/api/unsubscribe?token=t>",
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });
});

describe("the reminder settings say what is wrong in words (issue 47 item 11)", () => {
  const ok: CustomerMailSettings = { ...CUSTOMER_MAIL_DEFAULTS };
  const problem = (patch: Partial<typeof ok>) =>
    customerMailSettingsSchema.safeParse({ ...ok, ...patch }).error?.issues[0]?.message;
  it("names the field and its range, never zod's raw 'Too small'", () => {
    expect(problem({ firstReminderMinutes: 5 })).toBe(CUSTOMER_MAIL_LIMIT_TEXTS.firstReminder);
    expect(problem({ firstReminderMinutes: 5 })).not.toMatch(/Too small|expected/);
    expect(problem({ firstReminderMinutes: 3000 })).toBe(CUSTOMER_MAIL_LIMIT_TEXTS.firstReminder);
    expect(problem({ secondReminderHours: 1 })).toBe(CUSTOMER_MAIL_LIMIT_TEXTS.secondReminder);
    expect(problem({ reviewRequestDays: 61 })).toBe(CUSTOMER_MAIL_LIMIT_TEXTS.reviewDays);
    expect(problem({ reviewRequestDays: 1.5 })).toBe(CUSTOMER_MAIL_LIMIT_TEXTS.whole);
    expect(problem({ firstReminderMinutes: 600, secondReminderHours: 2 })).toBe(
      "The second reminder must come after the first.",
    );
    expect(problem({})).toBeUndefined();
  });
});

describe("nextReminder: the owner's send now (issue 47 item 11)", () => {
  const s = CUSTOMER_MAIL_DEFAULTS;
  it("names the next reminder and when it falls due, whatever the idle time so far", () => {
    expect(nextReminder(cart(5 * 60_000), s)).toEqual({
      n: 1,
      dueAt: new Date(now.getTime() - 5 * 60_000 + 60 * 60_000),
    });
    expect(nextReminder(cart(HOUR, 1), s)?.n).toBe(2);
  });
  it("has none for an unconfirmed, finished or empty cart, after two, or with reminders off", () => {
    expect(nextReminder(cart(HOUR, 2), s)).toBeNull();
    expect(nextReminder(cart(HOUR, 0, "recovered"), s)).toBeNull();
    expect(nextReminder({ ...cart(HOUR), status: "pending" }, s)).toBeNull();
    expect(nextReminder({ ...cart(HOUR), itemCount: 0 }, s)).toBeNull();
    expect(nextReminder(cart(HOUR), { ...s, cartRemindersEnabled: false })).toBeNull();
  });
  it("greets by first name when known, else neutrally (issue 47 item 12)", () => {
    expect(CUSTOMER_MAIL_TEXTS.reminderGreeting("Zoë")).toBe("Hello Zoë,");
    expect(CUSTOMER_MAIL_TEXTS.reminderGreeting(" ")).toBe("Hello there,");
    expect(CUSTOMER_MAIL_TEXTS.reminderGreeting(null)).toBe("Hello there,");
    expect(CUSTOMER_MAIL_TEXTS.reminderParagraphs(1)[0]).not.toBe("Hello,");
  });
});
