/**
 * The customer's proof (issue 32): the order page's card and the e-mail's /proof link.
 *   GET /api/orders/:id/proof[?token=] -> { proof: ProofView | null }   (the order page)
 *   GET /api/proofs?token -> { proof }                                 (the e-mail's link)
 *   POST /api/proofs/approve {token}, POST /api/proofs/crop {token, itemId, cropPixels, crop}
 * Every answer carries the proof's own signed token, which the buttons use.
 */
import type { CropPixels } from "@shared/creator";
import { queryOptions } from "@tanstack/react-query";
import type { InferResponseType } from "hono/client";
import { api, ok } from "./client";

export type ProofView = NonNullable<InferResponseType<typeof api.proofs.$get, 200>["proof"]>;

/** While a crop's print file is made again (or the twin is not ready), the card looks again. */
const PROOF_POLL_MS = 5000;

export const proofKeys = {
  order: (orderId: string) => ["proof", "order", orderId] as const,
  link: (token: string) => ["proof", "link", token] as const,
};

export const proofQueries = {
  order: (orderId: string, token: string | null) =>
    queryOptions({
      queryKey: proofKeys.order(orderId),
      queryFn: async () =>
        (await ok(api.orders[":id"].proof.$get({ param: { id: orderId }, query: token ? { token } : {} })))
          .proof,
      staleTime: 0,
      refetchInterval: (query) => (query.state.data?.open ? PROOF_POLL_MS : false),
    }),
  link: (token: string) =>
    queryOptions({
      queryKey: proofKeys.link(token),
      queryFn: async () => (await ok(api.proofs.$get({ query: { token } }))).proof,
      retry: false,
      refetchInterval: (query) => (query.state.data?.open ? PROOF_POLL_MS : false),
    }),
};

export async function approveProof(token: string): Promise<ProofView> {
  return (await ok(api.proofs.approve.$post({ json: { token } }))).proof;
}

export async function changeProofCrop(input: {
  token: string;
  itemId: string;
  cropPixels: CropPixels;
  crop: { x: number; y: number; zoom: number };
}): Promise<ProofView> {
  return (await ok(api.proofs.crop.$post({ json: input }))).proof;
}
