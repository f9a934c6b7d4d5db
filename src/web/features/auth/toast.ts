import type { ToastMessage } from "@shared/messages";
import { whenToasterReady } from "@web/app/toaster";

/** Shows one of the spec's toasts: destructive ones as errors, the rest as successes. */
export function notify(message: ToastMessage, description?: string): void {
  const text = description ?? message.description;
  const options = text ? { description: text } : {};
  // sonner loads on the first toast (it is not part of the first load).
  void whenToasterReady().then((toast) => {
    if (message.variant === "destructive") toast.error(message.title, options);
    else toast.success(message.title, options);
  });
}

/** The message of anything thrown or returned as an error, or undefined when it has none. */
export function errorMessage(error: unknown): string | undefined {
  if (!error) return undefined;
  if (typeof error === "string") return error || undefined;
  if (typeof error === "object" && "message" in error && typeof error.message === "string") {
    return error.message || undefined;
  }
  return undefined;
}
