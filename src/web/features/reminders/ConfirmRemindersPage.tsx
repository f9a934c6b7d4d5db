import { CUSTOMER_MAIL_TEXTS as T } from "@shared/customer-mail";
import { useMutation } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { Page } from "@web/components/ui/page";
import { confirmReminders } from "@web/features/reminders/api";
import { ConfirmCard, NoticeCard } from "./NoticeCard";

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
    body = <NoticeCard role="alert">{T.confirmInvalid}</NoticeCard>;
  } else if (send.isSuccess) {
    body = <NoticeCard role="status">{send.data.message}</NoticeCard>;
  } else {
    body = (
      <ConfirmCard
        intro={T.confirmIntro}
        button={T.confirmButton}
        error={send.isError ? send.error.message : null}
        pending={send.isPending}
        onConfirm={() => send.mutate()}
      />
    );
  }
  return <Page title={T.confirmTitle}>{body}</Page>;
}
