import { CUSTOMER_MAIL_TEXTS as T } from "@shared/customer-mail";
import { useMutation, useQuery } from "@tanstack/react-query";
import { confirmUnsubscribe, fetchUnsubscribeTarget } from "@web/api/cart-reminders";
import { useSearchParams } from "@web/app/routing";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Page } from "@web/components/ui/page";

/**
 * The unsubscribe link in a cart reminder or review request (issue 33): one button. Mail
 * providers use the same address's one-click POST (RFC 8058) without this page.
 */
export function UnsubscribePage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const target = useQuery({
    queryKey: ["unsubscribe", token],
    queryFn: () => fetchUnsubscribeTarget(token),
    enabled: token !== "",
    retry: false,
  });
  const send = useMutation({ mutationFn: () => confirmUnsubscribe(token) });

  let body: React.ReactNode;
  if (!token || target.isError) {
    body = (
      <Card role="alert" className="p-5 text-stone-900">
        {target.error?.message ?? T.unsubscribeInvalid}
      </Card>
    );
  } else if (send.isSuccess) {
    body = (
      <Card role="status" className="p-5 text-stone-900">
        {send.data.message}
      </Card>
    );
  } else if (target.data) {
    body = (
      <Card className="space-y-4 p-5 text-stone-900">
        <p>{T.unsubscribeIntro(target.data.email)}</p>
        {send.isError ? <p role="alert">{send.error.message}</p> : null}
        <Button onClick={() => send.mutate()} disabled={send.isPending}>
          {T.unsubscribeButton}
        </Button>
      </Card>
    );
  } else {
    body = <p>Loading...</p>;
  }
  return <Page title={T.unsubscribeTitle}>{body}</Page>;
}
