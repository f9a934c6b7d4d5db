/**
 * The review page's calls (issue 20): the signed link's order and the review it sends. Typed
 * client (answers from the routes).
 */
import type { ReviewSubmission } from "@shared/storefront-rules";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@web/lib/http/client";

export function fetchReviewLink(token: string) {
  return ok(api.reviews.request.$get({ query: { token } }));
}

export function submitReview(input: ReviewSubmission) {
  return ok(api.reviews.$post({ json: input }));
}

/** The link's order; a bad or used link is not retried. */
export const reviewLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ["reviews", "link", token] as const,
    queryFn: () => fetchReviewLink(token),
    retry: false,
  });
