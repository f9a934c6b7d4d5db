/**
 * The answer handling every API module shares: OK bodies as JSON, the rest as ApiRequestError.
 * Kept apart from the Hono RPC client (./client) so modules in the first load of the shop can
 * use it without pulling that client in.
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

interface ErrorBody {
  error?: string;
  message?: string;
  fields?: Record<string, string>;
}

/** Resolves to the JSON body of an OK answer; otherwise throws ApiRequestError. */
export async function readJson<T>(response: Response | Promise<Response>): Promise<T> {
  const res = await response;
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const err = (body ?? {}) as ErrorBody;
    throw new ApiRequestError(
      res.status,
      err.error ?? "http_error",
      err.message ?? `Request failed (${res.status})`,
      err.fields,
    );
  }
  return body as T;
}
