/**
 * Issue 20's storefront in the admin area: the site's images and review moderation. Typed client
 * (answers from the routes), queryOptions per resource. The review page's own calls are in
 * features/reviews/api.ts; the storefront answer itself comes with every page (app/storefront.ts).
 */
import type { ReviewStatus, SiteImageSlot } from "@shared/storefront";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@web/lib/http/client";

export const storefrontKeys = {
  adminImages: ["admin", "site-images"] as const,
  adminReviews: (status: ReviewStatus | "") => ["admin", "reviews", status] as const,
};

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
  adminImages: () => queryOptions({ queryKey: storefrontKeys.adminImages, queryFn: fetchAdminSiteImages }),
  adminReviews: (status: ReviewStatus | "") =>
    queryOptions({ queryKey: storefrontKeys.adminReviews(status), queryFn: () => fetchAdminReviews(status) }),
};
