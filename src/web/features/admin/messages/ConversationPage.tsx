import {
  contactSubjectLabel,
  MESSAGE_STATUS_LABELS,
  MESSAGE_STATUSES,
  type MessageStatus,
  splitOrderNumbers,
} from "@shared/inbox";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useParams } from "@web/app/routing";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { conversationQuery, inboxKeys, replyToMessage, setMessageState } from "@web/features/admin/api";
import { ArrowLeft } from "lucide-react";
import { type FormEvent, useEffect, useState } from "react";
import { toast } from "sonner";
import { AdminHeading, formatDateTime, LoadError, Loading, useAdminTitle } from "../ui";

/** One conversation: the customer's message, the shop's replies and the customer's answers; Reply e-mails the customer. */
export function ConversationPage() {
  const { id = "" } = useParams();
  useAdminTitle("Message");
  const client = useQueryClient();
  const q = useQuery(conversationQuery(id));
  const [body, setBody] = useState("");
  const refresh = (data: Awaited<ReturnType<typeof replyToMessage>>) => {
    if (data) client.setQueryData(inboxKeys.conversation(id), data);
    void client.invalidateQueries({ queryKey: inboxKeys.all });
  };
  const reply = useMutation({
    mutationFn: (text: string) => replyToMessage(id, text),
    onSuccess: (data) => {
      refresh(data);
      setBody("");
      toast.success("Reply sent to the customer.");
    },
    onError: (error) => toast.error(error.message),
  });
  const state = useMutation({
    mutationFn: (change: { status?: MessageStatus; unread?: boolean }) => setMessageState(id, change),
    onSuccess: refresh,
    onError: (error) => toast.error(error.message),
  });
  // Opening marked it read: the navigation's count follows.
  useEffect(() => {
    if (q.isSuccess) void client.invalidateQueries({ queryKey: inboxKeys.unread });
  }, [q.isSuccess, client]);

  const back = (
    <Link
      to="/admin/messages"
      className="mb-4 inline-flex min-h-11 items-center gap-1 text-sm font-medium text-stone-800 underline"
    >
      <ArrowLeft aria-hidden="true" className="h-4 w-4" /> All messages
    </Link>
  );
  if (q.isPending) return <Loading />;
  if (q.isError)
    return (
      <>
        {back}
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      </>
    );
  const c = q.data;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (body.trim()) reply.mutate(body);
  };
  return (
    <>
      {back}
      <AdminHeading
        title={c.name}
        intro={
          <>
            <a className="underline" href={`mailto:${c.email}`}>
              {c.email}
            </a>{" "}
            · {contactSubjectLabel(c.subject) ?? "No subject"} · {MESSAGE_STATUS_LABELS[c.status]}
          </>
        }
        actions={
          <>
            {MESSAGE_STATUSES.filter((s) => s !== c.status).map((s) => (
              <Button
                key={s}
                variant="outline"
                onClick={() => state.mutate({ status: s })}
                disabled={state.isPending}
              >
                Mark {MESSAGE_STATUS_LABELS[s].toLowerCase()}
              </Button>
            ))}
            <Button
              variant="outline"
              onClick={() => state.mutate({ unread: true })}
              disabled={state.isPending}
            >
              Mark unread
            </Button>
          </>
        }
      />
      <ol aria-label="Conversation" className="space-y-3">
        {c.entries.map((entry) => (
          <li key={entry.id}>
            <Card
              className={cn("p-4", entry.author === "shop" ? "ml-6 border-stone-300 bg-stone-50" : "mr-6")}
            >
              <p className="text-xs text-stone-600">
                {entry.author === "shop" ? `The shop (${entry.authorEmail ?? "admin"})` : c.name} ·{" "}
                {formatDateTime(entry.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-stone-900">
                <MessageBody text={entry.body} />
              </p>
            </Card>
          </li>
        ))}
      </ol>
      <Card className="mt-6 p-4">
        <form onSubmit={submit}>
          <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
            Reply
            <textarea
              value={body}
              onChange={(e) => setBody(e.target.value)}
              rows={6}
              maxLength={10_000}
              className="rounded-lg border border-stone-300 px-3 py-2 text-base text-stone-900"
            />
          </label>
          <p className="mt-1 text-xs text-stone-600">
            E-mailed to {c.email} with the conversation quoted and a link where they can answer without an
            account.
          </p>
          <Button type="submit" className="mt-3" disabled={reply.isPending || !body.trim()}>
            {reply.isPending ? "Sending..." : "Send reply"}
          </Button>
        </form>
      </Card>
    </>
  );
}

/** A message's text with the order numbers it quotes linked to the order (issue 30). */
function MessageBody({ text }: { text: string }) {
  return (
    <>
      {splitOrderNumbers(text).map((part, i) =>
        part.orderNumber ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
            key={i}
            to={`/admin/orders?${new URLSearchParams({ q: part.orderNumber })}`}
            className="font-mono underline"
          >
            {part.text}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in order
          <span key={i}>{part.text}</span>
        ),
      )}
    </>
  );
}
