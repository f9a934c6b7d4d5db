/**
 * Toasts without sonner in the first load: sonner (and its Toaster) load on the first toast,
 * when a lazy page loads, or once the page has settled (warm-up.ts) — whichever comes first. A toast waits
 * until the Toaster is mounted (sonner drops toasts nobody listens to yet).
 */
import { TOAST_DURATION_MS, TOAST_LIMIT } from "@shared/limits";
import { type ComponentType, type CSSProperties, useEffect, useState } from "react";
import type { toast as sonnerToast, ToasterProps } from "sonner";
import { isHydrating } from "./hydration";
import { warmUpLater } from "./warm-up";

type Toast = typeof sonnerToast;

type Sonner = typeof import("sonner");
let sonner: Promise<Sonner> | undefined;
let sonnerModule: Sonner | undefined;
const loadSonner = () => {
  sonner ??= import("sonner").then((m) => {
    sonnerModule = m;
    return m;
  });
  return sonner;
};

let requested = false;
const listeners = new Set<() => void>();
let markReady: (toast: Toast) => void = () => {};
const ready = new Promise<Toast>((resolve) => {
  markReady = resolve;
});

/** Mounts the Toaster (once); resolves to sonner's `toast` when toasts can be shown. */
export function whenToasterReady(): Promise<Toast> {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  return ready;
}

/**
 * Loads sonner and asks for the Toaster (lazy pages call it before they render): resolves
 * when the module is there, so a Toaster rendered from then on mounts in the same commit.
 */
export function preloadToaster(): Promise<unknown> {
  void whenToasterReady();
  return loadSonner();
}

/** sonner's toast.dismiss(), when any toast can exist yet. */
export function dismissToasts(): void {
  sonnerModule?.toast.dismiss();
}

/** The spec: one toast at a time, 4 seconds by default. */
const TOASTER_PROPS: ToasterProps = {
  visibleToasts: TOAST_LIMIT,
  duration: TOAST_DURATION_MS,
  // At the top, under the sticky navigation (4rem): the page's action buttons (Add to Cart,
  // the creator's price bar, the cart button, checkout's Pay) sit lower down (issue 20).
  position: "top-center",
  offset: { top: 72 },
  mobileOffset: { top: 72 },
  richColors: true,
  closeButton: true,
  // sonner's rich green and red text is below 4.5:1 on its pale backgrounds (WCAG 1.4.3).
  style: { "--success-text": "hsl(140, 100%, 21%)", "--error-text": "hsl(360, 100%, 35%)" } as CSSProperties,
};

/** The app's Toaster, mounted lazily (in Providers). */
export function LazyToaster() {
  // Mounted at once when sonner is already loaded (a first visit of a lazy page loads it
  // first); never while hydrating the pre-rendered home page, whose HTML has no Toaster.
  const [Toaster, setToaster] = useState<ComponentType<ToasterProps> | null>(() =>
    sonnerModule && !isHydrating() ? sonnerModule.Toaster : null,
  );
  useEffect(() => {
    let cancelled = false;
    const mount = () => {
      void loadSonner().then(
        (m) => {
          if (cancelled) return;
          // Not in a transition: a toast must never wait behind a suspended navigation (it mounts
          // once the page has settled, or when a toast is asked for, not while the page starts).
          setToaster(() => m.Toaster);
        },
        (error: unknown) => console.warn("Could not load the notifications", error),
      );
    };
    if (requested) mount();
    listeners.add(mount);
    // Otherwise warm it once the page has settled, so later toasts show at once.
    const cancelWarmUp = warmUpLater(whenToasterReady);
    return () => {
      cancelled = true;
      listeners.delete(mount);
      cancelWarmUp();
    };
  }, []);
  useEffect(() => {
    // Child effects run first: sonner's Toaster is listening by now.
    if (Toaster && sonnerModule) markReady(sonnerModule.toast);
  }, [Toaster]);
  return Toaster ? <Toaster {...TOASTER_PROPS} /> : null;
}
