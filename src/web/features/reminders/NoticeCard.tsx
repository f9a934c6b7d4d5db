import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import type { ReactNode } from "react";

/** A link page's one message: a refusal (alert) or its outcome (status). */
export function NoticeCard({ role, children }: { role: "alert" | "status"; children: ReactNode }) {
  return (
    <Card role={role} className="p-5 text-stone-900">
      {children}
    </Card>
  );
}

/**
 * A link page's question with its one button: what a press of it does, a refusal if the last
 * press failed, and the button (so a mail scanner that opens the link changes nothing).
 */
export function ConfirmCard(props: {
  intro: ReactNode;
  button: string;
  error: string | null;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <Card className="space-y-4 p-5 text-stone-900">
      <p>{props.intro}</p>
      {props.error ? <p role="alert">{props.error}</p> : null}
      <Button onClick={props.onConfirm} disabled={props.pending}>
        {props.button}
      </Button>
    </Card>
  );
}
