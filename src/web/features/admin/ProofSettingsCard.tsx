/**
 * The customer proof setting (issue 32): whether each paid order waits for the customer's
 * approval of a proof, and how many hours before it is approved by itself.
 */
import { MAX_PROOF_WINDOW_HOURS, MIN_PROOF_WINDOW_HOURS, PROOF_ADMIN_TEXTS as T } from "@shared/proofs";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { api, ok } from "@web/lib/http/client";
import { useState } from "react";
import { toast } from "sonner";

const proofSettingsQuery = queryOptions({
  queryKey: ["admin", "settings", "proofs"] as const,
  queryFn: () => ok(api.admin.settings.proofs.$get()),
});

export function ProofSettingsCard() {
  const q = useQuery(proofSettingsQuery);
  if (!q.data) return null;
  return <ProofSettingsForm key={`${q.data.enabled}:${q.data.windowHours}`} initial={q.data} />;
}

function ProofSettingsForm({ initial }: { initial: { enabled: boolean; windowHours: number } }) {
  const client = useQueryClient();
  const [enabled, setEnabled] = useState(initial.enabled);
  const [hours, setHours] = useState(String(initial.windowHours));
  const save = useMutation({
    mutationFn: () => ok(api.admin.settings.proofs.$put({ json: { enabled, windowHours: Number(hours) } })),
    onSuccess: (data) => {
      client.setQueryData(proofSettingsQuery.queryKey, data);
      toast.success(T.settingSaved);
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <Card className="p-5">
      <section aria-labelledby="proof-settings">
        <h2 id="proof-settings" className="text-xl text-stone-900">
          {T.settingTitle}
        </h2>
        <form
          className="mt-3 space-y-3"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate();
          }}
        >
          <label className="flex min-h-11 items-center gap-2 text-sm text-stone-900">
            <input
              type="checkbox"
              className="h-5 w-5"
              checked={enabled}
              onChange={(e) => setEnabled(e.target.checked)}
            />
            {T.settingEnabled}
          </label>
          <label className="flex flex-wrap items-center gap-2 text-sm text-stone-900">
            {T.settingHours}
            <input
              type="number"
              min={MIN_PROOF_WINDOW_HOURS}
              max={MAX_PROOF_WINDOW_HOURS}
              step={1}
              value={hours}
              onChange={(e) => setHours(e.target.value)}
              className="h-11 w-24 rounded-md border border-stone-300 px-2"
            />
          </label>
          <Button type="submit" size="sm" disabled={save.isPending}>
            Save
          </Button>
        </form>
      </section>
    </Card>
  );
}
