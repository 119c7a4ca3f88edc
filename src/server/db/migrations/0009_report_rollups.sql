CREATE TABLE "product_window_sales" (
	"days" integer NOT NULL,
	"vendor_id" uuid NOT NULL,
	"product_key" text NOT NULL,
	"product_id" uuid,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "product_window_sales_days_vendor_id_product_key_pk" PRIMARY KEY("days","vendor_id","product_key")
);
--> statement-breakpoint
CREATE TABLE "report_windows" (
	"days" integer PRIMARY KEY NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendor_window_sales" (
	"days" integer NOT NULL,
	"vendor_id" uuid NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "vendor_window_sales_days_vendor_id_pk" PRIMARY KEY("days","vendor_id")
);
--> statement-breakpoint
ALTER TABLE "product_window_sales" ADD CONSTRAINT "product_window_sales_days_report_windows_days_fk" FOREIGN KEY ("days") REFERENCES "public"."report_windows"("days") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_window_sales" ADD CONSTRAINT "product_window_sales_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_window_sales" ADD CONSTRAINT "vendor_window_sales_days_report_windows_days_fk" FOREIGN KEY ("days") REFERENCES "public"."report_windows"("days") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_window_sales" ADD CONSTRAINT "vendor_window_sales_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_window_sales_rank_idx" ON "product_window_sales" USING btree ("days","amount" DESC NULLS FIRST) WHERE quantity > 0;--> statement-breakpoint
CREATE INDEX "vendor_window_sales_rank_idx" ON "vendor_window_sales" USING btree ("days","amount" DESC NULLS FIRST,"orders" DESC NULLS FIRST,"vendor_id") WHERE orders > 0;--> statement-breakpoint
CREATE INDEX "orders_gone_product_idx" ON "orders" USING btree ("vendor_id",lower("product_name")) WHERE product_id is null;--> statement-breakpoint
-- Report windows (docs/decisions/015). A product as the report ranks it: its id while it exists; once it is
-- deleted, the name its orders kept, in lower case, prefixed so that no name can pass for an id.
CREATE FUNCTION "order_product_key"(p_product uuid, p_name text) RETURNS text AS $$
  SELECT coalesce(p_product::text, 'name:' || lower(p_name))
$$ LANGUAGE sql IMMUTABLE;
--> statement-breakpoint
-- What the window sales must hold, computed from the orders within each window: the trigger below keeps the
-- tables equal to these views in every transaction; `npm run db:check` compares them; a rebuild copies them.
CREATE VIEW "vendor_window_sales_expected" AS
SELECT w.days, o.vendor_id, count(*)::bigint AS orders, sum(o.total_amount)::bigint AS amount
FROM report_windows w
JOIN orders o ON o.created_at >= w.starts_at AND o.created_at < w.ends_at
GROUP BY w.days, o.vendor_id;
--> statement-breakpoint
CREATE VIEW "product_window_sales_expected" AS
SELECT w.days, o.vendor_id, order_product_key(o.product_id, o.product_name) AS product_key, o.product_id,
  sum(o.quantity)::bigint AS quantity, sum(o.total_amount)::bigint AS amount
FROM report_windows w
JOIN orders o ON o.created_at >= w.starts_at AND o.created_at < w.ends_at
GROUP BY w.days, o.vendor_id, order_product_key(o.product_id, o.product_name), o.product_id;
--> statement-breakpoint
-- The orders' window sales were counted by this row trigger until 0011 replaced it by statement triggers, whose
-- functions src/server/db/functions.sql defines (docs/decisions/017): here its function only stands in.
CREATE FUNCTION "orders_keep_window_sales"() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'orders_keep_window_sales: see functions.sql'; END $$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "orders_keep_window_sales"
  AFTER INSERT OR DELETE OR UPDATE OF vendor_id, product_id, product_name, quantity, total_amount, created_at
  ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_window_sales();
--> statement-breakpoint
-- The ranges the report offers (7, 30, 90 and 365 days, today included), on the calendar of Africa/Kigali, the
-- default TIME_ZONE: a report in another zone, or on a later day, moves its window there first.
INSERT INTO report_windows (days, starts_at, ends_at)
SELECT d, ((now() AT TIME ZONE 'Africa/Kigali')::date - (d - 1))::timestamp AT TIME ZONE 'Africa/Kigali',
  ((now() AT TIME ZONE 'Africa/Kigali')::date + 1)::timestamp AT TIME ZONE 'Africa/Kigali'
FROM unnest(ARRAY[7, 30, 90, 365]) AS d;
--> statement-breakpoint
-- Their sales for the orders already there (a database migrated from an earlier version).
INSERT INTO vendor_window_sales SELECT * FROM vendor_window_sales_expected;
--> statement-breakpoint
INSERT INTO product_window_sales SELECT * FROM product_window_sales_expected;
