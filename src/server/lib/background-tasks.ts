/**
 * Work that runs after the response (Better Auth's `advanced.backgroundTasks`): the account
 * e-mails. Sign-up then answers in the same time whether or not the address has an account
 * (the mail, to the new address or to the existing owner, goes out afterwards), and a slow
 * mail server delays no one. Failures are logged; `idle()` waits for what is still running
 * (at shutdown, and in tests before reading the outbox).
 */
import type { Logger } from "./logger.js";

export interface BackgroundTasks {
  /** Runs `task` to its end without anyone awaiting it. */
  run(task: Promise<unknown>): void;
  /** Resolves once every task started so far has settled. */
  idle(): Promise<void>;
}

export function createBackgroundTasks(log: Logger): BackgroundTasks {
  const running = new Set<Promise<unknown>>();
  return {
    run(task) {
      const tracked = task
        .catch((err: unknown) => log.error({ err }, "background task failed"))
        .finally(() => running.delete(tracked));
      running.add(tracked);
    },
    async idle() {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
