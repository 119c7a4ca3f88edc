CREATE TABLE "order_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_days_day_status_pk" PRIMARY KEY("day","status")
);
--> statement-breakpoint
CREATE TABLE "report_calendar" (
	"id" integer PRIMARY KEY NOT NULL,
	"time_zone" text NOT NULL,
	CONSTRAINT "report_calendar_single_row" CHECK (id = 1)
);
--> statement-breakpoint
-- The time a payout was pending, (requested_at, decided]: open-ended while it is pending. A report counts the
-- payouts pending when its range began as those whose span holds that instant, which a GiST index answers by
-- looking at those few, where the (processed_at) index it replaces walked every payout decided since (docs/decisions/016).
-- A decision dated before its request (none is) makes an empty span rather than an error.
CREATE FUNCTION "payout_pending_span"(p_requested timestamptz, p_processed timestamptz, p_status text)
RETURNS tstzrange AS $$
  SELECT tstzrange(p_requested,
    CASE WHEN p_status = 'pending' THEN NULL ELSE greatest(coalesce(p_processed, p_requested), p_requested) END, '(]')
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
DROP INDEX "payouts_processed_idx";--> statement-breakpoint
CREATE INDEX "payouts_pending_span_idx" ON "payouts" USING gist (payout_pending_span("requested_at", "processed_at", "status"));
--> statement-breakpoint
-- The report's days (docs/decisions/016): orders per calendar day of the marketplace's time zone and status,
-- kept by the statement triggers of 0011 beside the hours, so a report over 365 days reads 365 days × 3
-- statuses rather than 8,760 hours, and its chart is the days as they are (no time zone arithmetic per row).
-- report_calendar names the zone; a report in another zone recounts the days (reports/report-days.ts).
INSERT INTO "report_calendar" ("id", "time_zone") VALUES (1, 'Africa/Kigali');
--> statement-breakpoint
-- What order_days must hold, computed from the orders: `npm run db:check` compares, a rebuild copies.
CREATE VIEW "order_days_expected" AS
SELECT (o.created_at AT TIME ZONE c.time_zone)::date AS day, o.status, count(*)::bigint AS orders,
  sum(o.total_amount)::bigint AS amount
