import type { ContactInput } from "@shared/schemas";
import { api } from "@web/lib/http/client";
import { errorBody } from "@web/lib/http/http";

/** What happened to a contact message: stored, refused with reasons, or not delivered at all. */
export type SendContactResult =
  | { ok: true; id: string }
  | { ok: false; kind: "invalid"; message: string; fields: Record<string, string> }
  | { ok: false; kind: "server"; status: number; message: string }
  | { ok: false; kind: "network"; message: string };

function asFields(value: unknown): Record<string, string> {
  if (!value || typeof value !== "object") return {};
  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
}

/**
 * POST /api/contact: the server stores the message for the maker to answer (201 on success,
 * 400 {error, message, fields} on invalid input). Never throws; the caller shows the outcome.
 */
export async function sendContactMessage(
  input: ContactInput,
  signal?: AbortSignal,
): Promise<SendContactResult> {
  let res: Awaited<ReturnType<typeof api.contact.$post>>;
  try {
    res = await api.contact.$post({ json: input }, signal ? { init: { signal } } : undefined);
  } catch (error) {
    return { ok: false, kind: "network", message: error instanceof Error ? error.message : String(error) };
  }
  const body: unknown = await res.json().catch(() => null);
  if (res.ok) {
    const id = body && typeof body === "object" && "id" in body ? String(body.id) : "";
    return { ok: true, id };
  }
  // Not only the route's own 400: the rate limit (429), the body limit (413), a 5xx.
  const status: number = res.status;
  const err = errorBody(body);
  const message = typeof err.message === "string" ? err.message : `Request failed (${status})`;
  if (status === 400) return { ok: false, kind: "invalid", message, fields: asFields(err.fields) };
  return { ok: false, kind: "server", status, message };
}
