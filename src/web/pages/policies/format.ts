import { formatGbp, type Pence } from "@shared/money";

/** Pounds for running copy: 7500 -> "£75", 899 -> "£8.99" (whole pounds lose the ".00"). */
export function gbp(pence: Pence): string {
  const formatted = formatGbp(pence);
  return formatted.endsWith(".00") ? formatted.slice(0, -3) : formatted;
}
