import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { buttonClasses } from "@web/components/ui/button";
import { adminQueries } from "@web/features/admin/api";
import { ArrowLeft, Printer } from "lucide-react";
import {
  AdminHeading,
  formatDateTime,
  LoadError,
  Loading,
  StatusBadge,
  TestBadge,
  useAdminTitle,
} from "../ui";
import { AddressCard } from "./detail/AddressCard";
import { DocumentsCard } from "./detail/DocumentsCard";
import { HistoryCard } from "./detail/HistoryCard";
import { ItemsCard } from "./detail/ItemsCard";
import { NotesCard } from "./detail/NotesCard";
import { PaymentCard } from "./detail/PaymentCard";
import { StatusCard } from "./detail/StatusCard";
import { GiftCard } from "./GiftCard";
import { MoneyPanel } from "./money/MoneyPanel";
import { PhotoReviewPanel } from "./PhotoReviewPanel";
import { PrintFilesPanel } from "./print-files/PrintFilesPanel";

export function OrderDetailPage() {
  const { id = "" } = useParams();
  useAdminTitle("Order");
  const q = useQuery(adminQueries.order(id));

  if (q.isPending) return <Loading />;
  if (q.isError) {
    return (
      <>
        <BackLink />
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      </>
    );
  }
  const order = q.data;
  return (
    <>
      <BackLink />
      <AdminHeading
        title={
          <>
            Order <span className="font-mono">#{order.displayNumber}</span>
          </>
        }
        intro={
          <span className="flex flex-wrap items-center gap-2">
            <StatusBadge status={order.status} />
            {order.testMode ? <TestBadge /> : null}
            {order.waitingForPhoto ? (
              <Badge tone="warning">{ADMIN_MESSAGE_TEXTS.photoReview.waiting}</Badge>
            ) : null}
            <Badge>{order.isGuest ? "Guest order" : "Customer order"}</Badge>
            <span>Placed {formatDateTime(order.createdAt)}</span>
          </span>
        }
        actions={
          <Link to={`/admin/orders/${order.id}/packing-slip`} className={buttonClasses("outline", "md")}>
            <Printer aria-hidden="true" className="h-4 w-4" /> Packing slip
          </Link>
        }
      />
      {/* On a phone the two columns become one list (their wrappers are `contents`), ordered for
          the bench: status, then photo review and print files near the top, the history last
          (issue 30). On a wide screen the status and address sit beside the items. */}
      <div className="flex flex-col gap-6 lg:grid lg:grid-cols-3">
        <div className="contents lg:col-span-2 lg:flex lg:flex-col lg:gap-6">
          <div className="order-4 lg:order-none">
            <ItemsCard order={order} />
          </div>
          <div className="order-2 empty:hidden lg:order-none">
            <PhotoReviewPanel order={order} />
          </div>
          <div className="order-3 empty:hidden lg:order-none">
            <PrintFilesPanel orderId={order.id} />
          </div>
          <div className="order-last lg:order-none">
            <HistoryCard order={order} />
          </div>
        </div>
        <div className="contents lg:flex lg:flex-col lg:gap-6">
          <div className="order-1 lg:order-none">
            <StatusCard order={order} />
          </div>
          <div className="order-5 flex flex-col gap-6 lg:order-none">
            <AddressCard order={order} />
            <GiftCard order={order} />
            <PaymentCard order={order} />
            <MoneyPanel order={order} />
            <DocumentsCard orderId={order.id} />
            <NotesCard order={order} />
          </div>
        </div>
      </div>
    </>
  );
}

function BackLink() {
  return (
    <Link
      to="/admin/orders"
      className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-stone-800 underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All orders
    </Link>
  );
}
