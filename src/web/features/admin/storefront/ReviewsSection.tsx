import type { ReviewStatus } from "@shared/storefront";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { deleteReview, moderateReview, storefrontQueries } from "@web/features/admin/api";
import { useState } from "react";
import { toast } from "sonner";
import { LoadError, Loading, StatusBadge } from "../ui";
import { FIELD } from "./inputClass";

/** Customers' reviews by status: approve, reject or delete. */
export function ReviewsSection() {
  const [status, setStatus] = useState<ReviewStatus | "">("pending");
  const reviews = useQuery(storefrontQueries.adminReviews(status));
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ["admin", "reviews"] });
  const moderate = useMutation({
    mutationFn: (input: { id: string; action: "approve" | "reject" }) =>
      moderateReview(input.id, input.action),
    onSuccess: (review) => {
      toast.success(review.status === "approved" ? "Review approved" : "Review rejected");
      void refresh();
    },
    onError: (error) => toast.error("Could not update the review", { description: error.message }),
  });
  const remove = useMutation({
    mutationFn: deleteReview,
    onSuccess: () => {
      toast.success("Review deleted");
      void refresh();
    },
    onError: (error) => toast.error("Could not delete the review", { description: error.message }),
  });
  return (
    <section aria-labelledby="reviews-admin-title">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="reviews-admin-title" className="text-2xl text-stone-900">
          Reviews
        </h2>
        <label className="flex items-center gap-2 text-sm">
          Show
          <select
            value={status}
            onChange={(e) => setStatus(e.target.value as ReviewStatus | "")}
            className={FIELD}
          >
            <option value="pending">Waiting for approval</option>
            <option value="approved">Approved</option>
            <option value="rejected">Rejected</option>
            <option value="">All</option>
          </select>
        </label>
      </div>
      {reviews.isPending ? <Loading /> : null}
      {reviews.isError ? <LoadError error={reviews.error} onRetry={() => reviews.refetch()} /> : null}
      {reviews.data?.length === 0 ? <p className="mt-4 text-stone-600">No reviews here.</p> : null}
      <ul className="mt-4 space-y-3">
        {reviews.data?.map((r) => (
          <li key={r.id}>
            <Card className="flex flex-col gap-3 p-4 sm:flex-row">
              {r.photoUrl ? (
                <img src={r.photoUrl} alt="" className="h-24 w-24 shrink-0 rounded-md object-cover" />
              ) : null}
              <div className="min-w-0 flex-1">
                <p className="text-sm text-stone-600">
                  Order #{r.orderNumber} · {new Date(r.createdAt).toLocaleDateString("en-GB")} ·{" "}
                  <StatusBadge status={r.status} />
                </p>
                <p className="mt-1 font-medium text-stone-900">
                  {"★".repeat(r.rating)}
                  {"☆".repeat(5 - r.rating)} <span className="sr-only">{r.rating} out of 5</span>
                </p>
                <p className="mt-1 whitespace-pre-wrap break-words text-stone-800">{r.body}</p>
                <p className="mt-1 text-sm text-stone-700">
                  {r.name}
                  {r.place ? `, ${r.place}` : ""}
                </p>
              </div>
              <div className="flex shrink-0 flex-wrap items-start gap-2">
                {r.status !== "approved" ? (
                  <Button
                    size="sm"
                    variant="glow"
                    onClick={() => moderate.mutate({ id: r.id, action: "approve" })}
                    aria-label={`Approve the review by ${r.name}`}
                  >
                    Approve
                  </Button>
                ) : null}
                {r.status !== "rejected" ? (
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => moderate.mutate({ id: r.id, action: "reject" })}
                    aria-label={`Reject the review by ${r.name}`}
                  >
                    Reject
                  </Button>
                ) : null}
                <Button
                  size="sm"
                  variant="ghost"
                  onClick={() => {
                    if (window.confirm("Delete this review for good?")) remove.mutate(r.id);
                  }}
                >
                  Delete
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
