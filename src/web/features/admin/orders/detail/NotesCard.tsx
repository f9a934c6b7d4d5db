import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { TextAreaField } from "@web/components/ui/field";
import { type AdminOrderDetail, addOrderNote, adminQueries } from "@web/features/admin/api";
import { useState } from "react";
import { toast } from "sonner";
import { formatDateTime } from "../../ui";
import { Section } from "./DetailSection";

/** The order's internal notes, and a form to add one. */
export function NotesCard({ order }: { order: AdminOrderDetail }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState("");
  const mutation = useMutation({
    mutationFn: () => addOrderNote(order.id, body.trim()),
    onSuccess: () => {
      setBody("");
      toast.success("Note added");
      void queryClient.invalidateQueries({ queryKey: adminQueries.order(order.id).queryKey });
    },
    onError: (error) => toast.error("Note not added", { description: error.message }),
  });
  return (
    <Section title="Internal notes">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (body.trim()) mutation.mutate();
        }}
        className="space-y-2"
      >
        <TextAreaField
          label="Add a note (only admins see it)"
          rows={3}
          maxLength={5000}
          value={body}
          onChange={(e) => setBody(e.target.value)}
        />
        <Button type="submit" variant="outline" size="sm" disabled={!body.trim() || mutation.isPending}>
          {mutation.isPending ? "Saving..." : "Add note"}
        </Button>
      </form>
      <ul className="mt-4 space-y-3">
        {order.notes.map((n) => (
          <li key={n.id} className="rounded-lg bg-stone-100 p-3 text-sm">
            <p className="whitespace-pre-wrap text-stone-900">{n.body}</p>
            <p className="mt-1 text-xs text-stone-700">
              {n.authorEmail ?? "Unknown"} · {formatDateTime(n.at)}
            </p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
