/**
 * The customer's proof (issue 32): the order page's card and the e-mail's /proof link.
 *   GET /api/orders/:id/proof[?token=] -> { proof: ProofView | null }   (the order page)
 *   GET /api/proofs?token -> { proof }                                 (the e-mail's link)
 *   GET /api/proofs/status?token -> {version, state, open}          (polled, ETag/304)
 *   POST /api/proofs/approve {token}, POST /api/proofs/crop {token, itemId, cropPixels, crop}
 * Every answer carries the proof's own signed token, which the buttons use. The card does not
 * poll the whole proof: it polls the status (cheap, its own limit) while the proof is open and
 * refetches the proof when the status's version moves (issue 44 item 3).
 */
import type { CropPixels } from "@shared/creator";
import { PROOF_POLL_SECONDS } from "@shared/proofs";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@web/lib/http/client";
import type { InferResponseType } from "hono/client";

export type ProofView = NonNullable<InferResponseType<typeof api.proofs.$get, 200>["proof"]>;

export const proofKeys = {
  order: (orderId: string) => ["proof", "order", orderId] as const,
  link: (token: string) => ["proof", "link", token] as const,
  status: (token: string) => ["proof", "status", token] as const,
};

export const proofQueries = {
  order: (orderId: string, token: string | null) =>
    queryOptions({
      queryKey: proofKeys.order(orderId),
      queryFn: async () =>
        (await ok(api.orders[":id"].proof.$get({ param: { id: orderId }, query: token ? { token } : {} })))
          .proof,
      staleTime: 0,
    }),
  link: (token: string) =>
    queryOptions({
      queryKey: proofKeys.link(token),
      queryFn: async () => (await ok(api.proofs.$get({ query: { token } }))).proof,
      retry: false,
    }),
  /**
   * The proof's status, asked every PROOF_POLL_SECONDS while it is open. `no-cache`: the browser
   * revalidates with the ETag it kept, and the server answers 304 while nothing changed.
   */
  status: (token: string) =>
    queryOptions({
      queryKey: proofKeys.status(token),
      queryFn: async () => ok(api.proofs.status.$get({ query: { token } }, { init: { cache: "no-cache" } })),
      staleTime: 0,
      retry: false,
      refetchInterval: (query) => (query.state.data?.open === false ? false : PROOF_POLL_SECONDS * 1000),
    }),
};

/** Approves the given panels, or every panel still open (none given: "Approve all"). */
export async function approveProof(
  token: string,
  panels?: ReadonlyArray<{ itemId: string; panelIndex: number }>,
): Promise<ProofView> {
  return (await ok(api.proofs.approve.$post({ json: { token, ...(panels ? { panels: [...panels] } : {}) } })))
    .proof;
}

export async function changeProofCrop(input: {
  token: string;
  itemId: string;
  panelIndex: number;
  cropPixels: CropPixels;
  crop: { x: number; y: number; zoom: number };
}): Promise<ProofView> {
  return (await ok(api.proofs.crop.$post({ json: input }))).proof;
}
