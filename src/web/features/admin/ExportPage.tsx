import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { type ExportFormat, type ExportResource, exportUrl } from "@web/features/admin/api";
import { Download } from "lucide-react";
import { useState } from "react";
import { AdminHeading, FilterInput, useAdminTitle } from "./ui";

const RESOURCES: Array<{ id: ExportResource; title: string; description: string }> = [
  {
    id: "orders",
    title: "Orders with items",
    description:
      "Every order placed in the range: customer, address, totals, payment and tracking, with one CSV line per item.",
  },
  {
    id: "customers",
    title: "Customers",
    description:
      "Accounts created in the range, with their profile, role, MFA state, order count and paid total.",
  },
  {
    id: "products",
    title: "Products",
    description:
      "The accessory catalogue (products added in the range; leave the dates empty for all of it).",
  },
];

export function ExportPage() {
  useAdminTitle("Export");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const invalid = Boolean(from && to && from > to);
  const range = { ...(from ? { from } : {}), ...(to ? { to } : {}) };
  const link = (resource: ExportResource, fmt: ExportFormat) =>
    exportUrl(resource, { format: fmt, ...range });

  return (
    <>
      <AdminHeading
        title="Export"
        intro="Download orders, customers or products as CSV (for spreadsheets) or JSON. Files are streamed, so large exports are fine. Every export is recorded in the activity log."
      />
      <Card className="mb-6 p-4">
        <fieldset>
          <legend className="text-lg font-medium text-stone-900">Date range (UK time, optional)</legend>
          <div className="mt-2 grid max-w-lg grid-cols-2 gap-3">
            <FilterInput label="From" type="date" value={from} onChange={setFrom} />
            <FilterInput label="To" type="date" value={to} onChange={setTo} />
          </div>
          {invalid ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-700">
              The start date must be on or before the end date.
            </p>
          ) : (
            <p className="mt-2 text-sm text-stone-700">
              {from || to
                ? `Rows created ${from ? `from ${from}` : ""} ${to ? `to ${to}` : ""}.`
                : "No dates: everything."}
            </p>
          )}
        </fieldset>
      </Card>
      <ul className="grid gap-4 md:grid-cols-3">
        {RESOURCES.map((r) => (
          <li key={r.id}>
            <Card className="flex h-full flex-col p-5">
              <h2 className="text-xl text-stone-900">{r.title}</h2>
              <p className="mt-2 flex-1 text-sm text-stone-700">{r.description}</p>
              <div className="mt-4 flex flex-wrap gap-2">
                {(["csv", "json"] as const).map((fmt) => (
                  <a
                    key={fmt}
                    href={invalid ? undefined : link(r.id, fmt)}
                    aria-disabled={invalid || undefined}
                    download
                    className={buttonClasses(fmt === "csv" ? "primary" : "outline", "sm")}
                  >
                    <Download aria-hidden="true" className="h-4 w-4" /> {fmt.toUpperCase()}
                    <span className="sr-only"> of {r.title.toLowerCase()}</span>
                  </a>
                ))}
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-stone-700">
        Exports contain personal data. Keep downloaded files safe and delete them when you no longer need them
        (UK GDPR). Spreadsheet formulas in text are neutralised with a leading apostrophe.
      </p>
    </>
  );
}
