-- The running totals' functions as they are today (docs/decisions/007, 015, 016 and 017): the one place to read
-- and change them. Applied after the migrations at every start, in one transaction (src/server/db/functions.ts);
-- `npm run db:check` says whether the database's functions are these. Each statement is CREATE OR REPLACE, so
-- applying the file again changes nothing. The tables, views and triggers stay in the migrations; a function
-- whose arguments or result change needs a migration that drops the old one first (CREATE OR REPLACE cannot).

-- The advisory lock between the report's days and windows and the orders: a report recounts the days or moves
-- a window holding it exclusively; each order or product change holds it shared before it reads the calendar or
-- the windows, so it is counted as they were before the recount or move, or as they are after it, never
-- half-way. The server takes it through this function too (src/server/db/totals.ts).
CREATE OR REPLACE FUNCTION report_lock() RETURNS bigint AS $$
  SELECT 7316404::bigint
$$ LANGUAGE sql IMMUTABLE;

-- ── Orders: one statement trigger per event (migration 0011) ──

-- The statement's orders moved, added up per shop, hour, day, window and product, each row written once, in
-- key order, so two statements at once lock them in the same order.
CREATE OR REPLACE FUNCTION orders_move_counted(moved order_move[]) RETURNS void AS $$
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

  -- The report's days (0013), in the time zone report_calendar names, and its windows (0009).
  PERFORM pg_advisory_xact_lock_shared(report_lock());
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

