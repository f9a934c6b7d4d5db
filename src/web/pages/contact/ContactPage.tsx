import { SUPPORT_EMAIL } from "@shared/brand";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { CONTACT_SUBJECTS, type ContactInput, contactSchema, FIELD_MAX_LENGTH } from "@shared/schemas";
import { SUPPORT_CLOSED_DAY, SUPPORT_HOURS, SUPPORT_REPLY_HOURS } from "@shared/shipping";
import { Link, useSearchParams } from "@web/app/routing";
import { Button, buttonClasses } from "@web/components/ui/button";
import { TOUCH_TARGET } from "@web/components/ui/button-classes";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { SelectField, TextAreaField, TextField } from "@web/components/ui/field";
import { Page } from "@web/components/ui/page";
import { sendContactMessage } from "@web/pages/contact/api";
import { CircleHelp, Clock, Mail, Timer } from "lucide-react";
import { type ChangeEvent, type FormEvent, type ReactNode, useRef, useState } from "react";
import { toast } from "sonner";

type FormValues = { name: string; email: string; subject: string; message: string };
type FieldName = keyof FormValues;

const EMPTY: FormValues = { name: "", email: "", subject: "", message: "" };
const FIELD_NAMES: readonly FieldName[] = ["name", "email", "subject", "message"];

/** One toast slot for the form: a new outcome replaces the last instead of stacking behind it. */
const TOAST_ID = "contact-form";

function isFieldName(key: string): key is FieldName {
  return (FIELD_NAMES as readonly string[]).includes(key);
}

function toInput(values: FormValues): Record<string, string | undefined> {
  return { ...values, subject: values.subject === "" ? undefined : values.subject };
}

/** A link may prefill the subject and message: /contact?subject=shipping&message=… (issue 16). */
function prefilled(params: URLSearchParams): FormValues {
  const subject = params.get("subject") ?? "";
  const message = params.get("message") ?? "";
  return {
    ...EMPTY,
    subject: CONTACT_SUBJECTS.some((s) => s.value === subject) ? subject : "",
    message: message.slice(0, FIELD_MAX_LENGTH.message),
  };
}

