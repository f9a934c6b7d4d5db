/**
 * How a workflow runs: its steps in one transaction, answering the status change and the
 * after-commit effects as values; the caller runs those once the transaction committed.
 */
import type { AppContext } from "../../context.js";
import type { Tx } from "../../db/client.js";
import { type AfterCommit, runAfterCommit, runAfterResponse } from "../effects.js";
import type { StatusChange } from "../transitions.js";

export interface WorkflowResult {
  change: StatusChange;
  effects: AfterCommit[];
}

/** Runs `steps` in one transaction, then their effects (now, or after the response with `later`). */
export async function runWorkflow<T extends { effects: AfterCommit[] }>(
  ctx: AppContext,
  steps: (tx: Tx) => Promise<T>,
  options: { later?: boolean } = {},
): Promise<T> {
  const result = await ctx.database.db.transaction(steps);
  if (options.later) runAfterResponse(ctx, result.effects);
  else await runAfterCommit(ctx, result.effects);
  return result;
}
