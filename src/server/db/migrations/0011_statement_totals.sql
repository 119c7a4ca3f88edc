-- Orders move their running totals and report windows once per statement, not once per row (docs/decisions/007).
-- The row triggers of 0008 and 0009 made ten upserts for each order written: an import of 250 orders in one
-- INSERT updated its hour's row 250 times in one transaction, each update walking the versions the ones before
-- it left. The statement triggers below see the statement's rows (transition tables), add them up per shop,
-- hour, window and product, and write each of those rows once. What the totals must equal is unchanged: the
-- *_expected views of 0008 and 0009, which `npm run db:check` compares.
--
-- PostgreSQL allows transition tables only on a trigger of one event without a column list: one trigger per
-- event, and the UPDATE one keeps only the rows whose counted columns changed.
DROP TRIGGER "orders_keep_totals" ON "orders";
--> statement-breakpoint
DROP TRIGGER "orders_keep_window_sales" ON "orders";
--> statement-breakpoint
DROP FUNCTION "orders_keep_totals"();
--> statement-breakpoint
DROP FUNCTION "orders_keep_window_sales"();
--> statement-breakpoint
-- One order counted out (delta -1, as it was) or in (delta +1, as it is); sales_moved says whether the report
-- windows count it (a status change alone moves none of their sales).
CREATE TYPE "order_move" AS (vendor_id uuid, status text, created_at timestamptz, total_amount bigint,
  product_id uuid, product_name text, quantity integer, delta bigint, sales_moved boolean);
--> statement-breakpoint
-- The statement's orders moved, added up per shop, hour, window and product, each written once. Shops, hours,
-- windows and products are written in key order, so two statements at once lock them in the same order.
CREATE FUNCTION "orders_move_counted"(moved order_move[]) RETURNS void AS $$
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

  -- The report windows (0009): a report moves a window holding advisory lock 7316404 exclusively; each order
  -- change holds it shared before it reads the windows, so its orders are counted under the windows as they were
  -- before a move or as they are after it, never half-way. A status change alone moves no window sales.
  IF EXISTS (SELECT 1 FROM unnest(moved) WHERE sales_moved) THEN
    PERFORM pg_advisory_xact_lock_shared(7316404);
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
CREATE FUNCTION "orders_inserted_keep_totals"() RETURNS trigger AS $$
BEGIN
  PERFORM orders_move_counted(ARRAY(
    SELECT ROW(vendor_id, status, created_at, total_amount, product_id, product_name, quantity, 1, true)::order_move
    FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION "orders_deleted_keep_totals"() RETURNS trigger AS $$
BEGIN
  PERFORM orders_move_counted(ARRAY(
    SELECT ROW(vendor_id, status, created_at, total_amount, product_id, product_name, quantity, -1, true)::order_move
    FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
-- An updated order is counted out as it was and in as it is when a counted column changed: the shop, status,
-- total or time for the totals; the shop, product, name, quantity, total or time for the report windows.
CREATE FUNCTION "orders_updated_keep_totals"() RETURNS trigger AS $$
BEGIN
  PERFORM orders_move_counted(ARRAY(
    WITH changed AS (
      SELECT o.*, n.*,
        (o.o_vendor, o.o_product, order_product_key(o.o_product, o.o_name), o.o_quantity, o.o_total, o.o_created)
          IS DISTINCT FROM
        (n.n_vendor, n.n_product, order_product_key(n.n_product, n.n_name), n.n_quantity, n.n_total, n.n_created)
          AS sales_moved,
        (o.o_vendor, o.o_status, o.o_total, o.o_created) IS DISTINCT FROM (n.n_vendor, n.n_status, n.n_total, n.n_created)
          AS totals_moved
      FROM (SELECT id, vendor_id AS o_vendor, status AS o_status, created_at AS o_created, total_amount AS o_total,
              product_id AS o_product, product_name AS o_name, quantity AS o_quantity FROM old_rows) o
      JOIN (SELECT id AS n_id, vendor_id AS n_vendor, status AS n_status, created_at AS n_created,
              total_amount AS n_total, product_id AS n_product, product_name AS n_name, quantity AS n_quantity
            FROM new_rows) n ON n.n_id = o.id
    )
    SELECT ROW(o_vendor, o_status, o_created, o_total, o_product, o_name, o_quantity, -1, sales_moved)::order_move
    FROM changed WHERE totals_moved OR sales_moved
    UNION ALL
    SELECT ROW(n_vendor, n_status, n_created, n_total, n_product, n_name, n_quantity, 1, sales_moved)::order_move
    FROM changed WHERE totals_moved OR sales_moved));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "orders_inserted_keep_totals" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_inserted_keep_totals();
--> statement-breakpoint
CREATE TRIGGER "orders_deleted_keep_totals" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_deleted_keep_totals();
--> statement-breakpoint
CREATE TRIGGER "orders_updated_keep_totals" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_updated_keep_totals();