CREATE OR REPLACE FUNCTION orders_inserted_keep_totals() RETURNS trigger AS $$
BEGIN
  PERFORM orders_move_counted(ARRAY(
    SELECT ROW(vendor_id, status, created_at, total_amount, product_id, product_name, quantity, 1, true)::order_move
    FROM new_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION orders_deleted_keep_totals() RETURNS trigger AS $$
BEGIN
  PERFORM orders_move_counted(ARRAY(
    SELECT ROW(vendor_id, status, created_at, total_amount, product_id, product_name, quantity, -1, true)::order_move
    FROM old_rows));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- An updated order is counted out as it was and in as it is when a counted column changed: the shop, status,
-- total or time for the totals; the shop, product, name, quantity, total or time for the report windows.
CREATE OR REPLACE FUNCTION orders_updated_keep_totals() RETURNS trigger AS $$
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

-- ── Payouts, products and shops: one row trigger each (migration 0008) ──

-- A payout counted in (delta +1) or out (delta -1) of its shop's totals. Counting out only updates an existing
-- row: a shop removed in the same statement has no totals left to correct.
CREATE OR REPLACE FUNCTION totals_move_payout(p_vendor uuid, p_status text, p_delta bigint, p_amount bigint)
RETURNS void AS $$
DECLARE
  is_pending bigint := (p_status = 'pending')::int;
  is_approved bigint := (p_status = 'approved')::int;
  is_rejected bigint := (p_status = 'rejected')::int;
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO vendor_totals (vendor_id) VALUES (p_vendor) ON CONFLICT (vendor_id) DO NOTHING;
  END IF;
  UPDATE vendor_totals SET
    payouts_pending = payouts_pending + p_delta * is_pending,
    payouts_approved = payouts_approved + p_delta * is_approved,
    payouts_rejected = payouts_rejected + p_delta * is_rejected,
    payouts_pending_amount = payouts_pending_amount + p_delta * is_pending * p_amount,
    payouts_approved_amount = payouts_approved_amount + p_delta * is_approved * p_amount,
    payouts_rejected_amount = payouts_rejected_amount + p_delta * is_rejected * p_amount
  WHERE vendor_id = p_vendor;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION payouts_keep_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.vendor_id = NEW.vendor_id AND OLD.status = NEW.status AND OLD.amount = NEW.amount THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM totals_move_payout(OLD.vendor_id, OLD.status, -1, OLD.amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM totals_move_payout(NEW.vendor_id, NEW.status, 1, NEW.amount);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- A product counted in (delta +1) or out (delta -1) of its shop's totals, as a payout is, and of the day it
-- was created on (product_days, in the report's time zone: migration 0015).
CREATE OR REPLACE FUNCTION totals_move_product(p_vendor uuid, p_status text, p_created timestamptz, p_delta bigint,
  p_days_moved boolean)
RETURNS void AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO vendor_totals (vendor_id) VALUES (p_vendor) ON CONFLICT (vendor_id) DO NOTHING;
  END IF;
  UPDATE vendor_totals SET
    products_pending = products_pending + p_delta * (p_status = 'pending')::int,
    products_approved = products_approved + p_delta * (p_status = 'approved')::int,
    products_rejected = products_rejected + p_delta * (p_status = 'rejected')::int
  WHERE vendor_id = p_vendor;
  IF p_days_moved THEN
    PERFORM pg_advisory_xact_lock_shared(report_lock());
    INSERT INTO product_days AS d (day, products)
    SELECT (p_created AT TIME ZONE c.time_zone)::date, p_delta FROM report_calendar c
    ON CONFLICT (day) DO UPDATE SET products = d.products + excluded.products;
  END IF;
END;
$$ LANGUAGE plpgsql;

-- A product's shop and status move its shop's totals; its creation, deletion or a new creation time its day.
CREATE OR REPLACE FUNCTION products_keep_totals() RETURNS trigger AS $$
DECLARE
  days_moved boolean := TG_OP <> 'UPDATE' OR OLD.created_at IS DISTINCT FROM NEW.created_at;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.vendor_id = NEW.vendor_id AND OLD.status = NEW.status AND NOT days_moved THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM totals_move_product(OLD.vendor_id, OLD.status, OLD.created_at, -1, days_moved);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM totals_move_product(NEW.vendor_id, NEW.status, NEW.created_at, 1, days_moved);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- A new shop gets its (empty) totals row at once; the marketplace counts shops by status.
CREATE OR REPLACE FUNCTION vendors_keep_totals() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO vendor_totals (vendor_id) VALUES (NEW.id) ON CONFLICT (vendor_id) DO NOTHING;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  UPDATE marketplace_totals SET
    vendors_pending = vendors_pending
      + CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'pending' THEN 1 ELSE 0 END
      - CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'pending' THEN 1 ELSE 0 END,
    vendors_approved = vendors_approved
      + CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'approved' THEN 1 ELSE 0 END
      - CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'approved' THEN 1 ELSE 0 END,
    vendors_rejected = vendors_rejected
      + CASE WHEN TG_OP <> 'DELETE' AND NEW.status = 'rejected' THEN 1 ELSE 0 END
      - CASE WHEN TG_OP <> 'INSERT' AND OLD.status = 'rejected' THEN 1 ELSE 0 END
  WHERE id = 1;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- ── The ledger (migration 0020, docs/decisions/021) ──
-- A line's amount credits its account when positive and debits it when negative; an entry's lines add up to 0.

-- A shop's line takes the next number among the shop's lines and the balance after it, from the shop's row of
-- ledger_balances, which it locks: the numbers follow the order in which the balance moved, and the line's time is
-- that moment, so a statement reads its lines in that order and needs no sum.
CREATE OR REPLACE FUNCTION ledger_lines_number() RETURNS trigger AS $$
BEGIN
  IF NEW.account <> 'vendor_payable' THEN
    RETURN NEW;
  END IF;
  INSERT INTO ledger_balances AS b (account, owner, balance, lines)
  VALUES ('vendor_payable', NEW.vendor_id, NEW.amount, 1)
  ON CONFLICT (account, owner) DO UPDATE SET balance = b.balance + excluded.balance, lines = b.lines + 1
  RETURNING b.lines, b.balance INTO NEW.seq, NEW.balance_after;
  NEW.created_at := clock_timestamp();
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;

-- The marketplace's accounts and their days, once per statement, in key order (after the shops' rows, which the
-- lines' row trigger locked first: every posting takes its locks in that order).
CREATE OR REPLACE FUNCTION ledger_lines_keep_balances() RETURNS trigger AS $$
BEGIN
  INSERT INTO ledger_balances AS b (account, owner, balance, lines)
  SELECT account, '00000000-0000-0000-0000-000000000000'::uuid, sum(amount), count(*)
  FROM new_rows WHERE account <> 'vendor_payable' GROUP BY account ORDER BY account
  ON CONFLICT (account, owner) DO UPDATE SET balance = b.balance + excluded.balance, lines = b.lines + excluded.lines;
  -- The report's days, in the time zone report_calendar names (as order_days: report_lock() shared).
  PERFORM pg_advisory_xact_lock_shared(report_lock());
  INSERT INTO ledger_days AS d (day, account, amount)
  SELECT (l.created_at AT TIME ZONE c.time_zone)::date, l.account, sum(l.amount)
  FROM new_rows l CROSS JOIN report_calendar c WHERE l.account <> 'vendor_payable' GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (day, account) DO UPDATE SET amount = d.amount + excluded.amount;
  -- Each shop's days by kind, for its statement's month totals (the shops' balance rows are locked already).
  INSERT INTO ledger_shop_days AS s (vendor_id, day, kind, amount)
  SELECT l.vendor_id, (l.created_at AT TIME ZONE c.time_zone)::date, l.kind, sum(l.amount)
  FROM new_rows l CROSS JOIN report_calendar c WHERE l.account = 'vendor_payable' GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
  ON CONFLICT (vendor_id, day, kind) DO UPDATE SET amount = s.amount + excluded.amount;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- At commit, each entry's lines add up to 0, or nothing of the transaction is kept.
CREATE OR REPLACE FUNCTION ledger_entry_must_balance() RETURNS trigger AS $$
DECLARE
  total bigint;
BEGIN
  SELECT sum(amount) INTO total FROM ledger_lines WHERE entry_id = NEW.entry_id;
  IF total <> 0 THEN
    RAISE EXCEPTION 'ledger entry % does not balance: its lines add up to %', NEW.entry_id, total
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Lines in one statement: the shops' first, by shop and in the order given, then the marketplace's.
CREATE OR REPLACE FUNCTION ledger_insert_lines(lines ledger_line[]) RETURNS void AS $$
BEGIN
  INSERT INTO ledger_lines (entry_id, account, vendor_id, kind, amount, available_at)
  SELECT l.entry_id, l.account, l.vendor_id, l.kind, l.amount, l.available_at
  FROM unnest(lines) WITH ORDINALITY AS l(entry_id, account, vendor_id, kind, amount, available_at, n)
  WHERE l.amount <> 0
  ORDER BY l.account <> 'vendor_payable', l.vendor_id, l.n;
END;
$$ LANGUAGE plpgsql;

-- The commission on an order of p_total francs of a shop in a category (null when its product is gone), under the
-- most specific rule that applies (shop and category, shop, category, the shop's plan, the marketplace's default;
-- none: 0), with VAT on it at the marketplace's rate: the rule and the amounts, as a sale's memo. Rounded half up;
-- the commission and its VAT together never exceed the total.
CREATE OR REPLACE FUNCTION commission_memo(p_vendor uuid, p_category text, p_total bigint) RETURNS jsonb AS $$
  WITH rule AS (
    SELECT r.* FROM commission_rules r JOIN vendors v ON v.id = p_vendor
    WHERE (r.vendor_id IS NULL OR r.vendor_id = p_vendor)
      AND (r.category IS NULL OR r.category = p_category)
      AND (r.plan IS NULL OR r.plan = v.subscription_plan)
    ORDER BY r.vendor_id IS NOT NULL DESC, r.category IS NOT NULL DESC, r.plan IS NOT NULL DESC
    LIMIT 1
  ), priced AS (
    -- At most what leaves the VAT on it within the total: a sale never costs its shop more than it brought.
    SELECT rule.*, least(p_total * 10000 / (10000 + s.vat_rate_bp),
      greatest(coalesce(rule.min_amount, 0), least(coalesce(rule.max_amount, p_total),
      (p_total * rule.rate_bp + 5000) / 10000 + rule.fixed_amount))) AS commission
    FROM rule CROSS JOIN marketplace_settings s WHERE s.id = 1
  )
  SELECT jsonb_build_object('total', p_total, 'rule_id', p.id, 'rule_vendor_id', p.vendor_id,
    'rule_category', p.category, 'rule_plan', p.plan, 'rate_bp', p.rate_bp, 'fixed_amount', p.fixed_amount,
    'min_amount', p.min_amount, 'max_amount', p.max_amount, 'commission', coalesce(p.commission, 0),
    'vat_rate_bp', s.vat_rate_bp, 'vat', (coalesce(p.commission, 0) * s.vat_rate_bp + 5000) / 10000)
  FROM marketplace_settings s LEFT JOIN priced p ON true
  WHERE s.id = 1
$$ LANGUAGE sql STABLE;

-- Orders leaving the completed status (gone: refunded, reopened, changed or deleted) and entering it (came).
-- A sale is posted when an order completes: its total to the shop, the commission and the VAT on it from the
-- shop, under the rule frozen then (the order's earlier sale of the same total keeps its rule and amounts: a
-- re-completion is never priced at today's rates). Leaving reverses the sale's lines, each exactly, available
-- when they were; an order completed before the ledger (counted in its shop's opening entry) reverses its total.
CREATE OR REPLACE FUNCTION ledger_orders_moved(gone ledger_order_move[], came ledger_order_move[]) RETURNS void AS $$
DECLARE
  m ledger_order_move;
  sale uuid;
  entry uuid;
  memo jsonb;
  held timestamptz;
  lines ledger_line[] := '{}';
BEGIN
  IF cardinality(gone) = 0 AND cardinality(came) = 0 THEN
    RETURN;
  END IF;
  FOREACH m IN ARRAY gone LOOP
    SELECT e.id INTO sale FROM ledger_entries e
    WHERE e.order_id = m.order_id AND e.kind = 'sale'
      AND NOT EXISTS (SELECT 1 FROM ledger_entries r WHERE r.reverses_id = e.id)
    ORDER BY e.created_at DESC LIMIT 1;
    CONTINUE WHEN sale IS NULL AND m.total_amount = 0;
    entry := gen_random_uuid();
    INSERT INTO ledger_entries (id, kind, vendor_id, order_id, reverses_id, memo)
    VALUES (entry, CASE WHEN m.reason = 'refunded' THEN 'refund' ELSE 'reversal' END, m.vendor_id, m.order_id, sale,
      jsonb_build_object('reason', m.reason));
    IF sale IS NOT NULL THEN
      lines := lines || ARRAY(
        SELECT ROW(entry, l.account, l.vendor_id,
          CASE l.kind WHEN 'sale' THEN 'refund' WHEN 'commission' THEN 'commission_refund'
            WHEN 'commission_vat' THEN 'commission_vat_refund' ELSE l.kind END,
          -l.amount, l.available_at)::ledger_line
        FROM ledger_lines l WHERE l.entry_id = sale ORDER BY l.id);
    ELSE
      lines := lines || ARRAY[
        ROW(entry, 'vendor_payable', m.vendor_id, 'refund', -m.total_amount, now())::ledger_line,
        ROW(entry, 'marketplace_cash', m.vendor_id, 'refund', m.total_amount, now())::ledger_line];
    END IF;
  END LOOP;
  IF cardinality(came) > 0 THEN
    SELECT now() + make_interval(days => s.hold_days) INTO held FROM marketplace_settings s WHERE s.id = 1;
  END IF;
  FOREACH m IN ARRAY came LOOP
    CONTINUE WHEN m.total_amount = 0;
    SELECT e.memo INTO memo FROM ledger_entries e
    WHERE e.order_id = m.order_id AND e.kind = 'sale' AND e.vendor_id = m.vendor_id
      AND (e.memo->>'total')::bigint = m.total_amount
    ORDER BY e.created_at DESC LIMIT 1;
    IF memo IS NULL THEN
      memo := commission_memo(m.vendor_id, (SELECT p.category FROM products p WHERE p.id = m.product_id), m.total_amount);
    END IF;
    entry := gen_random_uuid();
    INSERT INTO ledger_entries (id, kind, vendor_id, order_id, memo) VALUES (entry, 'sale', m.vendor_id, m.order_id, memo);
    lines := lines || ARRAY[
      ROW(entry, 'vendor_payable', m.vendor_id, 'sale', m.total_amount, held)::ledger_line,
      ROW(entry, 'marketplace_cash', m.vendor_id, 'sale', -m.total_amount, now())::ledger_line,
      ROW(entry, 'vendor_payable', m.vendor_id, 'commission', -(memo->>'commission')::bigint, held)::ledger_line,
      ROW(entry, 'commission_income', m.vendor_id, 'commission', (memo->>'commission')::bigint, now())::ledger_line,
      ROW(entry, 'vendor_payable', m.vendor_id, 'commission_vat', -(memo->>'vat')::bigint, held)::ledger_line,
      ROW(entry, 'vat_on_commission_payable', m.vendor_id, 'commission_vat', (memo->>'vat')::bigint, now())::ledger_line];
  END LOOP;
  PERFORM ledger_insert_lines(lines);
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION orders_inserted_post_ledger() RETURNS trigger AS $$
BEGIN
  PERFORM ledger_orders_moved('{}', ARRAY(
    SELECT ROW(id, vendor_id, product_id, total_amount, 'inserted')::ledger_order_move
    FROM new_rows WHERE status = 'completed' ORDER BY vendor_id, id));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION orders_deleted_post_ledger() RETURNS trigger AS $$
BEGIN
  PERFORM ledger_orders_moved(ARRAY(
    SELECT ROW(id, vendor_id, product_id, total_amount, 'deleted')::ledger_order_move
    FROM old_rows WHERE status = 'completed' ORDER BY vendor_id, id), '{}');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- An order leaves the completed status, or stays in it with another shop or total (out as it was, in as it is).
CREATE OR REPLACE FUNCTION orders_updated_post_ledger() RETURNS trigger AS $$
BEGIN
  PERFORM ledger_orders_moved(
    ARRAY(
      SELECT ROW(o.id, o.vendor_id, o.product_id, o.total_amount,
        CASE WHEN n.status = 'completed' THEN 'changed' ELSE n.status END)::ledger_order_move
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE o.status = 'completed'
        AND (n.status <> 'completed' OR (o.vendor_id, o.total_amount) IS DISTINCT FROM (n.vendor_id, n.total_amount))
      ORDER BY o.vendor_id, o.id),
    ARRAY(
      SELECT ROW(n.id, n.vendor_id, n.product_id, n.total_amount, 'completed')::ledger_order_move
      FROM old_rows o JOIN new_rows n ON n.id = o.id
      WHERE n.status = 'completed'
        AND (o.status <> 'completed' OR (o.vendor_id, o.total_amount) IS DISTINCT FROM (n.vendor_id, n.total_amount))
      ORDER BY n.vendor_id, n.id));
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;

-- Where a payout's amount is, by its status: pending, in transit; approved and paid by hand, paid out of the
-- marketplace's cash; approved and sent through a provider, in transit until the provider says it is paid, then
-- paid out of that provider's float; rejected (or its transfer failed), back with its shop (docs/payments.md).
CREATE OR REPLACE FUNCTION payout_place(p_status text, p_provider text, p_transfer text) RETURNS text AS $$
  SELECT CASE
    WHEN p_status = 'pending' THEN 'payouts_in_transit'
    WHEN p_status = 'approved' AND p_provider IS NULL THEN 'marketplace_cash'
    WHEN p_status = 'approved' AND p_transfer = 'paid' THEN 'provider_float_' || p_provider
    WHEN p_status = 'approved' THEN 'payouts_in_transit'
    ELSE 'vendor_payable' END
$$ LANGUAGE sql IMMUTABLE;

-- A payout requested, decided, changed or removed moves its amount from where it was to where it is now (a
-- request: from its shop), one entry with the lines netted per account.
CREATE OR REPLACE FUNCTION payouts_post_ledger() RETURNS trigger AS $$
DECLARE
  entry uuid := gen_random_uuid();
  moves ledger_line[] := '{}';
  lines ledger_line[];
  shop uuid;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.vendor_id = NEW.vendor_id AND OLD.amount = NEW.amount
    AND payout_place(OLD.status, OLD.provider, OLD.transfer_status)
      = payout_place(NEW.status, NEW.provider, NEW.transfer_status) THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    shop := OLD.vendor_id;
    moves := moves || ARRAY[
      ROW(entry, payout_place(OLD.status, OLD.provider, OLD.transfer_status), OLD.vendor_id, 'payout',
        -OLD.amount, now())::ledger_line,
      ROW(entry, 'vendor_payable', OLD.vendor_id, 'payout', OLD.amount, now())::ledger_line];
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    shop := NEW.vendor_id;
    moves := moves || ARRAY[
      ROW(entry, 'vendor_payable', NEW.vendor_id, 'payout', -NEW.amount, now())::ledger_line,
      ROW(entry, payout_place(NEW.status, NEW.provider, NEW.transfer_status), NEW.vendor_id, 'payout',
        NEW.amount, now())::ledger_line];
  END IF;
  SELECT coalesce(array_agg(ROW(entry, n.account, n.vendor_id,
      CASE WHEN n.account = 'marketplace_cash' OR n.account LIKE 'provider_float_%' THEN 'payout_paid'
        WHEN n.account = 'vendor_payable' AND n.amount > 0 THEN 'payout_returned' ELSE 'payout' END,
      n.amount, now())::ledger_line), '{}')
  INTO lines
  FROM (SELECT m.account, m.vendor_id, sum(m.amount)::bigint AS amount FROM unnest(moves) m
        GROUP BY m.account, m.vendor_id) n
  WHERE n.amount <> 0;
  IF cardinality(lines) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO ledger_entries (id, kind, vendor_id, payout_id)
  VALUES (entry,
    CASE WHEN TG_OP = 'INSERT' THEN 'payout_requested' WHEN TG_OP = 'DELETE' THEN 'payout_returned'
      WHEN NEW.status = 'approved' THEN 'payout_paid' WHEN NEW.status = 'rejected' THEN 'payout_returned'
      ELSE 'payout_changed' END,
    shop, CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END);
  PERFORM ledger_insert_lines(lines);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
