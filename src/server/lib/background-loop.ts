/**
 * A small in-process background loop, the one pattern every background worker of the server
 * uses (print files, order e-mails): a round of work at start, again at once while a round says
 * more is waiting, otherwise after `intervalMs` or as soon as wake() is called. A round that
 * throws is logged and the next one waits `errorDelayMs`. Timers are unref'd, so a loop never
 * keeps the process alive; stop() ends it promptly (a round in progress may finish, for at
 * most `graceMs`).
 */
import type { Logger } from "./logger.js";

/** Why a round runs: the first after start(), right after a busy round, wake(), the interval, or after an error. */
export type RoundReason = "start" | "busy" | "woken" | "interval" | "error";

export interface BackgroundLoopOptions {
  /** Names the loop in log lines. */
  name: string;
  log: Logger;
  /** How long an idle loop waits before its next round (ms). */
  intervalMs: number;
  /** The wait after a round threw (ms); 5 s by default. */
  errorDelayMs?: number;
  /** One round of work; answers true when more is waiting, so the next round starts at once. */
  round: (reason: RoundReason) => Promise<boolean>;
}

export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

export class BackgroundLoop {
  private stopping = false;
  private started = false;
  private loop: Promise<void> | null = null;
  private wakeRequested = false;
  private wakeUp: (() => void) | null = null;

  constructor(private readonly options: BackgroundLoopOptions) {}

  /** True once stop() was called: a round in progress should wind down. */
  get stopped(): boolean {
    return this.stopping;
  }

  get running(): boolean {
    return this.started && !this.stopping;
  }

  start(): void {
    if (this.started || this.stopping) return;
    this.started = true;
    this.loop = this.run().catch((error: unknown) => {
      this.options.log.error({ err: error }, `${this.options.name}: background loop stopped on an error`);
    });
  }

  /** Runs a round now (or right after the one in progress). */
  wake(): void {
    this.wakeRequested = true;
    this.wakeUp?.();
  }

  /**
   * Stops the loop. `stopped` is true as soon as this is called (synchronously); the promise
   * settles when the round in progress ended, or after `graceMs`.
   */
  async stop(graceMs = 5_000): Promise<void> {
    if (this.stopping) return;
    this.stopping = true;
    this.wakeUp?.();
    if (this.loop) await Promise.race([this.loop, delay(graceMs)]);
  }

  private async run(): Promise<void> {
    let reason: RoundReason = "start";
    while (!this.stopping) {
      this.wakeRequested = false;
      let more = false;
      try {
        more = await this.options.round(reason);
      } catch (error) {
        if (this.stopping) return;
        this.options.log.error({ err: error }, `${this.options.name}: round failed`);
        await this.sleep(this.options.errorDelayMs ?? 5_000);
        reason = "error";
        continue;
      }
      if (more) {
        // Let request handlers in between rounds.
        await new Promise<void>((resolve) => setImmediate(resolve));
        reason = "busy";
        continue;
      }
      await this.sleep(this.options.intervalMs);
      reason = this.wakeRequested ? "woken" : "interval";
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wakeRequested || this.stopping) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref();
      const self = this;
      function done() {
        clearTimeout(timer);
        self.wakeUp = null;
        resolve();
      }
      this.wakeUp = done;
    });
  }
}
