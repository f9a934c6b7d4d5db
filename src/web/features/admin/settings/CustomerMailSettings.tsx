import {
  type CustomerMailSettings,
  customerMailSettingsSchema,
  CUSTOMER_MAIL_TEXTS as T,
} from "@shared/customer-mail";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Button } from "@web/components/ui/button";
import { customerMailKeys, customerMailQuery, saveCustomerMailSettings } from "@web/features/admin/api";
import { type FormEvent, useEffect, useId, useState } from "react";
import { toast } from "sonner";
import { Loading } from "../ui";

const FIELD = "mt-1 w-full rounded-lg border border-stone-300 px-3 py-2 text-base text-stone-900";

/** The owner's cart reminders and review-request timing (issue 33), on the Settings page. */
export function CustomerMailSettingsForm() {
  const client = useQueryClient();
  const q = useQuery(customerMailQuery());
  const [draft, setDraft] = useState<CustomerMailSettings | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { first: useId(), second: useId(), days: useId(), enabled: useId() };
  useEffect(() => {
    if (q.data) setDraft(q.data);
  }, [q.data]);
  const save = useMutation({
    mutationFn: saveCustomerMailSettings,
    onSuccess: (data) => {
      client.setQueryData(customerMailKeys.settings, data);
      toast.success(T.saved);
    },
    onError: (error) => toast.error(error.message),
  });
  if (!draft) return <Loading />;
  const number = (key: "firstReminderMinutes" | "secondReminderHours" | "reviewRequestDays") => ({
    type: "number",
    inputMode: "numeric" as const,
    value: String(draft[key]),
    onChange: (event: { target: { value: string } }) =>
      setDraft({ ...draft, [key]: Number.parseInt(event.target.value, 10) || 0 }),
    className: FIELD,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = customerMailSettingsSchema.safeParse(draft);
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? "Check the values.");
      return;
    }
    setProblem(null);
    save.mutate(parsed.data);
  };
  return (
    <>
      <p className="text-sm text-stone-700">{T.settingsIntro}</p>
      <form className="mt-4 space-y-4" onSubmit={submit} noValidate>
        <label htmlFor={ids.enabled} className="flex min-h-11 items-center gap-2 text-stone-900">
          <input
            id={ids.enabled}
            type="checkbox"
            className="h-5 w-5"
            checked={draft.cartRemindersEnabled}
            onChange={(event) => setDraft({ ...draft, cartRemindersEnabled: event.target.checked })}
          />
          {T.enabledLabel}
        </label>
        <div className="grid gap-4 sm:grid-cols-3">
          <div>
            <label htmlFor={ids.first} className="text-sm font-medium text-stone-900">
              {T.firstLabel}
            </label>
            <input id={ids.first} min={15} {...number("firstReminderMinutes")} />
          </div>
          <div>
            <label htmlFor={ids.second} className="text-sm font-medium text-stone-900">
              {T.secondLabel}
            </label>
            <input id={ids.second} min={2} {...number("secondReminderHours")} />
          </div>
          <div>
            <label htmlFor={ids.days} className="text-sm font-medium text-stone-900">
              {T.reviewDaysLabel}
            </label>
            <input id={ids.days} min={0} {...number("reviewRequestDays")} />
          </div>
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-red-800">
            {problem}
          </p>
        ) : null}
        <Button type="submit" disabled={save.isPending}>
          {T.save}
        </Button>
      </form>
    </>
  );
}
