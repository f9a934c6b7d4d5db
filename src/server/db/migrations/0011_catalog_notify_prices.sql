-- The owner's prices are part of the catalogue (the options answer carries the bundles and
-- the free-shipping threshold; both are in the pricing fingerprint): a write to them tells
-- every listening server at commit, like migration 0005's triggers on products and options,
-- so a price change shows on every server at once instead of after the 3 s poll.
CREATE TRIGGER "bundle_prices_catalog_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalog_changed_notify"();
--> statement-breakpoint
-- Of the settings only the free-shipping threshold feeds the catalogue; the others change
-- nothing a shopper sees there, so they do not drop every server's cache.
CREATE TRIGGER "free_shipping_threshold_catalog_changed" AFTER INSERT OR UPDATE ON "system_settings"
  FOR EACH ROW WHEN (NEW."setting_key" = 'free_shipping_threshold_pence')
  EXECUTE FUNCTION "catalog_changed_notify"();
--> statement-breakpoint
CREATE TRIGGER "free_shipping_threshold_catalog_removed" AFTER DELETE ON "system_settings"
  FOR EACH ROW WHEN (OLD."setting_key" = 'free_shipping_threshold_pence')
  EXECUTE FUNCTION "catalog_changed_notify"();
