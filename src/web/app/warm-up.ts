/**
 * Code a page may need later (a dialog, the cart panel, the creator's last step, the toaster) is
 * loaded once the page has settled, not in the idle moments while it is still starting:
 * requestIdleCallback fires between React's time slices, and each chunk's evaluation was then one
 * more long task of the page's start-up. Settled means the visitor's first interaction (a pointer,
 * a key, a touch, a scroll: whatever they reach for next is a moment away), or SETTLE_AFTER_LOAD_MS
 * after the load event, whichever comes first. Then the warm-ups run one per idle period.
 */
const SETTLE_AFTER_LOAD_MS = 3000;
const INTERACTIONS = ["pointerdown", "keydown", "touchstart", "wheel", "scroll"] as const;

type WarmUp = () => unknown;

/** One entry per request (a component's cancel removes only its own). */
const waiting = new Set<{ task: WarmUp }>();
let settled = false;

const whenIdle = (run: () => void) =>
  typeof window.requestIdleCallback === "function"
    ? window.requestIdleCallback(run, { timeout: 2000 })
    : window.setTimeout(run, 1);

function runOne(task: WarmUp): void {
  // A warm-up's own failure is its caller's to handle (a chunk that fails loads again when needed).
  Promise.resolve()
    .then(task)
    .catch(() => undefined);
}

function runNext(): void {
  const [entry] = waiting;
  if (!entry) return;
  waiting.delete(entry);
  runOne(entry.task);
  if (waiting.size > 0) whenIdle(runNext);
}

function settle(): void {
  if (settled) return;
  settled = true;
  for (const type of INTERACTIONS) window.removeEventListener(type, settle, { capture: true });
  whenIdle(runNext);
}

function arm(): void {
  for (const type of INTERACTIONS) window.addEventListener(type, settle, { capture: true, passive: true });
  const afterLoad = () => window.setTimeout(settle, SETTLE_AFTER_LOAD_MS);
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}

/**
 * Runs `task` once the page has settled (at once in an idle period if it has); returns a cancel
 * for a component that unmounts first.
 */
export function warmUpLater(task: WarmUp): () => void {
  if (typeof window === "undefined") return () => undefined;
  if (settled) {
    let cancelled = false;
    whenIdle(() => {
      if (!cancelled) runOne(task);
    });
    return () => {
      cancelled = true;
    };
  }
  const entry = { task };
  waiting.add(entry);
  return () => {
    waiting.delete(entry);
  };
}

// From the app's start: an interaction before the first warm-up is asked for counts too.
if (typeof window !== "undefined") arm();
