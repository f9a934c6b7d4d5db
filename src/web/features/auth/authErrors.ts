import { MESSAGES } from "@shared/messages";
import { errorMessage } from "./toast";

interface ErrorLike {
  code?: string | undefined;
  message?: string | undefined;
  status?: number | undefined;
}

/** An auth call's error as the toasts read it; `unexpected` when the server gave no answer or failed. */
export function describeError(error: ErrorLike | null | undefined): {
  code: string | undefined;
  message: string;
  unexpected: boolean;
} {
  const message = error?.message || error?.code?.replace(/_/g, " ").toLowerCase() || "";
  // No message and no status means the request never got an answer (offline, server down).
  const unexpected = !message || !error?.status || error.status >= 500;
  return { code: error?.code, message, unexpected };
}

export function fromThrown(error: unknown): { ok: false; message: string; unexpected: true } {
  return {
    ok: false,
    message: errorMessage(error) ?? MESSAGES.common.unexpectedError,
    unexpected: true,
  };
}
