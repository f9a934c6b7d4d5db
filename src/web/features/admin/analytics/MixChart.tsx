import { formatGbp } from "@shared/money";
import type { AnalyticsReport } from "@web/features/admin/api";
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { ChartSection } from "./ChartSection";
import { BAR } from "./chartColours";
import { DataTable } from "./DataTable";

const pounds = (pence: number) => formatGbp(pence);

type Breakdown = AnalyticsReport["bundles"][number];

const FRAME_HEX: Record<string, string> = {
  white: "#e7e5e4",
  black: "#1c1c1c",
  brown: "#6b4226",
  gray: "#808080",
  silver: "#c0c0c0",
  gold: "#d4af37",
};

/** One breakdown (bundles, frame colours, shapes, accessories) as bars with its table. */
export function MixChart({
  id,
  title,
  rows,
  colourful,
}: {
  id: string;
  title: string;
  rows: Breakdown[];
  colourful?: boolean;
}) {
  return (
    <ChartSection
      id={id}
      title={title}
      summary={
        rows.length === 0
          ? "Nothing sold in this range."
          : rows.map((r) => `${r.label}: ${r.count}`).join(", ")
      }
      table={
        <DataTable
          caption={title}
          head={["Name", "Sold", "Revenue"]}
          rows={rows.map((r) => [r.label, r.count, pounds(r.revenue)])}
        />
      }
    >
      {rows.length === 0 ? (
        <p className="py-8 text-center text-stone-700">Nothing sold in this range.</p>
      ) : (
        <ResponsiveContainer width="100%" height={Math.max(140, rows.length * 40 + 40)}>
          <BarChart data={rows} layout="vertical" margin={{ top: 8, right: 24, bottom: 0, left: 8 }}>
            <CartesianGrid stroke="#e7e5e4" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fill: "#44403c", fontSize: 12 }} />
            <YAxis type="category" dataKey="label" width={140} tick={{ fill: "#44403c", fontSize: 12 }} />
            <Tooltip formatter={(v) => [String(v), "Sold"]} />
            <Bar dataKey="count" fill={BAR} stroke="#44403c" maxBarSize={32} isAnimationActive={false}>
              {colourful ? rows.map((r) => <Cell key={r.id} fill={FRAME_HEX[r.id] ?? BAR} />) : null}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      )}
    </ChartSection>
  );
}
