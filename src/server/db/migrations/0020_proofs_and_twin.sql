-- Issue 32 (decision 321): the G-code twin on every print job (its pictures, agreement and hold),
-- filament grams per extruder from the same slicing, and the customer's proof of a paid order.
CREATE TABLE "order_proofs" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_proofs_state_check" CHECK ("order_proofs"."state" in ('awaiting', 'changed', 'approved', 'auto_approved'))
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" DROP CONSTRAINT "outbox_emails_kind_check";--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "twin_status" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "twin_ssim" real;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "twin_delta_l" real;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "twin_key" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "twin_preview_key" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "twin_error" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "filament_grams_by_extruder" jsonb;--> statement-breakpoint
ALTER TABLE "order_proofs" ADD CONSTRAINT "order_proofs_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_proofs_due_idx" ON "order_proofs" USING btree ("due_at") WHERE state in ('awaiting', 'changed');--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_kind_check" CHECK ("outbox_emails"."kind" in ('order_confirmation', 'order_dispatch', 'owner_alert', 'message_reply', 'refund', 'cancellation', 'customer_message', 'photo_request', 'proof_request', 'review_request', 'cart_reminder', 'account_verification', 'account_password_reset', 'account_existing_signup', 'account_email_change'));--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_twin_status_check" CHECK ("print_jobs"."twin_status" in ('off', 'pending', 'passed', 'flagged', 'accepted', 'failed'));