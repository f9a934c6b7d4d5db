ALTER TABLE "filaments" ADD COLUMN "colour_role" text;--> statement-breakpoint
ALTER TABLE "filaments" ADD COLUMN "extruder" integer;--> statement-breakpoint
ALTER TABLE "filaments" ADD COLUMN "channel_attenuation" jsonb;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "processing" text DEFAULT 'grayscale' NOT NULL;--> statement-breakpoint
ALTER TABLE "print_jobs" ADD COLUMN "colour_filaments" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "filaments_colour_role_idx" ON "filaments" USING btree ("colour_role") WHERE "filaments"."colour_role" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "filaments_extruder_idx" ON "filaments" USING btree ("extruder") WHERE "filaments"."extruder" is not null;--> statement-breakpoint
ALTER TABLE "filaments" ADD CONSTRAINT "filaments_colour_role_check" CHECK ("filaments"."colour_role" is null or "filaments"."colour_role" in ('white', 'cyan', 'magenta', 'yellow'));--> statement-breakpoint
ALTER TABLE "filaments" ADD CONSTRAINT "filaments_extruder_check" CHECK ("filaments"."extruder" is null or "filaments"."extruder" between 1 and 4);--> statement-breakpoint
ALTER TABLE "print_jobs" ADD CONSTRAINT "print_jobs_processing_check" CHECK ("print_jobs"."processing" in ('grayscale', 'colour'));--> statement-breakpoint
-- Issue 22 (decision 105): a shop whose Colour option is still the untouched seed row ("coming soon", no
-- modifier) gets colour as a fresh shop does: enabled at the seed modifier, which the owner changes on the
-- Prices screen. A row the owner edited is left as it is.
UPDATE "product_options" SET "status" = 'enabled', "price_modifier" = 1500 WHERE "option_type" = 'processing' AND "value" = 'colour' AND "status" = 'coming_soon' AND "price_modifier" = 0;
