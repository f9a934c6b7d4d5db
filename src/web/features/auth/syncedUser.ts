/** Local storage: whose saved cart this device's cart was last merged with. */
export const CART_SYNCED_USER_KEY = "lithobox.cartSyncedUser";

export function readSyncedUser(): string | null {
  try {
    return window.localStorage.getItem(CART_SYNCED_USER_KEY);
  } catch {
    return null;
  }
}

export function writeSyncedUser(userId: string | null) {
  try {
    if (userId) window.localStorage.setItem(CART_SYNCED_USER_KEY, userId);
    else window.localStorage.removeItem(CART_SYNCED_USER_KEY);
  } catch {
    // Storage unavailable: the merge then simply runs (silently) again next time.
  }
}
