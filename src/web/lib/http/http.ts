/**
 * The answer handling every API module shares: an OK answer's body, typed from the server's
 * route through Hono's client (parseResponse), or an ApiRequestError carrying the server's
 * user-facing message. Kept apart from the RPC client object (./client) so modules in the
 * shop's first load can use it without that module's other imports.
 */
import { type ClientResponse, DetailedError, parseResponse } from "hono/client";
import type { StatusCode } from "hono/utils/http-status";
import { apiError } from "./api-error";

export { ApiRequestError, apiError, type ErrorBody, errorBody } from "./api-error";

/** Builds the error thrown for a refused answer from its status and (parsed) body. */
export type ErrorFactory = (status: number, data: unknown) => Error;

/** Hono's DetailedError (a refused answer) as the error the UI reads (ApiRequestError). */
export function toApiError(error: unknown, toError: ErrorFactory = apiError): unknown {
  if (!(error instanceof DetailedError)) return error;
  const detail: unknown = error.detail;
  const data = detail && typeof detail === "object" && "data" in detail ? detail.data : undefined;
  return toError(Number(error.statusCode ?? 0), data);
}

/**
 * Resolves to the typed JSON body of an OK answer of the Hono client (the route's own type,
 * no cast at the call site); otherwise throws ApiRequestError (or `toError`'s error).
 */
export async function ok<T extends ClientResponse<unknown, StatusCode, string>>(
  response: T | Promise<T>,
  toError?: ErrorFactory,
): ReturnType<typeof parseResponse<T>> {
  try {
    return await parseResponse(response);
  } catch (error) {
    throw toApiError(error, toError);
  }
}
