import { capitaliseStatus } from "@shared/orders";
import { Badge } from "@web/components/ui/badge";

/** An order status's badge colour. */
export function statusTone(status: string) {
  const s = status.toLowerCase();
  if (s === "delivered") return "success" as const;
  if (s === "cancelled" || s === "refunded") return "danger" as const;
  if (s === "pending") return "warning" as const;
  if (s === "dispatched" || s === "in_transit") return "neutral" as const;
  return "glow" as const;
}

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={statusTone(status)}>{capitaliseStatus(status)}</Badge>;
}

export function TestBadge() {
  return (
    <Badge tone="warning" className="whitespace-nowrap">
      TEST
    </Badge>
  );
}
