import { CUSTOMER_MAIL_TEXTS as T } from "@shared/customer-mail";
import { useMutation } from "@tanstack/react-query";
import { confirmReminders } from "@web/api/cart-reminders";
import { useSearchParams } from "@web/app/routing";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Page } from "@web/components/ui/page";

/**
 * The link of a reminder request's confirmation e-mail (issue 46, double opt-in): one button,
 * so a mail scanner opening the link turns nothing on. Until it is pressed no reminder goes.
 */
export function ConfirmRemindersPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const send = useMutation({ mutationFn: () => confirmReminders(token) });

  let body: React.ReactNode;
  if (!token) {
    body = (
      <Card role="alert" className="p-5 text-stone-900">
        {T.confirmInvalid}
      </Card>
    );
  } else if (send.isSuccess) {
    body = (
      <Card role="status" className="p-5 text-stone-900">
        {send.data.message}
      </Card>
    );
  } else {
    body = (
      <Card className="space-y-4 p-5 text-stone-900">
        <p>{T.confirmIntro}</p>
        {send.isError ? <p role="alert">{send.error.message}</p> : null}
        <Button onClick={() => send.mutate()} disabled={send.isPending}>
          {T.confirmButton}
        </Button>
      </Card>
    );
  }
  return <Page title={T.confirmTitle}>{body}</Page>;
}
