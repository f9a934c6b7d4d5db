/**
 * The discount code the shopper applied, shared by the cart panel and checkout (kept for the
 * browser tab in sessionStorage), and its answer for the cart's current lines.
 */
import type { CartItem } from "@shared/cart";
import { useQuery } from "@tanstack/react-query";
import { type DiscountCheck, discountQueries } from "@web/features/commerce/api";
import { useEffect, useSyncExternalStore } from "react";

const STORAGE_KEY = "lithobox.discount";
const listeners = new Set<() => void>();

function readStored(): string | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** Read from storage on first use (no work at import: this module sits behind the cart's index). */
let current: string | null | undefined;

function snapshot(): string | null {
  if (current === undefined) current = readStored();
  return current;
}

export function setDiscountCode(code: string | null): void {
  current = code;
  try {
    if (code) window.sessionStorage.setItem(STORAGE_KEY, code);
    else window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable (privacy mode): the code lasts until the page is left.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export type AppliedDiscount = Extract<DiscountCheck, { ok: true }>;

export interface DiscountState {
  /** The code the shopper applied (upper case), or null. */
  readonly code: string | null;
  /** Its answer when it applies to the cart as it is now. */
  readonly applied: AppliedDiscount | null;
  /** Why it no longer applies (the cart changed, the code expired), or a failed check. */
  readonly problem: string | null;
  readonly checking: boolean;
}

/** The applied code and its answer for `items` (checked again whenever the lines or prices change). */
export function useDiscount(items: readonly CartItem[]): DiscountState {
  const code = useSyncExternalStore(subscribe, snapshot, () => null);
  const query = useQuery(discountQueries.check(code, items));
  // An emptied cart (an order paid, every line removed) forgets the code.
  useEffect(() => {
    if (items.length === 0 && code) setDiscountCode(null);
  }, [items.length, code]);
  const answer = code ? query.data : undefined;
  return {
    code,
    applied: answer?.ok ? answer : null,
    problem: answer && !answer.ok ? answer.message : query.error ? query.error.message : null,
    checking: query.isFetching,
  };
}
