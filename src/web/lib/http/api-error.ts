/**
 * The error every API call throws for a refused answer, and how it is made from the answer's
 * status and body. No Hono here: the shop's first load (the session and the rates) uses it
 * without the RPC client's code.
 */
/** An API answer that was not OK, carrying the server's user-facing message. */
export class ApiRequestError extends Error {
  constructor(
    public readonly status: number,
    public readonly code: string,
    message: string,
    public readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = "ApiRequestError";
  }
}

/** The fields every refusal may carry (src/server/lib/validation.ts ApiError). */
export interface ErrorBody {
  error?: string;
  message?: string;
  fields?: Record<string, string>;
}

/** The refusal's JSON body, or {} when it had none (a proxy's HTML page, an empty 502). */
export function errorBody(data: unknown): ErrorBody & Record<string, unknown> {
  return data && typeof data === "object" ? (data as ErrorBody & Record<string, unknown>) : {};
}

/** The ApiRequestError for a refused answer's status and body. */
export function apiError(status: number, data: unknown): ApiRequestError {
  const err = errorBody(data);
  return new ApiRequestError(
    status,
    err.error ?? "http_error",
    err.message ?? `Request failed (${status})`,
    err.fields,
  );
}
