/**
 * Issue 17's API on the web: the admin inbox, the owner's alert settings, money and messages on
 * an order (the customer's answer page and photo page have theirs in features/messages and
 * features/photo). Hono's typed client (answer types come from the
 * routes) with a queryOptions factory per resource; query keys live in `inboxKeys`.
 */
import type { CustomerMailSettings } from "@shared/customer-mail";
import type { MessageStatus } from "@shared/inbox";
import type { OwnerAlertKind } from "@shared/owner-alerts";
import { queryOptions } from "@tanstack/react-query";
import { api, ok } from "@web/lib/http/client";
import { unwrap } from "@web/lib/http/unwrap";

export interface InboxFilters {
  status?: MessageStatus | "";
  subject?: string;
  q?: string;
  page?: number;
}

export const inboxKeys = {
  all: ["admin", "messages"] as const,
  list: (filters: InboxFilters) => ["admin", "messages", "list", filters] as const,
  conversation: (id: string) => ["admin", "messages", "conversation", id] as const,
  unread: ["admin", "messages", "unread"] as const,
  alerts: ["admin", "settings", "alerts"] as const,
};

function listQuery(filters: InboxFilters) {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.subject ? { subject: filters.subject } : {}),
    ...(filters.q ? { q: filters.q } : {}),
    page: String(filters.page ?? 1),
    pageSize: "25",
  };
}

async function fetchMessages(filters: InboxFilters) {
  const res = await api.admin.messages.$get({ query: listQuery(filters) });
  return unwrap(res);
}

export const messagesQuery = (filters: InboxFilters) =>
  queryOptions({ queryKey: inboxKeys.list(filters), queryFn: () => fetchMessages(filters) });

export type InboxList = Awaited<ReturnType<typeof fetchMessages>>;

async function fetchConversation(id: string) {
  const res = await api.admin.messages[":id"].$get({ param: { id } });
  return (await unwrap(res)).conversation;
}

export const conversationQuery = (id: string) =>
  queryOptions({ queryKey: inboxKeys.conversation(id), queryFn: () => fetchConversation(id) });

export type Conversation = Awaited<ReturnType<typeof fetchConversation>>;

async function fetchUnread() {
  const res = await api.admin.messages["unread-count"].$get();
  return (await unwrap(res)).unread;
}

/** The admin navigation's badge, refreshed every minute. */
export const unreadQuery = () =>
  queryOptions({ queryKey: inboxKeys.unread, queryFn: fetchUnread, refetchInterval: 60_000 });

export async function replyToMessage(id: string, body: string) {
  const res = await api.admin.messages[":id"].reply.$post({ param: { id }, json: { body } });
  return (await unwrap(res)).conversation;
}

export async function setMessageState(id: string, change: { status?: MessageStatus; unread?: boolean }) {
  const res = await api.admin.messages[":id"].$patch({ param: { id }, json: change });
  return (await unwrap(res)).conversation;
}

async function fetchAlerts() {
  const res = await api.admin.settings.alerts.$get();
  return unwrap(res);
}

export const alertsQuery = () => queryOptions({ queryKey: inboxKeys.alerts, queryFn: fetchAlerts });

export async function saveAlerts(kinds: OwnerAlertKind[]) {
  const res = await api.admin.settings.alerts.$put({ json: { kinds } });
  return unwrap(res);
}

// ---------------------------------------------------------------------------- order actions

/** A fresh key per dialog: a double click sends the same key and the server acts once. */
export function newActionKey(): string {
  return crypto.randomUUID().replace(/-/g, "");
}

export async function refundOrder(
  id: string,
  input: {
    amount?: number;
    lineIds?: string[];
    reason: string;
    customerMessage?: string;
    idempotencyKey: string;
    cancelOrder?: boolean;
  },
) {
  const res = await api.admin.orders[":id"].refund.$post({ param: { id }, json: input });
  return unwrap(res);
}

export async function cancelOrder(id: string, reason: string) {
  const res = await api.admin.orders[":id"].cancel.$post({ param: { id }, json: { reason } });
  return unwrap(res);
}

export async function resendConfirmation(id: string, idempotencyKey: string) {
  const res = await api.admin.orders[":id"]["resend-confirmation"].$post({
    param: { id },
    json: { idempotencyKey },
  });
  return unwrap(res);
}

export async function emailCustomer(
  id: string,
  input: {
    template: "photo_dark" | "photo_small" | "delay" | "custom";
    subject: string;
    body: string;
    idempotencyKey: string;
  },
) {
  const res = await api.admin.orders[":id"].email.$post({ param: { id }, json: input });
  return unwrap(res);
}

// ---------------------------------------------------------------------------- photo review

export async function requestBetterPhoto(
  id: string,
  input: {
    itemId: string;
    panelIndex: number;
    reason: "too_dark" | "too_small" | "other";
    note?: string;
    idempotencyKey: string;
  },
) {
  const res = await api.admin.orders[":id"]["photo-requests"].$post({ param: { id }, json: input });
  return unwrap(res);
}

export async function withdrawPhotoRequest(id: string, requestId: string) {
  const res = await api.admin.orders[":id"]["photo-requests"][":requestId"].withdraw.$post({
    param: { id, requestId },
  });
  return unwrap(res);
}

// ---------------------------------------------------------------------------- customer e-mails (issue 33)

export const customerMailKeys = {
  settings: ["admin", "settings", "customer-mail"] as const,
  waiting: ["admin", "customer-mail", "waiting"] as const,
};

async function fetchCustomerMailSettings() {
  return ok(api.admin.settings["customer-mail"].$get());
}

export const customerMailQuery = () =>
  queryOptions({ queryKey: customerMailKeys.settings, queryFn: fetchCustomerMailSettings });

export function saveCustomerMailSettings(settings: CustomerMailSettings) {
  return ok(api.admin.settings["customer-mail"].$put({ json: settings }));
}

/** The confirmed carts waiting for a reminder (issue 47 item 11). */
export const waitingRemindersQuery = () =>
  queryOptions({
    queryKey: customerMailKeys.waiting,
    queryFn: () => ok(api.admin["customer-mail"].waiting.$get()),
    refetchInterval: 60_000,
  });

/** The owner's "send now" for one cart's next reminder. */
export function sendReminderNow(id: string) {
  return ok(api.admin["customer-mail"].reminders[":id"].send.$post({ param: { id } }));
}
