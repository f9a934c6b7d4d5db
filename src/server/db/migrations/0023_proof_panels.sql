-- Issue 44 items 2 and 4 (decision 351): every panel of a proof has its own state and crop
-- changes (order_proof_panels), and the proof e-mail goes once the pictures exist (mailed_at).
CREATE TABLE "order_proof_panels" (
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"panel_index" integer NOT NULL,
	"state" text DEFAULT 'awaiting' NOT NULL,
	"changes" integer DEFAULT 0 NOT NULL,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_proof_panels_order_item_id_panel_index_pk" PRIMARY KEY("order_item_id","panel_index"),
	CONSTRAINT "order_proof_panels_state_check" CHECK ("order_proof_panels"."state" in ('awaiting', 'changed', 'approved', 'auto_approved'))
);
--> statement-breakpoint
ALTER TABLE "order_proofs" ADD COLUMN "mailed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_proof_panels" ADD CONSTRAINT "order_proof_panels_order_id_order_proofs_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."order_proofs"("order_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_proof_panels" ADD CONSTRAINT "order_proof_panels_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_proof_panels_order_idx" ON "order_proof_panels" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_proofs_unmailed_idx" ON "order_proofs" USING btree ("created_at") WHERE mailed_at is null;--> statement-breakpoint
-- Proofs started before this migration: their e-mail went at payment, and each of their panels
-- takes the proof's state (panel 0 of every lithophane line, then one per additional photo).
UPDATE "order_proofs" SET "mailed_at" = "created_at" WHERE "mailed_at" IS NULL;--> statement-breakpoint
INSERT INTO "order_proof_panels" ("order_id", "order_item_id", "panel_index", "state", "decided_at", "created_at", "updated_at")
SELECT p."order_id", i."id", g.n, p."state", p."decided_at", p."created_at", p."updated_at"
FROM "order_proofs" p
JOIN "order_items" i ON i."order_id" = p."order_id" AND i."kind" = 'lithophane'
CROSS JOIN LATERAL generate_series(0, jsonb_array_length(i."additional_images")) AS g(n)
ON CONFLICT DO NOTHING;
