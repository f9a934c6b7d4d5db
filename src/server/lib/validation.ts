import type { Context } from "hono";

/** The API's one error shape: a message fit to show, and per-field messages where known. */
export interface ApiError {
  error: string;
  message: string;
  fields?: Record<string, string>;
}

/** Structural, so both zod's classic ZodError and its core $ZodError (what zValidator passes) fit. */
type HookResult =
  | { success: true }
  | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };

/** zValidator hook: a 400 carrying the first rule's message (the spec's texts live in the schemas). */
export function validationHook(result: HookResult, c: Context) {
  if (result.success) return;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_";
    fields[key] ??= issue.message;
  }
  const first = result.error.issues[0]?.message ?? "Invalid request";
  return c.json<ApiError>({ error: "validation_failed", message: first, fields }, 400);
}

export class HttpError extends Error {
  constructor(
    public readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503,
    public readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}
