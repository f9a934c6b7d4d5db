-- One mail outbox (decision 285): order e-mails move from order_emails into outbox_emails,
-- where they are rendered at send time from their order (order_id + template), and every
-- other e-mail keeps its queue-time rendering. Account e-mails (verification, password reset)
-- carry a credential: expires_at says when it ends (not sent after, bodies blanked).
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_status_check";--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "to_address" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "subject" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ALTER COLUMN "html_body" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "order_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "template" text;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_emails_order_idx" ON "outbox_emails" USING btree ("order_id") WHERE "outbox_emails"."order_id" is not null;--> statement-breakpoint
CREATE INDEX "outbox_emails_credentials_idx" ON "outbox_emails" USING btree ("expires_at") WHERE "outbox_emails"."expires_at" is not null and "outbox_emails"."text_body" <> '';--> statement-breakpoint
-- Every order e-mail as it stands (pending ones are sent by the new runner, with the same
-- Message-ID as before), under the key the new code queues it with: order:<kind>:<order id>.
INSERT INTO "outbox_emails" ("dedupe_key", "kind", "order_id", "template", "status", "attempts", "next_attempt_at", "claimed_at", "sent_at", "last_error", "created_at")
  SELECT 'order:' || "kind" || ':' || "order_id", 'order_' || "kind", "order_id", "kind", "status", "attempts", "next_attempt_at", "claimed_at", "sent_at", "last_error", "created_at"
  FROM "order_emails"
  ON CONFLICT ("dedupe_key") DO NOTHING;--> statement-breakpoint
DROP TABLE "order_emails";--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('order_confirmation', 'order_dispatch', 'owner_alert', 'message_reply', 'refund', 'cancellation', 'customer_message', 'photo_request', 'review_request', 'account_verification', 'account_password_reset', 'account_existing_signup', 'account_email_change'));--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_template_check" CHECK ("outbox_emails"."template" in ('confirmation', 'dispatch'));--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_rendered_check" CHECK (("outbox_emails"."template" is not null and "outbox_emails"."order_id" is not null) or ("outbox_emails"."template" is null and "outbox_emails"."to_address" is not null and "outbox_emails"."subject" is not null and "outbox_emails"."text_body" is not null and "outbox_emails"."html_body" is not null));--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_status_check" CHECK ("outbox_emails"."status" in ('pending', 'sent', 'failed', 'skipped'));
