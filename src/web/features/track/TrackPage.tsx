import { ACCOUNT_MESSAGES } from "@shared/account-messages";
import { CHECKOUT_MESSAGES } from "@shared/checkout-messages";
import { INTERNATIONAL_MESSAGES } from "@shared/international-messages";
import { TRACKING_STAGES } from "@shared/orders";
import { FIELD_MAX_LENGTH, trackSchema } from "@shared/schemas";
import { ApiRequestError } from "@web/api/client";
import { type TrackedOrder, trackOrder } from "@web/api/track";
import { Link, useSearchParams } from "@web/app/routing";
import { Badge } from "@web/components/ui/badge";
import { Button, buttonClasses } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { cn } from "@web/components/ui/cn";
import { TextField } from "@web/components/ui/field";
import { Page } from "@web/components/ui/page";
import { Check, CircleHelp, Loader2, PackageCheck, PackageOpen, Search, Truck, Wrench } from "lucide-react";
import { type ChangeEvent, type FormEvent, useRef, useState } from "react";
import { OrderDetails } from "../orders";

type Fields = { orderNumber: string; email: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

const STAGE_ICONS = {
  processing: Wrench,
  dispatched: PackageOpen,
  in_transit: Truck,
  delivered: PackageCheck,
} as const;

function formatDate(iso: string, withWeekday = false): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    ...(withWeekday ? { weekday: "long" as const } : {}),
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "Europe/London",
  });
}

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

function OrderResult({ order }: { order: TrackedOrder }) {
  const offGuide = order.stage === null;
  return (
    <Card className="p-6 md:p-8" data-testid="track-result">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm text-stone-600">Order</p>
          <h2 className="font-mono text-2xl text-stone-900">#{order.orderNumber}</h2>
        </div>
        <div className="flex flex-wrap gap-2">
          {order.testMode ? <Badge tone="warning">{ACCOUNT_MESSAGES.account.testOrder}</Badge> : null}
          <Badge
            tone={offGuide ? "neutral" : order.stage === "delivered" ? "success" : "glow"}
            className="text-sm"
            data-testid="track-status"
          >
            {order.statusLabel}
          </Badge>
        </div>
      </div>
      {offGuide ? null : (
        <div className="mt-5">
          <div className="flex justify-between text-sm text-stone-700">
            <span>Progress</span>
            <span data-testid="track-progress">{order.progressPercent}%</span>
          </div>
          <div
            role="progressbar"
            aria-label="Delivery progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={order.progressPercent}
            className="mt-1 h-3 overflow-hidden rounded-full bg-stone-200"
          >
            <div className="h-full rounded-full bg-glow-500" style={{ width: `${order.progressPercent}%` }} />
          </div>
        </div>
      )}
      <dl className="mt-6 grid gap-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-stone-600">Ordered</dt>
          <dd className="font-medium text-stone-900">{formatDate(order.placedAt)}</dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">Estimated delivery</dt>
          <dd className="font-medium text-stone-900" data-testid="track-eta">
            {order.deliveryWindow
              ? INTERNATIONAL_MESSAGES.arrives(order.deliveryWindow)
              : order.estimatedDelivery
                ? formatDate(order.estimatedDelivery, true)
                : "We'll confirm once it's dispatched"}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-stone-600">Delivery</dt>
          <dd className="font-medium text-stone-900" data-testid="track-shipping">
            {order.shippingLabel}
          </dd>
        </div>
        {order.trackingNumber ? (
          <div className="sm:col-span-2">
            <dt className="text-sm text-stone-600">Tracking number</dt>
            <dd className="font-mono text-lg font-semibold text-stone-900" data-testid="track-number">
              {order.trackingNumber}
            </dd>
            {order.trackingUrl ? (
              <dd className="mt-1">
                <a
                  href={order.trackingUrl}
                  target="_blank"
                  rel="noreferrer"
                  className="font-medium underline"
                >
                  Track with {order.carrier}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </dd>
            ) : order.carrier ? (
              <dd className="mt-1 text-sm text-stone-700">{order.carrier}</dd>
            ) : null}
          </div>
        ) : null}
      </dl>
      {order.items.length > 0 ? (
        <ul
          className="mt-6 divide-y divide-stone-200 border-t border-stone-200"
          aria-label="Items in this order"
        >
          {order.items.map((item, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the order's lines are fixed and never reorder
            <li key={`${item.title}-${i}`} className="py-3 text-sm">
              <span className="font-semibold text-stone-900">{item.title}</span>
              <span className="block text-stone-700">{item.details}</span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}

function StatusGuide({ order }: { order: TrackedOrder | null }) {
  const reached = order?.stage ? TRACKING_STAGES.findIndex((s) => s.id === order.stage) : -1;
  return (
    <Card className="p-6 md:p-8">
      <h2 className="text-xl text-stone-900">{order ? "Where your order is" : "How tracking works"}</h2>
      <ol className="mt-4 space-y-4" data-testid="track-guide">
        {TRACKING_STAGES.map((stage, index) => {
          const Icon = STAGE_ICONS[stage.id];
          const done = index <= reached;
          const current = index === reached;
          return (
            <li key={stage.id} className="flex gap-4" aria-current={current ? "step" : undefined}>
              <span
                className={cn(
                  "flex h-10 w-10 shrink-0 items-center justify-center rounded-full border",
                  done
                    ? "border-glow-500 bg-glow-400 text-stone-950"
                    : "border-stone-300 bg-white text-stone-500",
                )}
              >
                {done && !current ? (
                  <Check aria-hidden="true" className="h-5 w-5" />
                ) : (
                  <Icon aria-hidden="true" className="h-5 w-5" />
                )}
              </span>
              <div>
                <p className={cn("font-semibold", done ? "text-stone-900" : "text-stone-700")}>
                  {stage.label}
                  {current ? <span className="sr-only"> (current)</span> : null}
                </p>
                <p className="text-sm text-stone-700">{stage.description}</p>
              </div>
            </li>
          );
        })}
      </ol>
    </Card>
  );
}