export function ContactPage() {
  const [params] = useSearchParams();
  const [values, setValues] = useState<FormValues>(() => prefilled(params));
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [sending, setSending] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const onChange =
    (field: FieldName) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      const value = e.target.value;
      setValues((v) => ({ ...v, [field]: value }));
      if (errors[field]) setErrors((errs) => ({ ...errs, [field]: undefined }));
    };

  const showFieldErrors = (fields: Record<string, string>) => {
    const next: Partial<Record<FieldName, string>> = {};
    for (const [key, message] of Object.entries(fields)) {
      if (isFieldName(key))
        next[key] =
          message === CHECKOUT_MESSAGES.validation.requiredFields
            ? CHECKOUT_MESSAGES.validation.requiredInline
            : message;
    }
    setErrors(next);
    const first = FIELD_NAMES.find((f) => next[f]);
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    const messages = Object.values(fields);
    // Any blank required field gives the spec's text; otherwise the first rule that failed.
    return messages.includes(CHECKOUT_MESSAGES.validation.requiredFields)
      ? CHECKOUT_MESSAGES.validation.requiredFields
      : (messages[0] ?? CHECKOUT_MESSAGES.validation.requiredFields);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (sending) return;
    const parsed = contactSchema.safeParse(toInput(values));
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? "");
        fields[key] ??= issue.message;
      }
      const description = showFieldErrors(fields);
      toast.error(CHECKOUT_MESSAGES.contact.requiredFields.title, { id: TOAST_ID, description });
      return;
    }
    setSending(true);
    const result = await sendContactMessage(parsed.data satisfies ContactInput);
    setSending(false);
    if (result.ok) {
      setValues(EMPTY);
      setErrors({});
      toast.success(CHECKOUT_MESSAGES.contact.sent.title, {
        id: TOAST_ID,
        description: CHECKOUT_MESSAGES.contact.sent.description,
      });
      return;
    }
    if (result.kind === "invalid") {
      toast.error(CHECKOUT_MESSAGES.contact.requiredFields.title, {
        id: TOAST_ID,
        description: showFieldErrors(result.fields),
      });
      return;
    }
    if (result.kind === "server" && result.status === 429) {
      toast.error(CHECKOUT_MESSAGES.contact.tooManyMessages.title, {
        id: TOAST_ID,
        description: CHECKOUT_MESSAGES.contact.tooManyMessages.description,
      });
      return;
    }
    toast.error(CHECKOUT_MESSAGES.contact.sendFailed.title, {
      id: TOAST_ID,
      description: CHECKOUT_MESSAGES.contact.sendFailed.description,
    });
  };

  return (
    <Page
      title="Contact Us"
      intro="A question about an order, an idea for a special gift, or just want to say hello? Drop us a line and a real person in our Northern Ireland workshop will get back to you."
    >
      <div className="grid gap-8 md:grid-cols-[3fr_2fr]">
        <section aria-labelledby="contact-form-title">
          <Card className="p-6 md:p-8">
            <h2 id="contact-form-title" className="text-2xl text-stone-900">
              Send us a message
            </h2>
            <p className="mt-1 text-sm text-stone-700">
              Fields marked{" "}
              <span aria-hidden="true" className="text-red-700">
                *
              </span>
              <span className="sr-only">with an asterisk</span> are required.
            </p>
            <form ref={formRef} noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-busy={sending}>
              <div className="grid gap-5 sm:grid-cols-2">
                <TextField
                  label="Name"
                  name="name"
                  required
                  autoComplete="name"
                  maxLength={FIELD_MAX_LENGTH.name}
                  value={values.name}
                  onChange={onChange("name")}
                  error={errors.name}
                />
                <TextField
                  label="Email"
                  name="email"
                  type="email"
                  required
                  autoComplete="email"
                  maxLength={FIELD_MAX_LENGTH.email}
                  value={values.email}
                  onChange={onChange("email")}
                  error={errors.email}
                />
              </div>
              <SelectField
                label="Subject"
                name="subject"
                value={values.subject}
                onChange={onChange("subject")}
                error={errors.subject}
              >
                <option value="">Choose a subject</option>
                {CONTACT_SUBJECTS.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </SelectField>
              <TextAreaField
                label="Message"
                name="message"
                required
                rows={6}
                maxLength={FIELD_MAX_LENGTH.message}
                placeholder="Tell us how we can help. If it's about an order, your order number helps."
                value={values.message}
                onChange={onChange("message")}
                error={errors.message}
              />
              <Button
                type="submit"
                variant="primary"
                size="lg"
                disabled={sending}
                className="w-full sm:w-auto"
              >
                {sending ? "Sending…" : CHECKOUT_MESSAGES.contact.sendMessage}
              </Button>
            </form>
          </Card>
        </section>

        <section aria-labelledby="contact-info-title" className="space-y-4">
          <h2 id="contact-info-title" className="sr-only">
            Other ways to reach us
          </h2>
          <InfoCard icon={Timer} title="Quick response">
            <p>We reply to every message within {SUPPORT_REPLY_HOURS} hours, usually much sooner.</p>
          </InfoCard>
          <InfoCard icon={Mail} title="Email us">
            <p>Prefer your own inbox? Write to us directly:</p>
            <a
              href={`mailto:${SUPPORT_EMAIL}`}
              className={cn(
                TOUCH_TARGET,
                "mt-1 inline-block break-all py-1 font-medium text-glow-800 underline underline-offset-4 hover:text-stone-900",
              )}
            >
              {SUPPORT_EMAIL}
            </a>
          </InfoCard>
          <InfoCard icon={Clock} title="Business hours">
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              <dt className="font-medium text-stone-900">{SUPPORT_HOURS.split(" ")[0]}</dt>
              <dd>{SUPPORT_HOURS.split(" ").slice(1).join(" ")}</dd>
              <dt className="font-medium text-stone-900">{SUPPORT_CLOSED_DAY}</dt>
              <dd>Closed</dd>
            </dl>
          </InfoCard>
          <InfoCard icon={CircleHelp} title={CHECKOUT_MESSAGES.contact.quickAnswers} tone="glow">
            <p>Delivery times, photo tips, LED life and returns: most answers are already in our FAQ.</p>
            <Link to="/faq" className={cn(buttonClasses("outline", "sm"), "mt-3")}>
              Read the FAQ
            </Link>
          </InfoCard>
        </section>
      </div>
    </Page>
  );
}

function InfoCard({
  icon: Icon,
  title,
  tone = "plain",
  children,
}: {
  icon: typeof Mail;
  title: string;
  tone?: "plain" | "glow";
  children: ReactNode;
}) {
  return (
    <div
      className={cn(
        "flex gap-4 rounded-2xl border p-5 shadow-sm",
        tone === "glow" ? "border-glow-300 bg-glow-50" : "border-stone-200 bg-white",
      )}
    >
      <span className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-glow-100">
        <Icon aria-hidden="true" className="h-5 w-5 text-glow-800" />
      </span>
      <div className="min-w-0 text-stone-700">
        <h3 className="text-lg text-stone-900">{title}</h3>
        <div className="mt-1">{children}</div>
      </div>
    </div>
  );
}
