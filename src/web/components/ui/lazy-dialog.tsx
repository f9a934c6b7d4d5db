import { warmUpLater } from "@web/app/warm-up";
import { lazy, Suspense, useEffect, useState } from "react";
import type { DialogProps } from "./dialog";

const loadDialog = () => import("./dialog");
const DialogImpl = lazy(() => loadDialog().then((m) => ({ default: m.Dialog })));

/** Loads a lazily loaded chunk once the page has settled (warmUpLater), so it is there when needed. */
export function usePreloadWhenSettled(load: () => Promise<unknown>): void {
  useEffect(() => warmUpLater(load), [load]);
}

/**
 * A controlled Dialog whose code (Radix's dialog, focus scope, scroll lock: ~10 KB gzip) is not
 * in the page's first load (issue 31 item 3): it is fetched once the page has settled, or at the
 * latest when the dialog first opens. Nothing is rendered until then. Open it from a button of
 * its own: the focus goes back there on close (useReturnFocus).
 */
export function LazyDialog(props: Omit<DialogProps, "trigger"> & { open: boolean }) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  usePreloadWhenSettled(loadDialog);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <DialogImpl {...props} />
    </Suspense>
  );
}
