CREATE TABLE "catalog_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_version" ADD CONSTRAINT "catalog_version_one_row" CHECK ("id");
--> statement-breakpoint
-- The catalogue's version replaces the md5 of every catalogue row that each order insert and
-- each saved cart computed (~0.9 ms of PostgreSQL CPU per checkout): the triggers that already
-- NOTIFY every server of a catalogue write (migrations 0005 and 0011) raise the number in the
-- same transaction, so the number moves exactly when those rows do. The row is made by the
-- first write (a migration's row would make a fresh database "not empty" to a restore), and
-- backups leave the table out: restoring the catalogue's rows raises it again.
CREATE OR REPLACE FUNCTION "catalog_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "catalog_version" ("id", "version") VALUES (true, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "catalog_version"."version" + 1;
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Which accessories are kept on the shelf is part of the snapshot too (an order of products
-- made to order needs no stock transaction); levels changing (every order) do not count.
CREATE TRIGGER "product_stock_catalog_changed" AFTER INSERT OR DELETE OR TRUNCATE ON "product_stock"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
--> statement-breakpoint
-- Checkout prices shipping from the same snapshot (no zone query per order); an admin's zone
-- edit raises the version, so an order placed on an older snapshot is priced again.
CREATE TRIGGER "shipping_zones_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_zones"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "shipping_zone_countries_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_zone_countries"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
