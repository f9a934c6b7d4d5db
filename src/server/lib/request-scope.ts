/**
 * The request a piece of work belongs to, carried through every await of that request (and the
 * background work it starts) by AsyncLocalStorage, so the logger can stamp each line with the
 * request's id without every call site passing it (logger.ts: the `reqId` field).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { randomUUID } from "node:crypto";

export interface RequestScope {
  requestId: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/** Runs `work` as part of the request `requestId`. */
export function runInRequest<T>(requestId: string, work: () => T): T {
  return scope.run({ requestId }, work);
}

/** The id of the request the caller runs for, if any. */
export function currentRequestId(): string | undefined {
  return scope.getStore()?.requestId;
}

/** An id a proxy may set: printable, no spaces, at most 128 characters (anything else is replaced). */
const PROXY_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

/** The request's id: X-Request-Id when a proxy set a sensible one, else a new UUID. */
export function requestIdFrom(header: string | undefined | null): string {
  return header && PROXY_REQUEST_ID.test(header) ? header : randomUUID();
}
