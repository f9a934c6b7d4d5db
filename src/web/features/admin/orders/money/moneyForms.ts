/** What the money panel's forms (refund, cancel, write to the customer) share: their fields' look and their answer. */
import type { AdminOrderDetail } from "@web/features/admin/api";

export const input =
  "min-h-11 rounded-lg border border-stone-300 bg-white px-3 py-2 text-base text-stone-900";

export const label = "flex flex-col gap-1 text-sm font-medium text-stone-800";

/** A form's success: the server's new order, or null when it has none to give. */
export type Done = (data: { order: AdminOrderDetail | null }) => void;
