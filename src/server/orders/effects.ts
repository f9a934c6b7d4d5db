/**
 * What an order workflow owes once its transaction has committed, as values: the workflow's
 * steps write every durable record (outbox rows, print jobs) in the transaction and answer
 * these; the caller runs them after commit (runAfterCommit) or after the response
 * (runAfterResponse). Losing them (a crash right after commit) loses nothing: the outbox and
 * print runners poll for what was written, and an expired payment page closes itself.
 */
import type { OrderEmailKind } from "@shared/statuses";
import type { AppContext } from "../context.js";
import { orderEmailKey } from "../messaging/index.js";

export type AfterCommit =
  /** First send of outbox rows queued in the transaction (by id or by dedupe key). */
  | { kind: "send-mail"; ids: readonly string[] }
  | { kind: "send-mail-keys"; keys: readonly string[] }
  /** First send of an order e-mail (confirmation, dispatch) queued in the transaction. */
  | { kind: "send-order-email"; orderId: string; email: OrderEmailKind }
  /** Print jobs were queued: the runner starts now instead of at its next poll. */
  | { kind: "wake-print-jobs" }
  /** A proof started or changed: its e-mail may be due (the proof sweep looks now). */
  | { kind: "wake-proofs" }
  /** The provider's payment page must stop taking money (a Stripe session is expired). */
  | { kind: "close-payment-page"; orderId: string; sessionId: string }
  /** One more of a counted event in the metrics (GET /metrics, lib/metrics.ts). */
  | { kind: "count"; metric: "payments" | "refunds" };

/** Collects a workflow's after-commit effects, skipping empty ones. */
export class Effects {
  readonly list: AfterCommit[] = [];

  mail(...ids: ReadonlyArray<string | null | undefined>): void {
    const queued = ids.filter((id): id is string => Boolean(id));
    if (queued.length > 0) this.list.push({ kind: "send-mail", ids: queued });
  }

  mailKeys(keys: readonly string[]): void {
    if (keys.length > 0) this.list.push({ kind: "send-mail-keys", keys });
  }

  add(effect: AfterCommit): void {
    this.list.push(effect);
  }
}

async function run(ctx: AppContext, effect: AfterCommit): Promise<void> {
  switch (effect.kind) {
    case "send-mail":
      await ctx.mailOutbox.sendNow(effect.ids);
      return;
    case "send-mail-keys":
      await ctx.mailOutbox.sendKeys(effect.keys);
      return;
    case "send-order-email":
      await ctx.mailOutbox.sendKeys([orderEmailKey(effect.orderId, effect.email)]);
      return;
    case "wake-print-jobs":
      ctx.printJobs.wake();
      return;
    case "wake-proofs":
      ctx.proofs.wake();
      return;
    case "close-payment-page":
      await ctx.payments.closeSession?.(effect.sessionId);
      return;
    case "count":
      ctx.metrics[effect.metric].inc();
      return;
  }
}

/** Runs each effect once the workflow's transaction committed. Never throws: each failure is logged. */
export async function runAfterCommit(ctx: AppContext, effects: readonly AfterCommit[]): Promise<void> {
  for (const effect of effects) {
    try {
      await run(ctx, effect);
    } catch (error) {
      ctx.log.error({ err: error, effect: effect.kind }, "order after-commit step failed");
    }
  }
}

/**
 * The same after the response: rendering and sending e-mails is most of a payment's work and
 * none of it is what the payer (or Stripe) waits for. Closing the context waits for it.
 */
export function runAfterResponse(ctx: AppContext, effects: readonly AfterCommit[]): void {
  if (effects.length > 0) ctx.background.run(runAfterCommit(ctx, effects));
}
