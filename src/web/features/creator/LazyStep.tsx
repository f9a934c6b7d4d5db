import { MESSAGES } from "@shared/messages";
import { LoadBoundary } from "@web/components/ui/load-boundary";
import { type ReactNode, Suspense } from "react";
import { OptionsLoading } from "./OptionsLoading";

/** A step whose controls are a lazy chunk: its skeleton while they load, a line if they cannot. */
export function LazyStep({ children }: { children: ReactNode }) {
  return (
    <LoadBoundary fallback={<p role="alert">{MESSAGES.common.unexpectedError}</p>}>
      <Suspense fallback={<OptionsLoading />}>{children}</Suspense>
    </LoadBoundary>
  );
}
