/** Waiting for a state instead of a time. */

export interface UntilOptions {
  /** How often `probe` is asked (100 ms). */
  intervalMs?: number;
  /** A probe that throws counts as "not yet" (a server that is not listening yet, say). */
  ignoreErrors?: boolean;
}

/** Asks `probe` every 100 ms until it answers something other than undefined. */
export async function until<T>(
  what: string,
  timeoutMs: number,
  probe: () => Promise<T | undefined>,
  options: UntilOptions = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = options.ignoreErrors ? await probe().catch(() => undefined) : await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(options.intervalMs ?? 100);
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
