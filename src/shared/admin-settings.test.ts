import { describe, expect, it } from "vitest";
import {
  ADMIN_SETTINGS_TEXTS,
  adminSettingsPath,
  adminSettingsUrl,
  backupHealth,
  formatBytes,
} from "./admin-settings";

describe("the admin's Settings page (issue 47 item 7)", () => {
  it("has one address, with a section anchor, absolute from PUBLIC_URL for e-mails", () => {
    expect(adminSettingsPath()).toBe("/admin/settings");
    expect(adminSettingsPath("alerts")).toBe("/admin/settings#alerts");
    expect(adminSettingsUrl("https://shop.example/", "alerts")).toBe(
      "https://shop.example/admin/settings#alerts",
    );
    expect(adminSettingsUrl("http://127.0.0.1:4173")).toBe("http://127.0.0.1:4173/admin/settings");
  });

  it("says whether backups are off, missing, fresh or late", () => {
    const now = new Date("2026-12-07T12:00:00Z");
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000);
    expect(backupHealth(null, 0, now)).toBe("off");
    expect(backupHealth(null, 24, now)).toBe("none");
    expect(backupHealth(hoursAgo(30), 24, now)).toBe("ok");
    expect(backupHealth(hoursAgo(48), 24, now)).toBe("ok");
    expect(backupHealth(hoursAgo(49), 24, now)).toBe("late");
    expect(backupHealth(hoursAgo(1), 0, now)).toBe("late");
    expect(ADMIN_SETTINGS_TEXTS.backups.health.none).toMatch(/No backup yet/);
  });

  it("writes sizes as people read them", () => {
    expect(formatBytes(812)).toBe("812 B");
    expect(formatBytes(14_540)).toBe("14.2 KB");
    expect(formatBytes(3_565_158)).toBe("3.4 MB");
    expect(formatBytes(1_288_490_189)).toBe("1.20 GB");
  });
});
