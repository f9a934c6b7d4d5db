import { pluralise } from "@shared/messages";
import { formatGbp } from "@shared/money";
import { displayOrderNumber } from "@shared/orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import {
  adminQueries,
  type OrphanUploadPreview,
  previewOrphanUploads,
  previewTestOrders,
  purgeOrphanUploads,
  purgeTestOrders,
  type TestOrderPreview,
} from "@web/features/admin/api";
import { Eye, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { toast } from "sonner";
import { ShopModeControl } from "./settings/ShopModeControl";
import { AdminHeading, ConfirmDialog, FilterInput, formatDateTime, useAdminTitle } from "./ui";

function bytes(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

function Panel({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card className="p-5">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-2xl text-stone-900">
          {title}
        </h2>
        <p className="mt-1 text-stone-700">{intro}</p>
        <div className="mt-4">{children}</div>
      </section>
    </Card>
  );
}

export function DataManagementPage() {
  useAdminTitle("Data management");
  return (
    <>
      <AdminHeading
        title="Data management"
        intro="The shop's environment mode and clean-ups. Every clean-up shows what it will remove first, asks before it does, and is recorded in the activity log."
      />
      <div className="space-y-6">
        <EnvironmentPanel />
        <TestOrdersPanel />
        <OrphanUploadsPanel />
      </div>
    </>
  );
}

function EnvironmentPanel() {
  // The same answer as the header's badge and the Settings page (issue 47 item 7).
  return (
    <Panel
      id="env"
      title="Environment mode"
      intro="In test mode every new order is marked as a test order (TEST ORDER for the customer, kept apart in the figures). Use it to try the shop end to end."
    >
      <ShopModeControl />
    </Panel>
  );
}

function TestOrdersPanel() {
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<TestOrderPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const load = useMutation({
    mutationFn: previewTestOrders,
    onSuccess: setPreview,
    onError: (error) => toast.error("Preview failed", { description: error.message }),
  });
  const purge = useMutation({
    mutationFn: (count: number) => purgeTestOrders(count),
    onSuccess: (r) => {
      setConfirming(false);
      setPreview(null);
      toast.success("Test orders deleted", { description: `${pluralise(r.deleted, "test order")} removed.` });
      void queryClient.invalidateQueries({ queryKey: adminQueries.all });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error("Nothing deleted", { description: error.message });
      load.mutate();
    },
  });
  return (
    <Panel
      id="test-orders"
      title="Purge test orders"
      intro="Deletes every order marked as a test order, with its items, history, notes and print files. Real orders are never touched."
    >
      <Button variant="outline" onClick={() => load.mutate()} disabled={load.isPending}>
        <Eye aria-hidden="true" className="h-4 w-4" />{" "}
        {load.isPending ? "Checking..." : preview ? "Check again" : "Preview"}
      </Button>
      {preview ? (
        <div className="mt-4" aria-live="polite">
          <p className="font-medium text-stone-900">
            {preview.count === 0
              ? "There are no test orders."
              : `${pluralise(preview.count, "test order")} will be deleted:`}
          </p>
          {preview.count > 0 ? (
            <>
              <ul className="mt-2 max-h-64 divide-y divide-stone-100 overflow-auto rounded-lg border border-stone-200 text-sm">
                {preview.orders.map((o) => (
                  <li key={o.id} className="flex flex-wrap justify-between gap-2 px-3 py-2">
                    <span className="font-mono">#{displayOrderNumber(o.orderNumber)}</span>
                    <span className="break-all text-stone-700">{o.email}</span>
                    <span className="text-stone-700">{formatDateTime(o.createdAt)}</span>
                    <span className="tabular-nums">{formatGbp(o.totalAmount)}</span>
                  </li>
                ))}
              </ul>
              {preview.count > preview.orders.length ? (
                <p className="mt-1 text-sm text-stone-700">
                  …and {preview.count - preview.orders.length} more.
                </p>
              ) : null}
              <Button variant="destructive" className="mt-3" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" /> Delete{" "}
                {pluralise(preview.count, "test order")}
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete the test orders?"
        description={`${pluralise(preview?.count ?? 0, "test order")} will be deleted for good. This cannot be undone.`}
        confirmLabel="Delete test orders"
        destructive
        pending={purge.isPending}
        onConfirm={() => preview && purge.mutate(preview.count)}
      />
    </Panel>
  );
}

function OrphanUploadsPanel() {
  const [days, setDays] = useState("30");
  const [preview, setPreview] = useState<OrphanUploadPreview | null>(null);
  const [confirming, setConfirming] = useState(false);
  const n = Number(days);
  const validDays = Number.isInteger(n) && n >= 1 && n <= 3650;
  const load = useMutation({
    mutationFn: () => previewOrphanUploads(n),
    onSuccess: setPreview,
    onError: (error) => toast.error("Preview failed", { description: error.message }),
  });
  const purge = useMutation({
    mutationFn: (p: OrphanUploadPreview) => purgeOrphanUploads(p.days, p.count),
    onSuccess: (r) => {
      setConfirming(false);
      setPreview(null);
      toast.success("Unused images removed", {
        description: `${r.deleted} upload(s), ${r.filesDeleted} file(s).`,
      });
    },
    onError: (error) => {
      setConfirming(false);
      toast.error("Nothing removed", { description: error.message });
      load.mutate();
    },
  });
  return (
    <Panel
      id="orphans"
      title="Remove unused uploaded images"
      intro="Photos uploaded to the creator that no saved cart and no order uses. Guests' carts live in their own browser, so keep recent uploads: only images older than the number of days below are removed."
    >
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          if (validDays) load.mutate();
        }}
      >
        <FilterInput
          label="Older than (days)"
          type="number"
          value={days}
          onChange={(v) => {
            setDays(v);
            setPreview(null);
          }}
          className="w-40"
        />
        <Button type="submit" variant="outline" disabled={!validDays || load.isPending}>
          <Eye aria-hidden="true" className="h-4 w-4" /> {load.isPending ? "Checking..." : "Preview"}
        </Button>
      </form>
      {!validDays ? (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          Enter a whole number of days from 1 to 3650.
        </p>
      ) : null}
      {preview ? (
        <div className="mt-4" aria-live="polite">
          <p className="font-medium text-stone-900">
            {preview.count === 0
              ? `No unused images older than ${preview.days} days.`
              : `${pluralise(preview.count, "unused upload")} older than ${preview.days} days (${bytes(preview.bytes)}) will be removed:`}
          </p>
          {preview.count > 0 ? (
            <>
              <ul className="mt-2 grid max-h-72 grid-cols-2 gap-3 overflow-auto rounded-lg border border-stone-200 p-3 sm:grid-cols-4 lg:grid-cols-6">
                {preview.uploads.map((u) => (
                  <li key={u.id} className="text-xs text-stone-700">
                    <img
                      src={u.previewUrl}
                      alt=""
                      loading="lazy"
                      className="aspect-square w-full rounded-md bg-stone-100 object-cover"
                    />
                    <span className="mt-1 block">{formatDateTime(u.createdAt)}</span>
                    <span className="block">
                      {u.width}×{u.height}, {bytes(u.bytes)}
                    </span>
                  </li>
                ))}
              </ul>
              {preview.count > preview.uploads.length ? (
                <p className="mt-1 text-sm text-stone-700">
                  …and {preview.count - preview.uploads.length} more.
                </p>
              ) : null}
              <Button variant="destructive" className="mt-3" onClick={() => setConfirming(true)}>
                <Trash2 aria-hidden="true" className="h-4 w-4" /> Remove {preview.count} upload(s)
              </Button>
            </>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Remove the unused images?"
        description={`${pluralise(preview?.count ?? 0, "upload")} and their files will be deleted for good.`}
        confirmLabel="Remove images"
        destructive
        pending={purge.isPending}
        onConfirm={() => preview && purge.mutate(preview)}
      />
    </Panel>
  );
}
