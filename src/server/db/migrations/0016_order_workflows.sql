ALTER TABLE "order_refunds" ADD COLUMN "line_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_pending_expiry_idx" ON "orders" USING btree ("payment_expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
-- Orders placed before expiry existed: Stripe's sessions then lived 24 hours, so they hold until then.
UPDATE "orders" SET "payment_expires_at" = "created_at" + interval '24 hours' WHERE "status" = 'pending';
