import { PROOF_ADMIN_TEXTS, PROOF_STATE_LABELS, type ProofState, proofDecided } from "@shared/proofs";
import { Badge } from "@web/components/ui/badge";

/** The customer's proof beside the status: what the bench waits for before printing. */
export function ProofBadge({ state }: { state: ProofState | null }) {
  if (!state) return null;
  return (
    <Badge tone={proofDecided(state) ? "success" : "warning"}>
      {PROOF_ADMIN_TEXTS.state(PROOF_STATE_LABELS[state])}
    </Badge>
  );
}
