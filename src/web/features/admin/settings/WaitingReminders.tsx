import { CUSTOMER_MAIL_TEXTS as T } from "@shared/customer-mail";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { customerMailKeys, sendReminderNow, waitingRemindersQuery } from "@web/features/admin/api";
import { toast } from "sonner";
import { formatDateTime, LoadError, Loading } from "../ui";

/** The confirmed carts waiting for a reminder, each with "Send now" (issue 47 item 11). */
export function WaitingReminders() {
  const client = useQueryClient();
  const q = useQuery(waitingRemindersQuery());
  const send = useMutation({
    mutationFn: sendReminderNow,
    onSuccess: (data) => {
      toast.success(T.sentNow(data.email));
      void client.invalidateQueries({ queryKey: customerMailKeys.waiting });
    },
    onError: (error) => {
      toast.error(error.message);
      void client.invalidateQueries({ queryKey: customerMailKeys.waiting });
    },
  });
  const now = Date.now();
  return (
    <section aria-labelledby="waiting-reminders" className="mt-6 border-t border-stone-200 pt-4">
      <h3 id="waiting-reminders" className="font-medium text-stone-900">
        {T.waitingTitle}
      </h3>
      <p className="mt-1 text-sm text-stone-700">{T.waitingIntro}</p>
      {q.isPending ? (
        <Loading />
      ) : q.isError ? (
        <LoadError error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.waiting.length === 0 ? (
        <p className="mt-3 text-sm text-stone-700">{T.waitingNone}</p>
      ) : (
        <ul aria-label={T.waitingTitle} className="mt-3 divide-y divide-stone-100">
          {q.data.waiting.map((w) => (
            <li key={w.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 text-sm">
                <span className="block break-all font-medium text-stone-900">{w.email}</span>
                <span className="block text-stone-700">
                  {T.waitingLine(
                    w.next,
                    w.items,
                    new Date(w.dueAt).getTime() <= now ? T.waitingDueNow : formatDateTime(w.dueAt),
                  )}
                </span>
              </span>
              <Button
                variant="outline"
                disabled={send.isPending}
                onClick={() => send.mutate(w.id)}
                aria-label={`${T.sendNow}: ${w.email}`}
              >
                {T.sendNow}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
