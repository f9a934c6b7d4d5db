import type { PointerKind } from "@shared/creator-texts";
import { useSyncExternalStore } from "react";

const QUERY = "(pointer: coarse)";

function subscribe(onChange: () => void): () => void {
  const list = window.matchMedia(QUERY);
  list.addEventListener("change", onChange);
  return () => list.removeEventListener("change", onChange);
}

/** "touch" when the main pointer is a finger (phones, tablets), else "mouse"; follows changes. */
export function usePointerKind(): PointerKind {
  return useSyncExternalStore(
    subscribe,
    () => (window.matchMedia(QUERY).matches ? "touch" : "mouse"),
    () => "mouse",
  );
}
