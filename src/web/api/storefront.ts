/**
 * Issue 20's storefront on the web: the review page's link and submission, and the admin's
 * images and review moderation. Typed client (answers from the routes), queryOptions per
 * resource. The storefront answer itself comes with every page (app/storefront.ts).
 */
import type { ReviewStatus, SiteImageSlot } from "@shared/storefront";
import type { ReviewSubmission } from "@shared/storefront-rules";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "./client";

export const storefrontKeys = {
  reviewLink: (token: string) => ["reviews", "link", token] as const,
  adminImages: ["admin", "site-images"] as const,
  adminReviews: (status: ReviewStatus | "") => ["admin", "reviews", status] as const,
};

export function fetchReviewLink(token: string) {
  return ok(api.reviews.request.$get({ query: { token } }));
}

export function submitReview(input: ReviewSubmission) {
  return ok(api.reviews.$post({ json: input }));
}

export async function fetchAdminSiteImages() {
  return (await ok(api.admin["site-images"].$get())).images;
}

export async function createSiteImage(input: {
  slot: SiteImageSlot;
  uploadId: string;
  alt: string;
  enabled: boolean;
  sortOrder: number;
}) {
  return (await ok(api.admin["site-images"].$post({ json: input }))).image;
}

export async function updateSiteImage(
  id: string,
  input: { alt?: string; enabled?: boolean; sortOrder?: number },
) {
  return (await ok(api.admin["site-images"][":id"].$patch({ param: { id }, json: input }))).image;
}

export async function deleteSiteImage(id: string) {
  await ok(api.admin["site-images"][":id"].$delete({ param: { id } }));
}

export async function fetchAdminReviews(status: ReviewStatus | "") {
  return (await ok(api.admin.reviews.$get({ query: status ? { status } : {} }))).reviews;
}

export async function moderateReview(id: string, action: "approve" | "reject") {
  const route = api.admin.reviews[":id"];
  const answer =
    action === "approve" ? route.approve.$post({ param: { id } }) : route.reject.$post({ param: { id } });
  return (await ok(answer)).review;
}

export async function deleteReview(id: string) {
  await ok(api.admin.reviews[":id"].$delete({ param: { id } }));
}

export const storefrontQueries = {
  reviewLink: (token: string) =>
    queryOptions({
      queryKey: storefrontKeys.reviewLink(token),
      queryFn: () => fetchReviewLink(token),
      retry: false,
    }),
  adminImages: () => queryOptions({ queryKey: storefrontKeys.adminImages, queryFn: fetchAdminSiteImages }),
  adminReviews: (status: ReviewStatus | "") =>
    queryOptions({ queryKey: storefrontKeys.adminReviews(status), queryFn: () => fetchAdminReviews(status) }),
};
