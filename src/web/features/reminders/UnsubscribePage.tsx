import { CUSTOMER_MAIL_TEXTS as T } from "@shared/customer-mail";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { Page } from "@web/components/ui/page";
import { confirmUnsubscribe, fetchUnsubscribeTarget } from "@web/features/reminders/api";
import { ConfirmCard, NoticeCard } from "./NoticeCard";

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
    body = <NoticeCard role="alert">{target.error?.message ?? T.unsubscribeInvalid}</NoticeCard>;
  } else if (send.isSuccess) {
    body = <NoticeCard role="status">{send.data.message}</NoticeCard>;
  } else if (target.data) {
    body = (
      <ConfirmCard
        intro={T.unsubscribeIntro(target.data.email)}
        button={T.unsubscribeButton}
        error={send.isError ? send.error.message : null}
        pending={send.isPending}
        onConfirm={() => send.mutate()}
      />
    );
  } else {
    body = <p>Loading...</p>;
  }
  return <Page title={T.unsubscribeTitle}>{body}</Page>;
}
