import { lazy, Suspense, useEffect, useState } from "react";
import type { DialogProps } from "./dialog";

const loadDialog = () => import("./dialog");
const DialogImpl = lazy(() => loadDialog().then((m) => ({ default: m.Dialog })));

/** Fetches a lazily loaded chunk when the browser is idle (5 s at the latest), so it is there when needed. */
export function usePreloadWhenIdle(load: () => Promise<unknown>): void {
  useEffect(() => {
    if (typeof window.requestIdleCallback !== "function") return;
    const id = window.requestIdleCallback(() => void load(), { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, [load]);
}

/**
 * A controlled Dialog whose code (Radix's dialog, focus scope, scroll lock: ~10 KB gzip) is not
 * in the page's first load (issue 31 item 3): it is fetched when the browser is idle, or at the
 * latest when the dialog first opens. Nothing is rendered until then. Open it from a button of
 * its own: the focus goes back there on close (useReturnFocus).
 */
export function LazyDialog(props: Omit<DialogProps, "trigger"> & { open: boolean }) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  usePreloadWhenIdle(loadDialog);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DialogImpl {...props} />
    </Suspense>
  );
}
