/**
 * The admin's one Settings page (issue 47 item 7): alert e-mails, cart reminders and review
 * requests, backups and the payments mode, in one place every message links to. Its address,
 * its texts and the rules its panels show (how fresh the last backup is) live here once.
 */

export const ADMIN_SETTINGS_PATH = "/admin/settings";

/** The page's sections, each an anchor a message can link to. */
export const ADMIN_SETTINGS_SECTIONS = {
  alerts: "alerts",
  reminders: "reminders",
  backups: "backups",
  printers: "printers",
  payments: "payments",
} as const;
export type AdminSettingsSection = keyof typeof ADMIN_SETTINGS_SECTIONS;

/** The Settings page's path, at a section when given ("/admin/settings#alerts"). */
export function adminSettingsPath(section?: AdminSettingsSection): string {
  return section ? `${ADMIN_SETTINGS_PATH}#${ADMIN_SETTINGS_SECTIONS[section]}` : ADMIN_SETTINGS_PATH;
}

/** The absolute address for an e-mail: PUBLIC_URL (no trailing slash needed) + the path. */
export function adminSettingsUrl(publicUrl: string, section?: AdminSettingsSection): string {
  return `${publicUrl.replace(/\/+$/, "")}${adminSettingsPath(section)}`;
}

/** Where the newest scheduled backup stands. */
export type BackupHealth = "off" | "none" | "ok" | "late";

/**
 * "off" when scheduled backups are switched off (BACKUP_INTERVAL_HOURS=0) and none exists;
 * "none" when they are on but none was written yet; "late" when the newest is older than two
 * intervals (one round missed and the next overdue, or the last one's server gone); else "ok".
 */
export function backupHealth(lastAt: Date | null, intervalHours: number, now: Date): BackupHealth {
  if (!lastAt) return intervalHours > 0 ? "none" : "off";
  if (intervalHours <= 0) return "late";
  return now.getTime() - lastAt.getTime() > 2 * intervalHours * 3_600_000 ? "late" : "ok";
}

/** A size as people read it: "812 B", "14.2 KB", "3.4 MB", "1.20 GB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

export const ADMIN_SETTINGS_TEXTS = {
  title: "Settings",
  intro: "Alert e-mails, cart reminders, backups and the payments mode, in one place.",
  navLabel: "Settings",
  /** The footnote of every owner alert, and its link to this page. */
  alertFootnote:
    "You get this alert as the shop's owner. Choose which alerts you get in the admin's Settings:",
  alertFootnoteLink: "Settings",
  /** Where the alerts and reminders used to be (the Messages screen) now points. */
  movedToSettings: "Alert e-mails and cart reminders are set on the Settings page.",
  openSettings: "Open Settings",
  alertsTitle: "E-mail alerts",
  backups: {
    title: "Backups",
    intro: (intervalHours: number, retention: number): string =>
      intervalHours > 0
        ? `The shop writes a backup (database, photos and files) into its own storage every ${intervalHours} hours and keeps the newest ${retention}. Restore one with npm run restore.`
        : "Scheduled backups are off (BACKUP_INTERVAL_HOURS=0). Run npm run backup to make one by hand.",
    last: "Last backup",
    size: "Size",
    kept: "Backups kept",
    location: "Stored in",
    health: {
      off: "No scheduled backups: they are switched off.",
      none: "No backup yet: the first is written about ten minutes after the server starts.",
      ok: "Backups are up to date.",
      late: "The last backup is late: check the server's log for 'scheduled backup'.",
    },
    failed: "Could not read the backups.",
  },
  payments: {
    title: "Payments mode",
  },
} as const;
