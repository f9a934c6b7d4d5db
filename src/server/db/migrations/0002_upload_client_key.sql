ALTER TABLE "uploads" ADD COLUMN "client_key" text;--> statement-breakpoint
CREATE INDEX "uploads_client_created_idx" ON "uploads" USING btree ("client_key","created_at");--> statement-breakpoint
CREATE INDEX "uploads_user_created_idx" ON "uploads" USING btree ("user_id","created_at");