import { useQuery } from "@tanstack/react-query";
import { proofKeys, proofQueries } from "@web/features/proofs/api";
import { ProofCard } from "./ProofCard";

/** The order page's proof card, when the order has one (issue 32). */
export function OrderProof({ orderId, token }: { orderId: string; token: string | null }) {
  const q = useQuery(proofQueries.order(orderId, token));
  if (!q.data) return null;
  return <ProofCard proof={q.data} queryKey={proofKeys.order(orderId)} />;
}
