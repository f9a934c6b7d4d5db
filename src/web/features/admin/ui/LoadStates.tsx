import { buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { RefreshCw } from "lucide-react";

/** While an admin screen's data loads. */
export function Loading({ label = "Loading..." }: { label?: string }) {
  return (
    <p role="status" className="py-10 text-center text-stone-600">
      {label}
    </p>
  );
}

export function LoadError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : "Something went wrong.";
  return (
    <Card role="alert" className="border-red-200 bg-red-50 text-red-900">
      <p className="font-medium">We couldn't load this just now.</p>
      <p className="mt-1 text-sm">{message}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={cn(buttonClasses("outline", "sm"), "mt-3")}>
          <RefreshCw aria-hidden="true" className="h-4 w-4" /> Try again
        </button>
      ) : null}
    </Card>
  );
}
