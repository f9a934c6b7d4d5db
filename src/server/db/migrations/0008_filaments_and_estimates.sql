CREATE TABLE "filaments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"colour" text NOT NULL,
	"attenuation_per_mm" double precision NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"calibration" jsonb,
	"calibrated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "attenuation_per_mm" double precision;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "filament_name" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "estimate_status" text;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "print_seconds" integer;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "filament_grams" real;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "estimate_error" text;--> statement-breakpoint
CREATE UNIQUE INDEX "filaments_name_idx" ON "filaments" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "filaments_one_active_idx" ON "filaments" USING btree ("active") WHERE "filaments"."active";--> statement-breakpoint
-- Custom step (issue 19, decision 071): the creator's preview reads the active filament's k
-- through the catalogue, so a change to filaments notifies every server like the other
-- catalogue tables (0005). The first filament is seeded by db/seed.ts with the rest of the
-- catalogue, not here: a migration's rows would make every fresh database "not empty" to a
-- restore.
CREATE TRIGGER "filaments_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "filaments"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
