import { zValidator as zodValidator } from "@hono/zod-validator";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { requestValueProblem } from "@shared/schemas";
import type { Context } from "hono";
import { z } from "zod";

/** The API's one error shape: a message fit to show, and per-field messages where known. */
export interface ApiError {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

/**
 * Structural, so both zod's classic ZodError and its core $ZodError (what zValidator passes)
 * fit. `data` is the request's raw value for the target (body, query, params) as received.
 */
type HookResult = { data?: unknown } & (
  | { success: true }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } }
);

/**
 * zValidator hook: a 400 carrying the first rule's message (the spec's texts live in the
 * schemas). Before any schema's verdict, a NUL character in any string of the raw value is a
 * 400 too, and so is a value nested deeper than any form of the shop: no field needs one and PostgreSQL cannot store it (every route validates through
 * this hook, so no such value reaches a query).
 */
export function validationHook(result: HookResult, c: Context) {
  const problem = requestValueProblem(result.data);
  if (problem?.kind === "tooDeep") {
    return c.json<ApiError, 400>(
      { error: "validation_failed", message: CHECKOUT_MESSAGES.validation.tooDeep },
      400,
    );
  }
  if (problem?.kind === "nul") {
    const message = CHECKOUT_MESSAGES.validation.nulCharacter;
    return c.json<ApiError, 400>(
      { error: "validation_failed", message, fields: { [problem.path]: message } },
      400,
    );
  }
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? "Invalid request";
  return c.json<ApiError, 400>({ error: "validation_failed", message: first, fields }, 400);
}

export class HttpError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 409 | 410 | 413 | 415 | 422 | 429 | 503,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

/**
 * @hono/zod-validator's zValidator, parsing synchronously. zod 4 compiles an object schema into
 * one fast function, but only for a synchronous parse; zValidator's default, safeParseAsync,
 * walks the schema generically: half of checkout's validation time. No schema of the API is
 * asynchronous (an async refinement would make this parse throw: a test would show a 500).
 */
export const zValidator = ((...[target, schema, hook, options]: Parameters<typeof zodValidator>) =>
  zodValidator(
    target,
    schema,
    hook,
    options ?? { validationFunction: (parsed, value) => z.safeParse(parsed as z.ZodType, value) },
  )) as typeof zodValidator;
