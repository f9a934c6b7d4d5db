-- Issue 30 item 2: an order keeps the business days its zone promised for the chosen method,
-- so the payment page, e-mails, invoice, admin and tracking say the window checkout said.
ALTER TABLE "orders" ADD COLUMN "delivery_days_min" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_days_max" integer;--> statement-breakpoint
-- Orders placed before: their zone's days as the zones table holds them now.
UPDATE "orders" o SET
  "delivery_days_min" = CASE WHEN o."shipping_method" = 'express' THEN z."express_days_min" ELSE z."standard_days_min" END,
  "delivery_days_max" = CASE WHEN o."shipping_method" = 'express' THEN z."express_days_max" ELSE z."standard_days_max" END
  FROM "shipping_zones" z
  WHERE z."id" = o."shipping_zone";--> statement-breakpoint
-- Issue 30 item 11: sizes read width x height ("8" x 6"" is the landscape panel). Only the
-- seed's own names are turned round; a name the owner wrote is left as it is.
UPDATE "product_options" p SET "name" = v."new_name"
  FROM (VALUES
    ('6x8', '6" x 8" (15 x 20 cm)', '8" x 6" (20 x 15 cm)'),
    ('7.5x10', '7.5" x 10" (19 x 25 cm)', '10" x 7.5" (25 x 19 cm)'),
    ('9x12', '9" x 12" (23 x 30 cm)', '12" x 9" (30 x 23 cm)'),
    ('8x6', '8" x 6" (20 x 15 cm)', '6" x 8" (15 x 20 cm)'),
    ('10x7.5', '10" x 7.5" (25 x 19 cm)', '7.5" x 10" (19 x 25 cm)'),
    ('12x9', '12" x 9" (30 x 23 cm)', '9" x 12" (23 x 30 cm)')
  ) AS v("value", "old_name", "new_name")
  WHERE p."option_type" = 'size' AND p."value" = v."value" AND p."name" = v."old_name";
