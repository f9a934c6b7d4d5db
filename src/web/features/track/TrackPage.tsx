import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { FIELD_MAX_LENGTH, trackSchema } from "@shared/schemas";
import { Link, useSearchParams } from "@web/app/routing";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextField } from "@web/components/ui/field";
import { Page } from "@web/components/ui/page";
import { type TrackedOrder, trackOrder } from "@web/features/track/api";
import { ApiRequestError } from "@web/lib/http/client";
import { CircleHelp, Loader2, Search } from "lucide-react";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { OrderDetails } from "../orders";
import { OrderResult } from "./OrderResult";
import { StatusGuide } from "./StatusGuide";

type Fields = { orderNumber: string; email: string };

type FieldErrors = Partial<Record<keyof Fields, string>>;

/**
 * /track: the order number and e-mail find the order; the guide shows how far it has come. The
 * e-mails' link is signed (?order&id&token, issue 30): it opens the order without the e-mail.
 */
export function TrackPage() {
  const [params] = useSearchParams();
  const id = params.get("id");
  const token = params.get("token");
  if (id && token) {
    return (
      <Page title="Track Your Order" intro={`Order #${params.get("order") ?? id.slice(0, 8)}`}>
        <Card className="p-6 md:p-8">
          <OrderDetails orderId={id} token={token} />
        </Card>
      </Page>
    );
  }
  return <TrackForm />;
}

function TrackForm() {
  const [params] = useSearchParams();
  const [values, setValues] = useState<Fields>({ orderNumber: params.get("order") ?? "", email: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [order, setOrder] = useState<TrackedOrder | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const onChange = (field: keyof Fields) => (e: ChangeEvent<HTMLInputElement>) => {
    const value = e.target.value;
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((errs) => ({ ...errs, [field]: undefined }));
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    const parsed = trackSchema.safeParse(values);
    if (!parsed.success) {
      const next: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Fields;
        next[key] ??= issue.message;
      }
      setErrors(next);
      const first = (["orderNumber", "email"] as const).find((f) => next[f]);
      if (first) formRef.current?.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setBusy(true);
    setLookupError(null);
    try {
      const found = await trackOrder(parsed.data);
      setOrder(found);
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (error) {
      setOrder(null);
      if (error instanceof ApiRequestError && error.status === 404)
        setLookupError(CHECKOUT_MESSAGES.track.notFound);
      else if (error instanceof ApiRequestError && error.status === 429)
        setLookupError(CHECKOUT_MESSAGES.track.tooManyAttempts);
      else if (error instanceof ApiRequestError && error.status === 400) setLookupError(error.message);
      else setLookupError(CHECKOUT_MESSAGES.track.failed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title="Track Your Order"
      intro="Enter your order number (such as #1001, in your confirmation email) and the email address you ordered with."
    >
      <div className="grid items-start gap-8 lg:grid-cols-[2fr_3fr]">
        <Card className="p-6 md:p-8">
          <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-busy={busy}>
            <TextField
              label="Order Number"
              name="orderNumber"
              required
              autoComplete="off"
              spellCheck={false}
              placeholder="e.g. #1001"
              maxLength={20}
              className="font-mono"
              value={values.orderNumber}
              onChange={onChange("orderNumber")}
              error={errors.orderNumber}
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
            <Button type="submit" size="lg" className="w-full" disabled={busy}>
              {busy ? (
                <Loader2 aria-hidden="true" className="h-5 w-5 animate-spin" />
              ) : (
                <Search aria-hidden="true" className="h-5 w-5" />
              )}
              {CHECKOUT_MESSAGES.track.trackOrder}
            </Button>
            {lookupError ? (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm font-medium text-red-800">
                {lookupError}
              </p>
            ) : null}
          </form>
        </Card>

        <div className="space-y-6">
          {order ? (
            <div ref={resultRef} tabIndex={-1} className="focus:outline-none">
              <OrderResult order={order} />
            </div>
          ) : null}
          <StatusGuide order={order} />
          <Card className="flex flex-col gap-4 p-6 sm:flex-row sm:items-center">
            <CircleHelp aria-hidden="true" className="h-8 w-8 shrink-0 text-glow-700" />
            <p className="flex-1 text-stone-700">
              Something not right, or can't find your order? We reply within 24 hours.
            </p>
            <Link to="/contact" className={buttonClasses("outline", "md")}>
              {CHECKOUT_MESSAGES.track.contactSupport}
            </Link>
          </Card>
        </div>
      </div>
    </Page>
  );
}
