/**
 * The one way a business operation runs (issue 49 item 1; Medusa's core-flows are the model): its
 * steps in one transaction, with the operation context and the audit row(s) when an actor is given,
 * then the after-commit effects the steps answered as values. A module's operations are workflows
 * in its `workflows/` folder; routes call the module and never open a transaction themselves.
 *
 * Effects are what a step owes once its transaction committed: the steps write every durable record
 * (outbox rows, print jobs) in the transaction and answer these; losing them (a crash right after
 * commit) loses nothing, as the outbox and print runners poll for what was written.
 */
import type { Db, Tx } from "../db/client.js";
import type { BackgroundTasks } from "../lib/background-tasks.js";
import type { Logger } from "../lib/logger.js";
import {
  type AuditActor,
  type AuditEntry,
  recordAuditFailure,
  setOperationContext,
  withAudit,
} from "./audit.js";

export type AfterCommit =
  /** First send of outbox rows queued in the transaction (by id or by dedupe key). */
  | { kind: "send-mail"; ids: readonly string[] }
  | { kind: "send-mail-keys"; keys: readonly string[] }
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

/** The services a workflow's run needs: the database, and what its effects call (the AppContext has them). */
export interface WorkflowHost {
  database: { db: Db };
  log: Logger;
  background: BackgroundTasks;
  mailOutbox: {
    sendNow(ids: readonly string[]): Promise<unknown>;
    sendKeys(keys: readonly string[]): Promise<unknown>;
  };
  printJobs: { wake(): void };
  proofs: { wake(): void };
  payments: { closeSession?: ((sessionId: string) => Promise<unknown>) | undefined };
  metrics: Record<"payments" | "refunds", { inc(): void }>;
}

async function runEffect(host: WorkflowHost, effect: AfterCommit): Promise<void> {
  switch (effect.kind) {
    case "send-mail":
      await host.mailOutbox.sendNow(effect.ids);
      return;
    case "send-mail-keys":
      await host.mailOutbox.sendKeys(effect.keys);
      return;
    case "wake-print-jobs":
      host.printJobs.wake();
      return;
    case "wake-proofs":
      host.proofs.wake();
      return;
    case "close-payment-page":
      await host.payments.closeSession?.(effect.sessionId);
      return;
    case "count":
      host.metrics[effect.metric].inc();
      return;
  }
}

/** Runs each effect once the workflow's transaction committed. Never throws: each failure is logged. */
export async function runAfterCommit(host: WorkflowHost, effects: readonly AfterCommit[]): Promise<void> {
  for (const effect of effects) {
    try {
      await runEffect(host, effect);
    } catch (error) {
      host.log.error({ err: error, effect: effect.kind }, "workflow after-commit step failed");
    }
  }
}

/**
 * The same after the response: rendering and sending e-mails is most of a payment's work and
 * none of it is what the payer (or Stripe) waits for. Closing the context waits for it.
 */
export function runAfterResponse(host: WorkflowHost, effects: readonly AfterCommit[]): void {
  if (effects.length > 0) host.background.run(runAfterCommit(host, effects));
}

/** What a workflow's steps answer: their result, with the effects owed and the audit details. */
export interface StepsOutcome {
  readonly effects?: readonly AfterCommit[];
  /** Details of the audit row(s), merged over the run's entry (only read when audited). */
  readonly audit?: Partial<AuditEntry> | ReadonlyArray<Partial<AuditEntry>>;
}

export interface RunOptions {
  /** Run the effects after the response instead of before it. */
  later?: boolean;
  /** Who acts and what: the change is audited in its transaction, a failure recorded after it. */
  audit?: { actor: AuditActor; entry: AuditEntry };
}

/**
 * Runs `steps` in one transaction (with the operation context and the audit row when audited), then
 * their effects. An error rolls everything back, is recorded as a failed audit row when audited,
 * and is thrown on.
 */
