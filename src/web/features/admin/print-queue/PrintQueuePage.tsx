/**
 * The print queue across orders (issue 47 item 10): the bench's one list of what to print. Each
 * panel of the paid orders not yet dispatched, grouped by stage (ready to print first), the
 * earliest dispatch-by first; a ready panel's file downloads from here. Cards on every width, so
 * a phone at the printer reads it as well as the desk.
 */
import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { PRINT_QUEUE_STAGES, type PrintQueueStage, PRINT_QUEUE_TEXTS as T } from "@shared/print-queue";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { adminQueries, type PrintQueueView, printFileUrl } from "@web/features/admin/api";
import { Download } from "lucide-react";
import { useTestOrdersView } from "../testOrders";
import { AdminHeading, formatDay, LoadError, Loading, TestBadge, useAdminTitle } from "../ui";

const E = ADMIN_MESSAGE_TEXTS.estimates;
type QueuePanel = PrintQueueView["panels"][number];

export function PrintQueuePage() {
  useAdminTitle(T.title);
  const { includeTest, pending } = useTestOrdersView();
  const q = useQuery({ ...adminQueries.printQueue(includeTest), enabled: !pending });
  return (
    <>
      <AdminHeading title={T.title} intro={T.intro} />
      {q.isPending ? <Loading /> : null}
      {q.isError ? <LoadError error={q.error} onRetry={() => q.refetch()} /> : null}
      {q.data ? <Queue data={q.data} /> : null}
    </>
  );
}

function Queue({ data }: { data: PrintQueueView }) {
  if (data.panels.length === 0)
    return (
      <Card>
        <p className="text-stone-700">{T.empty}</p>
      </Card>
    );
  return (
    <div className="space-y-8">
      <p role="status" className="font-medium text-stone-900">
        {T.summary(data.counts.ready, data.panels.length)}
      </p>
      {PRINT_QUEUE_STAGES.filter((stage) => data.counts[stage] > 0).map((stage) => (
        <Stage key={stage} stage={stage} panels={data.panels.filter((p) => p.stage === stage)} />
      ))}
    </div>
  );
}

function Stage({ stage, panels }: { stage: PrintQueueStage; panels: readonly QueuePanel[] }) {
  const id = `stage-${stage}`;
  return (
    <section aria-labelledby={id} data-testid={id}>
      <h2 id={id} className="text-xl text-stone-900">
        {T.stages[stage]} <span className="tabular-nums text-stone-700">({panels.length})</span>
      </h2>
      <p className="mb-3 text-sm text-stone-700">{T.stageHint[stage]}</p>
      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {panels.map((panel) => (
          <li key={panel.jobId}>
            <QueueCard panel={panel} />
          </li>
        ))}
      </ul>
    </section>
  );
}

function QueueCard({ panel }: { panel: QueuePanel }) {
  const estimate =
    panel.printSeconds !== null && panel.filamentGrams !== null
      ? E.perPanel(E.hours(panel.printSeconds), E.grams(panel.filamentGrams))
      : null;
  return (
    <Card className="flex h-full flex-col gap-2 p-4 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <Link to={`/admin/orders/${panel.orderId}`} className="font-mono font-medium underline">
          #{panel.displayNumber}
        </Link>
        {panel.testMode ? <TestBadge /> : null}
        {panel.express ? <Badge tone="glow">Express</Badge> : null}
        {panel.processing === "colour" ? <Badge tone="neutral">Colour</Badge> : null}
      </p>
      <p className="font-medium text-stone-900">
        {T.panel(panel.itemNumber, panel.panelNumber, panel.panelCount)}
      </p>
      {panel.dispatchBy ? (
        <p className={panel.overdue ? "font-semibold text-red-800" : "text-stone-800"}>
          {panel.overdue ? "Overdue · " : ""}
          {T.dispatchBy} {formatDay(panel.dispatchBy)}
        </p>
      ) : null}
      {estimate ? <p className="tabular-nums text-stone-700">{estimate}</p> : null}
      {panel.stage === "ready" || panel.stage === "printing" ? (
        <a
          href={printFileUrl(panel.orderId, panel.jobId)}
          download={panel.fileName}
          className={`${buttonClasses("outline", "sm")} mt-auto w-fit`}
        >
          <Download aria-hidden="true" className="h-4 w-4" /> {T.download}
        </a>
      ) : null}
    </Card>
  );
}
