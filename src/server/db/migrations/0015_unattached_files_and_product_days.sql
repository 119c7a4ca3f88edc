CREATE TABLE "product_days" (
	"day" date PRIMARY KEY NOT NULL,
	"products" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_images_idx" ON "products" USING gin ("images" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "vendors_shop_logo_idx" ON "vendors" USING btree ("shop_logo");--> statement-breakpoint
CREATE INDEX "vendors_gov_id_idx" ON "vendors" USING btree ("gov_id");--> statement-breakpoint
CREATE INDEX "vendors_business_documents_idx" ON "vendors" USING gin ("business_documents" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "vendors_id_documents_idx" ON "vendors" USING gin ("id_documents" jsonb_path_ops) WITH (fastupdate=false);--> statement-breakpoint
-- The indexes above let the clean-up of unattached files ask, for each file older than a day, whether a shop
-- or a product refers to it, without reading every shop and product (uploads.service.ts).
--
-- product_days: products created per calendar day of report_calendar's time zone, so that a report counts the
-- products of its range from at most 365 rows (reports.service.ts), not by reading the products. Kept by the
-- products' trigger (functions.sql: totals_move_product), which now also fires when a creation time changes.
CREATE VIEW "product_days_expected" AS
SELECT (p.created_at AT TIME ZONE c.time_zone)::date AS day, count(*)::bigint AS products
FROM products p CROSS JOIN report_calendar c GROUP BY 1;
--> statement-breakpoint
DROP TRIGGER "products_keep_totals" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_keep_totals" AFTER INSERT OR DELETE OR UPDATE OF vendor_id, status, created_at
  ON products FOR EACH ROW EXECUTE FUNCTION products_keep_totals();
--> statement-breakpoint
INSERT INTO "product_days" SELECT * FROM "product_days_expected";
