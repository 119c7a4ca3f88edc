-- The running totals' functions now live in src/server/db/functions.sql, applied after the migrations at every
-- start (docs/decisions/017). These were left behind by earlier versions and nothing calls them: the per-row
-- order functions replaced by statement triggers in 0011, and the products' one, which now takes the product's
-- creation time as well (functions.sql: totals_move_product counts product_days, 0015).
DROP FUNCTION IF EXISTS "totals_move_order"(uuid, text, timestamptz, bigint, bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "window_sales_move_order"(uuid, uuid, text, timestamptz, bigint, bigint, bigint);
--> statement-breakpoint
DROP FUNCTION IF EXISTS "totals_move_product"(uuid, text, bigint);
