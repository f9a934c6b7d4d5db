/**
 * The storefront answer (owner's images, approved reviews, rating) the server puts into every
 * page (src/server/lib/page-server.ts): read once, synchronously, so the hero renders on the
 * first pass exactly as the server wrote it. Null on the server (pre-rendering: the page keeps a
 * marker the server fills) and when the page carries none.
 */
import { FREE_SHIPPING_THRESHOLD_PENCE } from "@shared/shipping";
import { type PageStorefront, STOREFRONT_SCRIPT_ID } from "@shared/storefront";
import type { RefObject } from "react";
import { useNearViewport } from "./use-near-viewport";

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
 * The storefront for the sections rendered after hydration (reviews, the gallery), once the
 * element `ref` is given to comes within a screen of the viewport: null on the first pass (as the
 * pre-rendered page had it) and until then, so a landing page does not load their code, render
 * them or fetch their photos while it starts.
 */
export function useStorefrontWhenNear<T extends Element>(): [RefObject<T | null>, PageStorefront | null] {
  const [ref, near] = useNearViewport<T>();
  return [ref, near ? initialStorefront() : null];
}

/** The owner's free-shipping threshold as the served page states it; the default when pre-rendering. */
export function freeShippingThresholdPence(): number {
  return initialStorefront()?.freeShippingThresholdPence ?? FREE_SHIPPING_THRESHOLD_PENCE;
}
