-- Issue 47 item 13: readable order numbers (#1001, #1002 ...). Orders already placed are numbered
-- in creation order (ties by id) from 1001; new orders take the sequence's next number as they
-- are created. The id stays the key of links and tokens; the 8-character id prefix already
-- e-mailed is still accepted by the track form and the Click & Drop import.
CREATE SEQUENCE IF NOT EXISTS "orders_order_number_seq" AS integer START WITH 1001 MINVALUE 1001;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer;--> statement-breakpoint
UPDATE "orders" SET "order_number" = numbered.n
  FROM (SELECT "id", 1000 + row_number() OVER (ORDER BY "created_at", "id") AS n FROM "orders") AS numbered
  WHERE "orders"."id" = numbered."id";--> statement-breakpoint
SELECT setval('orders_order_number_seq', (SELECT coalesce(max("order_number"), 1000) + 1 FROM "orders"), false);--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT nextval('orders_order_number_seq');--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET NOT NULL;--> statement-breakpoint
ALTER SEQUENCE "orders_order_number_seq" OWNED BY "orders"."order_number";--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_number_unique" UNIQUE("order_number");
