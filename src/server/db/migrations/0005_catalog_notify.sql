-- Every write to the catalogue (admin routes, another server, a script) tells every listening
-- server at commit: NOTIFY catalog_changed (payload: the table). Servers drop their catalogue
-- cache on it (src/server/services/catalog-notify.ts); the 3 s poll stays as the fallback.
CREATE OR REPLACE FUNCTION "catalog_changed_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "product_options_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_options"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
