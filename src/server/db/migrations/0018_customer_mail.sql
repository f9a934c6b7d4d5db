-- Customer e-mails (issue 33, decision 331): carts whose buyer opted in to reminders, the
-- addresses that unsubscribed, the one-click unsubscribe address of an outbox e-mail, and review
-- requests that wait for the owner's days after delivery. Requests recorded before this were
-- queued at delivery: they count as delivered and queued then.
CREATE TABLE "cart_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"items" jsonb NOT NULL,
	"consented_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"last_reminded_at" timestamp with time zone,
	"restored_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"order_id" uuid,
	"recovered_pence" integer,
	"test_mode" boolean,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_reminders_status_check" CHECK ("cart_reminders"."status" in ('active', 'recovered', 'purchased', 'emptied', 'unsubscribed', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "email_opt_outs" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_kind_check";--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "delivered_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "review_requests" ADD COLUMN "queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cart_reminders_active_email_idx" ON "cart_reminders" USING btree (lower("email")) WHERE "cart_reminders"."status" = 'active';--> statement-breakpoint
CREATE INDEX "cart_reminders_due_idx" ON "cart_reminders" USING btree ("last_activity_at") WHERE "cart_reminders"."status" = 'active';--> statement-breakpoint
CREATE INDEX "cart_reminders_closed_idx" ON "cart_reminders" USING btree ("closed_at");--> statement-breakpoint
CREATE INDEX "review_requests_waiting_idx" ON "review_requests" USING btree ("delivered_at") WHERE "review_requests"."queued_at" is null;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('order_confirmation', 'order_dispatch', 'owner_alert', 'message_reply', 'refund', 'cancellation', 'customer_message', 'photo_request', 'review_request', 'cart_reminder', 'account_verification', 'account_password_reset', 'account_existing_signup', 'account_email_change'));--> statement-breakpoint
UPDATE "review_requests" SET "delivered_at" = "created_at", "queued_at" = "created_at";