export async function runWorkflow<T extends object>(
  host: WorkflowHost,
  steps: (tx: Tx) => Promise<T>,
  options: RunOptions = {},
): Promise<T> {
  const { audit } = options;
  let result: T;
  try {
    result = await host.database.db.transaction(async (tx) => {
      if (audit) await setOperationContext(tx, audit.actor);
      // Any answer of the steps (the row saved, the order made) with, when owed, a StepsOutcome's fields.
      const answer = await steps(tx);
      const outcome: StepsOutcome = answer;
      if (audit) {
        const rows =
          outcome.audit === undefined ? [{}] : Array.isArray(outcome.audit) ? outcome.audit : [outcome.audit];
        for (const details of rows) await withAudit(tx, audit.actor, { ...audit.entry, ...details });
      }
      return answer;
    });
  } catch (error) {
    if (audit) {
      await recordAuditFailure(host.database.db, audit.actor, audit.entry, error).catch(() => {
        // The failure is still thrown; a broken audit insert must not hide it.
      });
    }
    throw error;
  }
  const { effects = [] }: StepsOutcome = result;
  if (options.later) runAfterResponse(host, effects);
  else await runAfterCommit(host, effects);
  return result;
}

/** A named, audited operation's definition: its audit entry from the input, and its steps. */
export interface AuditedWorkflow<I, R, H extends WorkflowHost> {
  /** The audit row's action and record, from the input (the steps may add details). */
  entry: (input: I) => AuditEntry;
  steps: (tx: Tx, input: I, host: H) => Promise<{ result: R } & StepsOutcome>;
  /** After the transaction, committed or not (e.g. a cache read again). */
  finally?: (host: H) => void;
}

/**
 * An owner's operation as a function of (host, actor, input): run by runWorkflow with its audit
 * entry, answering the steps' result. Modules define these; routes call them.
 */
export function defineAuditedWorkflow<I, R, H extends WorkflowHost = WorkflowHost>(
  definition: AuditedWorkflow<I, R, H>,
): (host: H, actor: AuditActor, input: I) => Promise<R> {
  return async (host, actor, input) => {
    try {
      const outcome = await runWorkflow(host, (tx) => definition.steps(tx, input, host), {
        audit: { actor, entry: definition.entry(input) },
      });
      return outcome.result;
    } finally {
      definition.finally?.(host);
    }
  };
}

/**
 * The owner saves one of the shop's settings (a row of system_settings): `save` writes it and
 * answers it before and after; the audit row keeps both. Answers the setting as saved.
 */
export function defineSettingWorkflow<I, V>(definition: {
  actionType: string;
  recordId: string;
  save: (tx: Tx, input: I) => Promise<{ before: unknown; after: V }>;
}): (host: WorkflowHost, actor: AuditActor, input: I) => Promise<V> {
  return defineAuditedWorkflow({
    entry: (input: I) => ({
      actionType: definition.actionType,
      tableName: "system_settings",
      recordId: definition.recordId,
      newValues: input,
    }),
    steps: async (tx, input) => {
      const { before, after } = await definition.save(tx, input);
      return { result: after, audit: { oldValues: before, newValues: after } };
    },
  });
}

/**
 * One named step of a workflow that goes beyond one transaction (placing an order writes it, then
 * opens the provider's payment page): it reads and adds to the workflow's state, and answers the
 * workflow's result when the workflow ends at it (a refusal). `compensate` undoes the step when a
 * later one fails (Medusa's compensation functions): it runs its own workflow.
 */
export interface WorkflowStep<H, S, R> {
  readonly name: string;
  run(host: H, state: S): Promise<R | undefined>;
  compensate?(host: H, state: S): Promise<unknown>;
}

/**
 * Runs named steps in order until one answers the result. When a step throws, the steps that ran
 * are compensated newest first (a failing compensation is logged, never hides the error), and the
 * error is thrown on. Each step that writes does so through runWorkflow: one runner, one way.
 */
export async function runSteps<H extends { log: { error(details: object, message: string): void } }, S, R>(
  host: H,
  workflow: string,
  steps: ReadonlyArray<WorkflowStep<H, S, R>>,
  state: S,
): Promise<R> {
  const ran: Array<WorkflowStep<H, S, R>> = [];
  for (const step of steps) {
    let answer: R | undefined;
    try {
      answer = await step.run(host, state);
    } catch (error) {
      for (const earlier of ran.reverse()) {
        try {
          await earlier.compensate?.(host, state);
        } catch (undoError) {
          host.log.error({ err: undoError, workflow, step: earlier.name }, "workflow compensation failed");
        }
      }
      throw error;
    }
    if (answer !== undefined) return answer;
    ran.push(step);
  }
  throw new Error(`workflow ${workflow} ended without an answer`);
}
