import type { ToastMessage } from "@shared/messages";
import { whenToasterReady } from "@web/app/toaster";

/** Shows one of the spec's toasts (MESSAGES): destructive ones as errors, the rest as successes. */
export function notify(message: ToastMessage | { title: string; description?: string; variant?: string }) {
  const options = message.description === undefined ? {} : { description: message.description };
  // sonner loads on the first toast (it is not part of the first load).
  void whenToasterReady().then((toast) => {
    if (message.variant === "destructive") toast.error(message.title, options);
    else toast.success(message.title, options);
  });
}
