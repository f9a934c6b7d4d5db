import { useQuery } from "@tanstack/react-query";
import { checkoutQueries } from "@web/features/checkout/api/checkout";
import { ApiRequestError } from "@web/lib/http/client";
import { findPendingPayment, paidOrderToken } from "./pendingPayments";

/** How often the payment-pending and success pages ask for the order's payment state. */
export const STATUS_POLL_MS = 2000;

/**
 * Tokens this tab has read, kept for the tab's life: the payment tab's success page forgets
 * the pending payment in the shared local storage, and the waiting tab must still be able to
 * ask about its order afterwards (otherwise its next poll has no token and it gives up).
 */
const tokensSeen = new Map<string, string>();

function tokenFor(orderId: string | null): string | null {
  if (!orderId) return null;
  const stored = findPendingPayment(orderId)?.token ?? paidOrderToken(orderId);
  if (stored) tokensSeen.set(orderId, stored);
  return tokensSeen.get(orderId) ?? null;
}

/**
 * The payment state of an order, polled while it is pending. The token comes from the
 * checkout this browser started (local storage); a signed-in owner needs none. `denied` is
 * true when the server will not say (no token, not the owner).
 */
export function useCheckoutStatus(orderId: string | null, opts: { poll: boolean }) {
  const token = tokenFor(orderId);
  const query = useQuery({
    ...checkoutQueries.status(orderId, token),
    retry: (count, error) => !(error instanceof ApiRequestError && error.status === 404) && count < 3,
    refetchInterval: (q) =>
      opts.poll && (q.state.data?.outcome ?? "pending") === "pending" && !isDenied(q.state.error)
        ? STATUS_POLL_MS
        : false,
    refetchIntervalInBackground: true,
    refetchOnWindowFocus: true,
  });
  return { ...query, token, denied: isDenied(query.error) };
}

function isDenied(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 404;
}
