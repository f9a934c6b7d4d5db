/**
 * The storefront answer (owner's images, approved reviews, rating) the server puts into every
 * page (src/server/lib/page-server.ts): read once, synchronously, so the hero renders on the
 * first pass exactly as the server wrote it. Null on the server (pre-rendering: the page keeps a
 * marker the server fills) and when the page carries none.
 */
import { FREE_SHIPPING_THRESHOLD_PENCE } from "@shared/shipping";
import { type PageStorefront, STOREFRONT_SCRIPT_ID } from "@shared/storefront";
import { startTransition, useEffect, useState } from "react";

let read = false;
let answer: PageStorefront | null = null;

export function initialStorefront(): PageStorefront | null {
  if (typeof document === "undefined") return null;
  if (!read) {
    read = true;
    try {
      const text = document.getElementById(STOREFRONT_SCRIPT_ID)?.textContent;
      answer = text ? (JSON.parse(text) as PageStorefront) : null;
    } catch {
      answer = null;
    }
  }
  return answer;
}

/**
 * The storefront for what is rendered after hydration (reviews, the gallery): null on the
 * first pass (as the pre-rendered page had it), the answer once mounted, rendered in a
 * transition (in slices: no long task while the page loads).
 */
export function useStorefrontAfterMount(): PageStorefront | null {
  const [value, setValue] = useState<PageStorefront | null>(null);
  useEffect(() => startTransition(() => setValue(initialStorefront())), []);
  return value;
}

/** The owner's free-shipping threshold as the served page states it; the default when pre-rendering. */
export function freeShippingThresholdPence(): number {
  return initialStorefront()?.freeShippingThresholdPence ?? FREE_SHIPPING_THRESHOLD_PENCE;
}
