/**
 * The storefront answer (owner's images, approved reviews, rating) the server puts into every
 * page (src/server/lib/page-server.ts): read once, synchronously, so the hero renders on the
 * first pass exactly as the server wrote it. Null on the server (pre-rendering: the page keeps a
 * marker the server fills) and when the page carries none.
 */
import { STOREFRONT_SCRIPT_ID, type StorefrontAnswer } from "@shared/storefront";
import { useEffect, useState } from "react";

let read = false;
let answer: StorefrontAnswer | null = null;

export function initialStorefront(): StorefrontAnswer | null {
  if (typeof document === "undefined") return null;
  if (!read) {
    read = true;
    try {
      const text = document.getElementById(STOREFRONT_SCRIPT_ID)?.textContent;
      answer = text ? (JSON.parse(text) as StorefrontAnswer) : null;
    } catch {
      answer = null;
    }
  }
  return answer;
}

/**
 * The storefront for what is rendered after hydration (reviews, the gallery): null on the
 * first pass (as the pre-rendered page had it), the answer once mounted.
 */
export function useStorefrontAfterMount(): StorefrontAnswer | null {
  const [value, setValue] = useState<StorefrontAnswer | null>(null);
  useEffect(() => setValue(initialStorefront()), []);
  return value;
}
