/**
 * The inbox routes' answers (issue 17) carry { error, message } on failure: the body when OK
 * (its type from the route), else ApiRequestError with the server's message.
 */
import { ApiRequestError } from "./api-error";

interface ErrorAnswer {
  error: string;
  message: string;
}

type Body<R extends { json(): Promise<unknown> }> = Exclude<Awaited<ReturnType<R["json"]>>, ErrorAnswer>;

/** The answer's body when OK (its type from the route), else the server's message thrown. */
export async function unwrap<R extends { ok: boolean; status: number; json(): Promise<unknown> }>(
  res: R,
): Promise<Body<R>> {
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok || typeof body !== "object" || body === null || "error" in body) {
    const err = (typeof body === "object" && body !== null ? body : {}) as Partial<ErrorAnswer>;
    throw new ApiRequestError(
      res.status,
      err.error ?? "http_error",
      err.message ?? `Request failed (${res.status})`,
    );
  }
  return body as Body<R>;
}
