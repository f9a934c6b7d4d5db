import type { ToastMessage } from "@shared/messages";
import { toast } from "sonner";

/** Shows one of the spec's toasts (MESSAGES): destructive ones as errors, the rest as successes. */
export function notify(message: ToastMessage | { title: string; description?: string; variant?: string }) {
  const options = message.description === undefined ? {} : { description: message.description };
  if (message.variant === "destructive") toast.error(message.title, options);
  else toast.success(message.title, options);
}
