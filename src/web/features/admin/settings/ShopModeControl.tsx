/**
 * The shop's mode, "Now: Production" or "Now: Test", with why and the environment switch
 * (issue 47 item 7). It reads the same answer as the admin header's badge (the shop-mode query
 * and shopModeReason), so the two never disagree. Shown on Settings and on Data management.
 */
import { SHOP_MODE_TEXTS, shopModeReason } from "@shared/test-orders";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { adminQueries, type EnvironmentMode, setEnvironmentMode } from "@web/features/admin/api";
import { FlaskConical } from "lucide-react";
import { useState } from "react";
import { toast } from "sonner";
import { useTestOrdersView } from "../testOrders";
import { ConfirmDialog, Loading } from "../ui";

export function ShopModeControl() {
  const queryClient = useQueryClient();
  const { shop, pending } = useTestOrdersView();
  const [target, setTarget] = useState<EnvironmentMode | null>(null);
  const change = useMutation({
    mutationFn: (mode: EnvironmentMode) => setEnvironmentMode(mode),
    onSuccess: (r) => {
      setTarget(null);
      toast.success(r.mode === "test" ? "Test mode is on" : "Production mode is on", {
        description:
          r.mode === "test" ? "New orders are marked as test orders." : "New orders are real orders.",
      });
      void queryClient.invalidateQueries({ queryKey: adminQueries.all });
    },
    onError: (error) => toast.error("Mode not changed", { description: error.message }),
  });
  if (pending || shop.environmentMode === undefined) return <Loading />;
  const reason = shopModeReason(shop);
  const switchOn = shop.environmentMode === "test";
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-4">
        <p className="text-lg" aria-live="polite" data-testid="shop-mode-now">
          Now:{" "}
          {reason === "live" ? (
            <Badge tone="success" className="text-sm">
              {SHOP_MODE_TEXTS.badge.live}
            </Badge>
          ) : (
            <Badge tone="warning" className="text-sm">
              <FlaskConical aria-hidden="true" className="mr-1 h-4 w-4" /> {SHOP_MODE_TEXTS.badge.test}
            </Badge>
          )}
        </p>
        <Button
          variant={switchOn ? "primary" : "outline"}
          onClick={() => setTarget(switchOn ? "production" : "test")}
        >
          {switchOn ? "Switch to production mode" : "Switch to test mode"}
        </Button>
      </div>
      <p className="text-sm text-stone-700">{SHOP_MODE_TEXTS.reason[reason]}</p>
      {reason === "testPayments" || reason === "testShop" ? (
        <p className="text-sm text-stone-700">
          {SHOP_MODE_TEXTS.environmentSwitch(shop.environmentMode === "test" ? "test" : "production")}
        </p>
      ) : null}
      <ConfirmDialog
        open={target !== null}
        onOpenChange={(open) => {
          if (!open) setTarget(null);
        }}
        title={target === "test" ? "Switch to test mode?" : "Switch to production mode?"}
        description={
          target === "test"
            ? "Every order placed from now on is a test order, until you switch back. Customers placing orders meanwhile would have theirs marked as tests."
            : "Orders placed from now on are real orders again."
        }
        confirmLabel={target === "test" ? "Switch to test mode" : "Switch to production mode"}
        pending={change.isPending}
        onConfirm={() => target && change.mutate(target)}
      />
    </div>
  );
}
