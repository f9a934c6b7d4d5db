import { PROOF_ADMIN_TEXTS as PA, PROOF_STATE_LABELS, proofAllowsPrinting } from "@shared/proofs";
import { formatShopMoment } from "@shared/shop-dates";
import type { OrderPrintJobs } from "@web/features/admin/api";

const when = formatShopMoment;

/** The customer's proof (issue 32): its state, when it approves itself, and "do not print yet". */
export function ProofState({ proof }: { proof: OrderPrintJobs["proof"] }) {
  if (!proof) return null;
  const waiting = !proofAllowsPrinting(proof.state);
  return (
    <div
      className={`mb-3 rounded-lg px-3 py-2 text-sm ${waiting ? "bg-amber-50 text-amber-900" : "bg-emerald-50 text-emerald-900"}`}
      data-testid="proof-state"
      data-state={proof.state}
    >
      <p className="font-medium">{PA.state(PROOF_STATE_LABELS[proof.state])}</p>
      {waiting ? <p>{PA.doNotPrint}</p> : null}
      <p>
        {waiting && !proof.mailedAt
          ? PA.notMailed
          : waiting
            ? PA.dueBy(when(proof.dueAt))
            : proof.decidedAt
              ? PA.decidedAt(when(proof.decidedAt))
              : null}
      </p>
      {proof.changes > 0 ? <p>{PA.changes(proof.changes)}</p> : null}
      {proof.panels.length > 1 ? (
        <ul className="mt-1 list-disc pl-5" data-testid="proof-panels">
          {proof.panels.map((panel) => (
            <li key={`${panel.itemNumber}-${panel.panelNumber}`} data-state={panel.state}>
              {PA.panelState(
                PA.panelLabel(panel.itemNumber, panel.panelNumber, panel.panelCount),
                PROOF_STATE_LABELS[panel.state],
              )}
              {panel.changes > 0 ? ` (${PA.changes(panel.changes).toLowerCase()})` : ""}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
