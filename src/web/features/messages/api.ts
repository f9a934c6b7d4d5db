/** The customer's answer page (issue 17): the conversation behind the e-mail's link, and the answer sent. */
import { queryOptions } from "@tanstack/react-query";
import { api } from "@web/lib/http/client";
import { unwrap } from "@web/lib/http/unwrap";

async function fetchAnswerPage(token: string) {
  const res = await api.messages.answer.$get({ query: { token } });
  return (await unwrap(res)).conversation;
}

export const answerPageQuery = (token: string) =>
  queryOptions({
    queryKey: ["messages", "answer", token] as const,
    queryFn: () => fetchAnswerPage(token),
    retry: false,
  });

export async function sendAnswer(token: string, message: string) {
  const res = await api.messages.answer.$post({ json: { token, message } });
  return unwrap(res);
}
