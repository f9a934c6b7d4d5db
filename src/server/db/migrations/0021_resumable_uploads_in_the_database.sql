CREATE TABLE "resumable_upload_chunks" (
	"upload_id" text NOT NULL,
	"offset" integer NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "resumable_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"size" integer,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "resumable_upload_chunks" ADD CONSTRAINT "resumable_upload_chunks_upload_id_resumable_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."resumable_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "resumable_upload_chunks_upload_offset" ON "resumable_upload_chunks" USING btree ("upload_id","offset");