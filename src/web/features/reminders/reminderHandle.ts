/**
 * The signed handle on this browser's opted-in cart (issue 33), kept in local storage beside
 * the cart while the reminder box is ticked. No client import: the cart provider (first load)
 * reads it and loads the reminder client only when there is one.
 */
export const REMINDER_HANDLE_KEY = "lithobox.cartReminder";

export function readReminderHandle(): string | null {
  try {
    return window.localStorage.getItem(REMINDER_HANDLE_KEY);
  } catch {
    return null;
  }
}

export function writeReminderHandle(handle: string | null): void {
  try {
    if (handle) window.localStorage.setItem(REMINDER_HANDLE_KEY, handle);
    else window.localStorage.removeItem(REMINDER_HANDLE_KEY);
  } catch {
    // Private mode: the reminder still goes; later changes just do not update it.
  }
}
