import { ADMIN_MESSAGE_TEXTS } from "@shared/admin-messages";
import { formatGbp } from "@shared/money";
import { useQuery } from "@tanstack/react-query";
import { buttonClasses } from "@web/components/ui/button";
import { adminQueries, documentPdfUrl } from "@web/features/admin/api";
import { FileText } from "lucide-react";
import { LoadError, Loading } from "../../ui";
import { Section } from "./DetailSection";

/** The order's invoice and credit notes as PDFs (issue 18). */
export function DocumentsCard({ orderId }: { orderId: string }) {
  const query = useQuery(adminQueries.documents(orderId));
  const D = ADMIN_MESSAGE_TEXTS.documents;
  return (
    <Section title={D.title}>
      {query.isPending ? <Loading /> : null}
      {query.isError ? <LoadError error={query.error} onRetry={() => void query.refetch()} /> : null}
      {query.data && query.data.length === 0 ? <p className="text-sm text-stone-700">{D.none}</p> : null}
      {query.data && query.data.length > 0 ? (
        <ul className="space-y-2">
          {query.data.map((doc) => (
            <li key={doc.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                <span className="font-medium text-stone-900">
                  {doc.kind.includes("credit") ? D.creditNote : D.invoice} {doc.label}
                </span>
                <span className="block text-stone-700">
                  {formatGbp(doc.totalPence)}
                  {doc.vatPence > 0 ? ` (VAT ${formatGbp(doc.vatPence)})` : ""}
                </span>
              </span>
              <a href={documentPdfUrl(doc.id)} download className={buttonClasses("outline", "sm")}>
                <FileText aria-hidden="true" className="h-4 w-4" /> PDF
                <span className="sr-only"> {doc.label}</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </Section>
  );
}
