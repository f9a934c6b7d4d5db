ALTER TABLE "cart_reminders" DROP CONSTRAINT "cart_reminders_status_check";--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_kind_check";--> statement-breakpoint
ALTER TABLE "cart_reminders" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD COLUMN "confirmation_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD COLUMN "user_id" text;--> statement-breakpoint
CREATE INDEX "cart_reminders_confirmations_idx" ON "cart_reminders" USING btree (lower("email"),"confirmation_sent_at") WHERE "cart_reminders"."confirmation_sent_at" is not null;--> statement-breakpoint
CREATE INDEX "resumable_uploads_client_idx" ON "resumable_uploads" USING btree ("client_key");--> statement-breakpoint
CREATE INDEX "resumable_uploads_user_idx" ON "resumable_uploads" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "resumable_uploads_created_idx" ON "resumable_uploads" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "cart_reminders" ADD CONSTRAINT "cart_reminders_status_check" CHECK ("cart_reminders"."status" in ('active', 'pending', 'unconfirmed', 'recovered', 'purchased', 'emptied', 'unsubscribed', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('order_confirmation', 'order_dispatch', 'owner_alert', 'message_reply', 'refund', 'cancellation', 'customer_message', 'photo_request', 'proof_request', 'review_request', 'cart_reminder', 'cart_reminder_confirmation', 'account_verification', 'account_password_reset', 'account_existing_signup', 'account_email_change'));--> statement-breakpoint
-- Issue 46: a reminder goes only to a confirmed address. A kept cart of a signed-in customer's
-- own verified address counts as confirmed; every other active one was never confirmed and ends.
UPDATE "cart_reminders" SET "confirmed_at" = "cart_reminders"."consented_at" FROM "users"
  WHERE "cart_reminders"."status" = 'active' AND "cart_reminders"."user_id" = "users"."id"
  AND "users"."email_verified" AND lower("users"."email") = lower("cart_reminders"."email");--> statement-breakpoint
UPDATE "cart_reminders" SET "status" = 'unconfirmed', "closed_at" = now()
  WHERE "status" = 'active' AND "confirmed_at" IS NULL;--> statement-breakpoint
-- The owner of an upload in progress, from the metadata it was kept in before.
UPDATE "resumable_uploads" SET "client_key" = "metadata"->>'clientKey', "user_id" = "metadata"->>'userId';
