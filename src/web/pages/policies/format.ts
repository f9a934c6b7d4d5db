/** Pounds for running copy: 7500 -> "£75", 899 -> "£8.99" (whole pounds lose the ".00"). */
export { formatGbpForCopy as gbp } from "@shared/money";
