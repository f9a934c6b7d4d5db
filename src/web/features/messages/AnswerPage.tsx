import { BRAND_NAME } from "@shared/brand";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useSearchParams } from "@web/app/routing";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { Page } from "@web/components/ui/page";
import { type FormEvent, useState } from "react";
import { answerPageQuery, sendAnswer } from "./api";

function when(iso: string): string {
  return new Date(iso).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });
}

/** Where a customer answers the shop's reply: the link in the e-mail carries a signed token; no account needed. */
export function AnswerPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const q = useQuery({ ...answerPageQuery(token), enabled: token !== "" });
  const [message, setMessage] = useState("");
  const send = useMutation({ mutationFn: (text: string) => sendAnswer(token, text) });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (message.trim()) send.mutate(message);
  };
  if (!token || q.isError) {
    return (
      <Page title="Answer your message">
        <Card role="alert" className="p-5 text-stone-900">
          {q.error?.message ?? "This link is not valid. Please use the link in our latest e-mail."}
        </Card>
      </Page>
    );
  }
  if (q.isPending) return <Page title="Answer your message" intro="Loading..." />;
  if (send.isSuccess) {
    return (
      <Page title="Answer your message">
        <Card role="status" className="p-5 text-stone-900">
          {send.data.message}
        </Card>
      </Page>
    );
  }
  return (
    <Page
      title="Answer your message"
      intro={`Your conversation with ${BRAND_NAME}. Write your answer below; we will reply by e-mail.`}
    >
      <ol aria-label="Conversation" className="space-y-3">
        {q.data.entries.map((entry) => (
          <li key={entry.id}>
            <Card className={cn("p-4", entry.author === "shop" ? "ml-6 bg-stone-50" : "mr-6")}>
              <p className="text-xs text-stone-600">
                {entry.author === "shop" ? BRAND_NAME : q.data.name} · {when(entry.createdAt)}
              </p>
              <p className="mt-1 whitespace-pre-wrap break-words text-stone-900">{entry.body}</p>
            </Card>
          </li>
        ))}
      </ol>
      <form onSubmit={submit} className="mt-6">
        <label className="flex flex-col gap-1 text-sm font-medium text-stone-800">
          Your answer
          <textarea
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            rows={6}
            maxLength={5000}
            className="rounded-lg border border-stone-300 px-3 py-2 text-base text-stone-900"
          />
        </label>
        {send.isError ? (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {send.error.message}
          </p>
        ) : null}
        <Button type="submit" className="mt-3" disabled={send.isPending || !message.trim()}>
          {send.isPending ? "Sending..." : "Send answer"}
        </Button>
      </form>
    </Page>
  );
}