FROM orders o CROSS JOIN report_calendar c GROUP BY 1, 2;
--> statement-breakpoint
-- 0011's function with the days added (the rest unchanged).
CREATE OR REPLACE FUNCTION "orders_move_counted"(moved order_move[]) RETURNS void AS $$
BEGIN
  IF cardinality(moved) = 0 THEN
    RETURN;
  END IF;
  -- Shops: counting in adds (a new shop's row may not exist yet); counting out only corrects an existing row
  -- (a shop removed in the same statement has no totals left to correct).
  INSERT INTO vendor_totals AS t (vendor_id, orders_pending, orders_completed, orders_refunded,
    amount_pending, amount_completed, amount_refunded)
  SELECT vendor_id,
    count(*) FILTER (WHERE status = 'pending'), count(*) FILTER (WHERE status = 'completed'),
    count(*) FILTER (WHERE status = 'refunded'),
    coalesce(sum(total_amount) FILTER (WHERE status = 'pending'), 0),
    coalesce(sum(total_amount) FILTER (WHERE status = 'completed'), 0),
    coalesce(sum(total_amount) FILTER (WHERE status = 'refunded'), 0)
  FROM unnest(moved) WHERE delta > 0 GROUP BY vendor_id ORDER BY vendor_id
  ON CONFLICT (vendor_id) DO UPDATE SET
    orders_pending = t.orders_pending + excluded.orders_pending,
    orders_completed = t.orders_completed + excluded.orders_completed,
    orders_refunded = t.orders_refunded + excluded.orders_refunded,
    amount_pending = t.amount_pending + excluded.amount_pending,
    amount_completed = t.amount_completed + excluded.amount_completed,
    amount_refunded = t.amount_refunded + excluded.amount_refunded;
  UPDATE vendor_totals AS t SET
    orders_pending = t.orders_pending - o.orders_pending,
    orders_completed = t.orders_completed - o.orders_completed,
    orders_refunded = t.orders_refunded - o.orders_refunded,
    amount_pending = t.amount_pending - o.amount_pending,
    amount_completed = t.amount_completed - o.amount_completed,
    amount_refunded = t.amount_refunded - o.amount_refunded
  FROM (
    SELECT vendor_id,
      count(*) FILTER (WHERE status = 'pending') AS orders_pending,
      count(*) FILTER (WHERE status = 'completed') AS orders_completed,
      count(*) FILTER (WHERE status = 'refunded') AS orders_refunded,
      coalesce(sum(total_amount) FILTER (WHERE status = 'pending'), 0) AS amount_pending,
      coalesce(sum(total_amount) FILTER (WHERE status = 'completed'), 0) AS amount_completed,
      coalesce(sum(total_amount) FILTER (WHERE status = 'refunded'), 0) AS amount_refunded
    FROM unnest(moved) WHERE delta < 0 GROUP BY vendor_id
  ) o
  WHERE t.vendor_id = o.vendor_id;
  -- Hours in UTC, whatever the session's time zone.
  INSERT INTO order_hours AS h (hour, status, orders, amount)
  SELECT date_trunc('hour', created_at, 'UTC'), status, sum(delta), sum(delta * total_amount)
  FROM unnest(moved) GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (hour, status) DO UPDATE SET orders = h.orders + excluded.orders, amount = h.amount + excluded.amount;

  -- The report's days (0013) and windows (0009): a report recounts the days in another time zone, or moves a
  -- window, holding advisory lock 7316404 exclusively; each order change holds it shared before it reads the
  -- calendar or the windows, so its orders are counted in the days and windows as they were before a recount
  -- or a move, or as they are after it, never half-way.
  PERFORM pg_advisory_xact_lock_shared(7316404);
  INSERT INTO order_days AS d (day, status, orders, amount)
  SELECT (m.created_at AT TIME ZONE c.time_zone)::date, m.status, sum(m.delta), sum(m.delta * m.total_amount)
  FROM unnest(moved) m CROSS JOIN report_calendar c GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, status) DO UPDATE SET orders = d.orders + excluded.orders, amount = d.amount + excluded.amount;

  -- A status change alone moves no window sales.
  IF EXISTS (SELECT 1 FROM unnest(moved) WHERE sales_moved) THEN
    INSERT INTO vendor_window_sales AS s (days, vendor_id, orders, amount)
    SELECT w.days, m.vendor_id, sum(m.delta), sum(m.delta * m.total_amount)
    FROM unnest(moved) m JOIN report_windows w ON m.created_at >= w.starts_at AND m.created_at < w.ends_at
    WHERE m.sales_moved
    GROUP BY w.days, m.vendor_id ORDER BY w.days, m.vendor_id
    ON CONFLICT (days, vendor_id) DO UPDATE SET orders = s.orders + excluded.orders, amount = s.amount + excluded.amount;
    INSERT INTO product_window_sales AS s (days, vendor_id, product_key, product_id, quantity, amount)
    SELECT w.days, m.vendor_id, order_product_key(m.product_id, m.product_name),
      (array_agg(m.product_id))[1], sum(m.delta * m.quantity), sum(m.delta * m.total_amount)
    FROM unnest(moved) m JOIN report_windows w ON m.created_at >= w.starts_at AND m.created_at < w.ends_at
    WHERE m.sales_moved
    GROUP BY w.days, m.vendor_id, order_product_key(m.product_id, m.product_name)
    ORDER BY w.days, m.vendor_id, 3
    ON CONFLICT (days, vendor_id, product_key) DO UPDATE SET
      quantity = s.quantity + excluded.quantity, amount = s.amount + excluded.amount;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
INSERT INTO "order_days" SELECT * FROM "order_days_expected";
