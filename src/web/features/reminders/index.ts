/**
 * The cart reminders' face for the first load: the signed handle on this browser's opted-in cart
 * (no client code; the reminder calls are in ./api, loaded only when there is a handle).
 */
export { readReminderHandle, writeReminderHandle } from "./reminderHandle";
