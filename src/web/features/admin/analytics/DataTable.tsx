import { td, th } from "../ui";

/** A chart's data as a plain table. */
export function DataTable({
  caption,
  head,
  rows,
}: {
  caption: string;
  head: string[];
  rows: Array<Array<string | number>>;
}) {
  return (
    <div className="relative mt-2 max-h-80 overflow-auto rounded-lg border border-stone-200">
      <table className="w-full">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-stone-50">
          <tr>
            {head.map((h, i) => (
              <th key={h} scope="col" className={i === 0 ? th : `${th} text-right`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length} className={`${td} text-center text-stone-700`}>
                No data.
              </td>
            </tr>
          ) : null}
          {rows.map((r, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows are positional and never reordered
            <tr key={i}>
              {r.map((cell, j) =>
                j === 0 ? (
                  <th key={head[j]} scope="row" className={`${td} text-left font-medium`}>
                    {cell}
                  </th>
                ) : (
                  <td key={head[j]} className={`${td} text-right tabular-nums`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
