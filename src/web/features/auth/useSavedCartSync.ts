import type { CartItem } from "@shared/cart";
import { mergeCarts } from "@shared/cart-state";
import { MESSAGES } from "@shared/messages";
import { fetchSavedCart, saveCart } from "@web/features/cart/api";
import { useEffect, useRef } from "react";
import { useCart } from "../cart";
import { useAuth } from "./AuthProvider";
import { readSyncedUser, writeSyncedUser } from "./syncedUser";
import { notify } from "./toast";

/** Wait after the last cart change before saving it (one PUT for a burst of changes). */
export const CART_SAVE_DEBOUNCE_MS = 600;
const sameItems = (a: readonly CartItem[], b: readonly CartItem[]) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The saved cart of a signed-in customer.
 * - On sign-in the device's cart and the saved cart are merged (mergeCarts: saved entries win),
 *   written back, and set as the cart: 'Cart synced' when both had items, 'Cart restored' when
 *   only the saved cart had. A reload of a signed-in page merges silently.
 * - While signed in, every cart change is saved (debounced; the server replaces the rows).
 * - On sign-out pending changes are saved first, then this device's cart is emptied: the items
 *   are safe in the account and come back at the next sign-in.
 * Failures are logged only (spec section 8).
 */
export function useSavedCartSync() {
  const auth = useAuth();
  const cart = useCart();
  const { status, userId, onBeforeSignOut } = auth;
  const { items, lastAction, set, clear } = cart;

  /** The user whose cart is merged and now mirrored to the server (null while merging). */
  const syncedUser = useRef<string | null>(null);
  /** What the server holds, as far as we know. */
  const lastSaved = useRef<readonly CartItem[] | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const latestItems = useRef(items);
  latestItems.current = items;

  const save = useRef(async (toSave: readonly CartItem[]) => {
    try {
      const saved = (await saveCart(toSave)).items;
      lastSaved.current = saved ?? toSave;
    } catch (error) {
      console.warn("Could not save the cart", error);
    }
  });

  const flush = useRef(async () => {
    if (timer.current === undefined) return;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    if (syncedUser.current) await save.current(latestItems.current);
  });

  // Sign-in (or a page load with a session): merge once per user.
  useEffect(() => {
    if (status !== "signedIn" || !userId || syncedUser.current === userId) return;
    let cancelled = false;
    const isReload = readSyncedUser() === userId;
    (async () => {
      try {
        const saved = await fetchSavedCart();
        if (cancelled) return;
        const local = latestItems.current;
        const { items: merged, outcome } = mergeCarts(local, saved);
        let result: readonly CartItem[] = merged;
        if (!sameItems(merged, saved)) result = (await saveCart(merged)).items ?? merged;
        if (cancelled) return;
        lastSaved.current = result;
        syncedUser.current = userId;
        writeSyncedUser(userId);
        if (!sameItems(result, latestItems.current)) set(result);
        if (!isReload && outcome === "synced") notify(MESSAGES.cart.synced);
        else if (!isReload && outcome === "restored") notify(MESSAGES.cart.restored);
      } catch (error) {
        console.warn("Could not load the saved cart", error);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [status, userId, set]);

  // Signed out (here, in another tab, or the session ran out): stop mirroring and empty this
  // device's copy of the account's cart.
  useEffect(() => {
    if (status !== "signedOut") return;
    window.clearTimeout(timer.current);
    timer.current = undefined;
    syncedUser.current = null;
    lastSaved.current = null;
    if (readSyncedUser()) {
      writeSyncedUser(null);
      clear();
    }
  }, [status, clear]);

  // Every change while signed in is saved, debounced. A "load" came from another tab, which saves it.
  useEffect(() => {
    if (status !== "signedIn" || !userId || syncedUser.current !== userId) return;
    if (lastAction === "load" || lastAction === null) return;
    if (lastSaved.current && sameItems(items, lastSaved.current)) return;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      timer.current = undefined;
      void save.current(latestItems.current);
    }, CART_SAVE_DEBOUNCE_MS);
  }, [items, lastAction, status, userId]);

  // Save what is pending before a sign-out, and when the page is being left.
  useEffect(() => onBeforeSignOut(() => flush.current()), [onBeforeSignOut]);
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") void flush.current();
    };
    document.addEventListener("visibilitychange", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.clearTimeout(timer.current);
    };
  }, []);
}

/** Mounts the saved-cart sync (in ShopOverlays, inside both the auth and cart providers). */
export function SavedCartSync() {
  useSavedCartSync();
  return null;
}
