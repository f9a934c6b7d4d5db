/**
 * The backups module's face (issue 49 item 2: a feature of its own, out of lib/): the archive of
 * the database and the stored files (`npm run backup`, `npm run restore`), the scheduled copies
 * to the bucket and their status, and the database dump the owner's data download uses.
 */
export { createBackup, defaultBackupName, restoreBackup } from "./archive.js";
export { dumpDatabase, listTables, restoreDatabase } from "./database-dump.js";
export { backupTime, listScheduledBackups, ScheduledBackups } from "./scheduled.js";
