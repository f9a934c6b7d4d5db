/**
 * GET /api<path> without the RPC client, for the answers the shop's first load asks for (the
 * session's account, the exchange rates, the test-shop flag, the catalogue, the funnel's events):
 * Hono's client code stays out of the first load (its 120 KB budget); the callers type the answers
 * from the server's routes. Resolves to the answer's body or throws ApiRequestError, as the RPC
 * calls do.
 */
import { apiError } from "./api-error";

/** GET /api<path>: the answer's body (typed by the caller from the route), or ApiRequestError. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(`/api${path}`, { credentials: "same-origin" });
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw apiError(response.status, data);
  return data as T;
}
