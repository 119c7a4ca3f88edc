CREATE TABLE "marketplace_totals" (
	"id" integer PRIMARY KEY NOT NULL,
	"vendors_pending" bigint DEFAULT 0 NOT NULL,
	"vendors_approved" bigint DEFAULT 0 NOT NULL,
	"vendors_rejected" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "marketplace_totals_single_row" CHECK (id = 1)
);
--> statement-breakpoint
CREATE TABLE "order_hours" (
	"hour" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_hours_hour_status_pk" PRIMARY KEY("hour","status")
);
--> statement-breakpoint
CREATE TABLE "vendor_totals" (
	"vendor_id" uuid PRIMARY KEY NOT NULL,
	"orders_pending" bigint DEFAULT 0 NOT NULL,
	"orders_completed" bigint DEFAULT 0 NOT NULL,
	"orders_refunded" bigint DEFAULT 0 NOT NULL,
	"amount_pending" bigint DEFAULT 0 NOT NULL,
	"amount_completed" bigint DEFAULT 0 NOT NULL,
	"amount_refunded" bigint DEFAULT 0 NOT NULL,
	"payouts_pending" bigint DEFAULT 0 NOT NULL,
	"payouts_approved" bigint DEFAULT 0 NOT NULL,
	"payouts_rejected" bigint DEFAULT 0 NOT NULL,
	"payouts_pending_amount" bigint DEFAULT 0 NOT NULL,
	"payouts_approved_amount" bigint DEFAULT 0 NOT NULL,
	"payouts_rejected_amount" bigint DEFAULT 0 NOT NULL,
	"products_pending" bigint DEFAULT 0 NOT NULL,
	"products_approved" bigint DEFAULT 0 NOT NULL,
	"products_rejected" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vendor_totals" ADD CONSTRAINT "vendor_totals_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_processed_idx" ON "payouts" USING btree ("processed_at");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
-- What the running totals must equal, computed from the rows: the triggers below keep the tables equal to
-- these views in every transaction; `npm run db:check` compares them; a rebuild copies them.
CREATE VIEW "vendor_totals_expected" AS
SELECT v.id AS vendor_id,
  coalesce(o.orders_pending, 0)::bigint AS orders_pending,
  coalesce(o.orders_completed, 0)::bigint AS orders_completed,
  coalesce(o.orders_refunded, 0)::bigint AS orders_refunded,
  coalesce(o.amount_pending, 0)::bigint AS amount_pending,
  coalesce(o.amount_completed, 0)::bigint AS amount_completed,
  coalesce(o.amount_refunded, 0)::bigint AS amount_refunded,
  coalesce(p.payouts_pending, 0)::bigint AS payouts_pending,
  coalesce(p.payouts_approved, 0)::bigint AS payouts_approved,
  coalesce(p.payouts_rejected, 0)::bigint AS payouts_rejected,
  coalesce(p.payouts_pending_amount, 0)::bigint AS payouts_pending_amount,
  coalesce(p.payouts_approved_amount, 0)::bigint AS payouts_approved_amount,
  coalesce(p.payouts_rejected_amount, 0)::bigint AS payouts_rejected_amount,
  coalesce(pr.products_pending, 0)::bigint AS products_pending,
  coalesce(pr.products_approved, 0)::bigint AS products_approved,
  coalesce(pr.products_rejected, 0)::bigint AS products_rejected
FROM vendors v
LEFT JOIN (
  SELECT vendor_id,
    count(*) FILTER (WHERE status = 'pending') AS orders_pending,
    count(*) FILTER (WHERE status = 'completed') AS orders_completed,
    count(*) FILTER (WHERE status = 'refunded') AS orders_refunded,
    sum(total_amount) FILTER (WHERE status = 'pending') AS amount_pending,
    sum(total_amount) FILTER (WHERE status = 'completed') AS amount_completed,
    sum(total_amount) FILTER (WHERE status = 'refunded') AS amount_refunded
  FROM orders GROUP BY vendor_id
) o ON o.vendor_id = v.id
LEFT JOIN (
  SELECT vendor_id,
    count(*) FILTER (WHERE status = 'pending') AS payouts_pending,
    count(*) FILTER (WHERE status = 'approved') AS payouts_approved,
    count(*) FILTER (WHERE status = 'rejected') AS payouts_rejected,
    sum(amount) FILTER (WHERE status = 'pending') AS payouts_pending_amount,
    sum(amount) FILTER (WHERE status = 'approved') AS payouts_approved_amount,
    sum(amount) FILTER (WHERE status = 'rejected') AS payouts_rejected_amount
  FROM payouts GROUP BY vendor_id
) p ON p.vendor_id = v.id
LEFT JOIN (
  SELECT vendor_id,
    count(*) FILTER (WHERE status = 'pending') AS products_pending,
    count(*) FILTER (WHERE status = 'approved') AS products_approved,
    count(*) FILTER (WHERE status = 'rejected') AS products_rejected
  FROM products GROUP BY vendor_id
) pr ON pr.vendor_id = v.id;
--> statement-breakpoint
CREATE VIEW "marketplace_totals_expected" AS
SELECT 1 AS id,
  count(*) FILTER (WHERE status = 'pending')::bigint AS vendors_pending,
  count(*) FILTER (WHERE status = 'approved')::bigint AS vendors_approved,
  count(*) FILTER (WHERE status = 'rejected')::bigint AS vendors_rejected
FROM vendors;
--> statement-breakpoint
-- Hours in UTC (date_trunc's third argument), whatever the session's time zone.
CREATE VIEW "order_hours_expected" AS
SELECT date_trunc('hour', created_at, 'UTC') AS hour, status, count(*)::bigint AS orders, sum(total_amount)::bigint AS amount
FROM orders GROUP BY 1, 2;
--> statement-breakpoint
-- One order counted in (delta +1) or out (delta -1) of its shop's totals and of its hour. Counting out only
-- updates an existing row: a shop removed in the same statement has no totals left to correct.
CREATE FUNCTION "totals_move_order"(p_vendor uuid, p_status text, p_created timestamptz, p_delta bigint, p_amount bigint)
RETURNS void AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO vendor_totals AS t (vendor_id, orders_pending, orders_completed, orders_refunded, amount_pending, amount_completed, amount_refunded)
    VALUES (p_vendor,
      CASE WHEN p_status = 'pending' THEN 1 ELSE 0 END,
      CASE WHEN p_status = 'completed' THEN 1 ELSE 0 END,
      CASE WHEN p_status = 'refunded' THEN 1 ELSE 0 END,
      CASE WHEN p_status = 'pending' THEN p_amount ELSE 0 END,
      CASE WHEN p_status = 'completed' THEN p_amount ELSE 0 END,
      CASE WHEN p_status = 'refunded' THEN p_amount ELSE 0 END)
    ON CONFLICT (vendor_id) DO UPDATE SET
      orders_pending = t.orders_pending + excluded.orders_pending,
      orders_completed = t.orders_completed + excluded.orders_completed,
      orders_refunded = t.orders_refunded + excluded.orders_refunded,
      amount_pending = t.amount_pending + excluded.amount_pending,
      amount_completed = t.amount_completed + excluded.amount_completed,
      amount_refunded = t.amount_refunded + excluded.amount_refunded;
  ELSE
    UPDATE vendor_totals SET
      orders_pending = orders_pending - CASE WHEN p_status = 'pending' THEN 1 ELSE 0 END,
      orders_completed = orders_completed - CASE WHEN p_status = 'completed' THEN 1 ELSE 0 END,
      orders_refunded = orders_refunded - CASE WHEN p_status = 'refunded' THEN 1 ELSE 0 END,
      amount_pending = amount_pending - CASE WHEN p_status = 'pending' THEN p_amount ELSE 0 END,
      amount_completed = amount_completed - CASE WHEN p_status = 'completed' THEN p_amount ELSE 0 END,
      amount_refunded = amount_refunded - CASE WHEN p_status = 'refunded' THEN p_amount ELSE 0 END
    WHERE vendor_id = p_vendor;
  END IF;
  INSERT INTO order_hours AS h (hour, status, orders, amount)
  VALUES (date_trunc('hour', p_created, 'UTC'), p_status, p_delta, p_delta * p_amount)
  ON CONFLICT (hour, status) DO UPDATE SET orders = h.orders + excluded.orders, amount = h.amount + excluded.amount;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION "orders_keep_totals"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.vendor_id = NEW.vendor_id AND OLD.status = NEW.status
     AND OLD.total_amount = NEW.total_amount AND OLD.created_at = NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM totals_move_order(OLD.vendor_id, OLD.status, OLD.created_at, -1, OLD.total_amount);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM totals_move_order(NEW.vendor_id, NEW.status, NEW.created_at, 1, NEW.total_amount);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "orders_keep_totals" AFTER INSERT OR DELETE OR UPDATE OF vendor_id, status, total_amount, created_at
  ON orders FOR EACH ROW EXECUTE FUNCTION orders_keep_totals();
--> statement-breakpoint
CREATE FUNCTION "totals_move_payout"(p_vendor uuid, p_status text, p_delta bigint, p_amount bigint)
RETURNS void AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO vendor_totals AS t (vendor_id, payouts_pending, payouts_approved, payouts_rejected, payouts_pending_amount, payouts_approved_amount, payouts_rejected_amount)
    VALUES (p_vendor,
      CASE WHEN p_status = 'pending' THEN 1 ELSE 0 END,
      CASE WHEN p_status = 'approved' THEN 1 ELSE 0 END,
      CASE WHEN p_status = 'rejected' THEN 1 ELSE 0 END,
      CASE WHEN p_status = 'pending' THEN p_amount ELSE 0 END,
      CASE WHEN p_status = 'approved' THEN p_amount ELSE 0 END,
      CASE WHEN p_status = 'rejected' THEN p_amount ELSE 0 END)
    ON CONFLICT (vendor_id) DO UPDATE SET
      payouts_pending = t.payouts_pending + excluded.payouts_pending,
      payouts_approved = t.payouts_approved + excluded.payouts_approved,
      payouts_rejected = t.payouts_rejected + excluded.payouts_rejected,
      payouts_pending_amount = t.payouts_pending_amount + excluded.payouts_pending_amount,
      payouts_approved_amount = t.payouts_approved_amount + excluded.payouts_approved_amount,
      payouts_rejected_amount = t.payouts_rejected_amount + excluded.payouts_rejected_amount;
  ELSE
    UPDATE vendor_totals SET
      payouts_pending = payouts_pending - CASE WHEN p_status = 'pending' THEN 1 ELSE 0 END,
      payouts_approved = payouts_approved - CASE WHEN p_status = 'approved' THEN 1 ELSE 0 END,
      payouts_rejected = payouts_rejected - CASE WHEN p_status = 'rejected' THEN 1 ELSE 0 END,
      payouts_pending_amount = payouts_pending_amount - CASE WHEN p_status = 'pending' THEN p_amount ELSE 0 END,
      payouts_approved_amount = payouts_approved_amount - CASE WHEN p_status = 'approved' THEN p_amount ELSE 0 END,
      payouts_rejected_amount = payouts_rejected_amount - CASE WHEN p_status = 'rejected' THEN p_amount ELSE 0 END
    WHERE vendor_id = p_vendor;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION "payouts_keep_totals"() RETURNS trigger AS $$
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
--> statement-breakpoint
CREATE TRIGGER "payouts_keep_totals" AFTER INSERT OR DELETE OR UPDATE OF vendor_id, status, amount
  ON payouts FOR EACH ROW EXECUTE FUNCTION payouts_keep_totals();
--> statement-breakpoint
CREATE FUNCTION "totals_move_product"(p_vendor uuid, p_status text, p_delta bigint)
RETURNS void AS $$
BEGIN
  IF p_delta > 0 THEN
    INSERT INTO vendor_totals AS t (vendor_id, products_pending, products_approved, products_rejected)
    VALUES (p_vendor,
      CASE WHEN p_status = 'pending' THEN 1 ELSE 0 END,
      CASE WHEN p_status = 'approved' THEN 1 ELSE 0 END,
      CASE WHEN p_status = 'rejected' THEN 1 ELSE 0 END)
    ON CONFLICT (vendor_id) DO UPDATE SET
      products_pending = t.products_pending + excluded.products_pending,
      products_approved = t.products_approved + excluded.products_approved,
      products_rejected = t.products_rejected + excluded.products_rejected;
  ELSE
    UPDATE vendor_totals SET
      products_pending = products_pending - CASE WHEN p_status = 'pending' THEN 1 ELSE 0 END,
      products_approved = products_approved - CASE WHEN p_status = 'approved' THEN 1 ELSE 0 END,
      products_rejected = products_rejected - CASE WHEN p_status = 'rejected' THEN 1 ELSE 0 END
    WHERE vendor_id = p_vendor;
  END IF;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE FUNCTION "products_keep_totals"() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.vendor_id = NEW.vendor_id AND OLD.status = NEW.status THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM totals_move_product(OLD.vendor_id, OLD.status, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM totals_move_product(NEW.vendor_id, NEW.status, 1);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "products_keep_totals" AFTER INSERT OR DELETE OR UPDATE OF vendor_id, status
  ON products FOR EACH ROW EXECUTE FUNCTION products_keep_totals();
--> statement-breakpoint
-- A new shop gets its (empty) totals row at once; the marketplace counts shops by status.
CREATE FUNCTION "vendors_keep_totals"() RETURNS trigger AS $$
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
--> statement-breakpoint
CREATE TRIGGER "vendors_keep_totals" AFTER INSERT OR DELETE OR UPDATE OF status
  ON vendors FOR EACH ROW EXECUTE FUNCTION vendors_keep_totals();
--> statement-breakpoint
-- Totals for the rows already there (a database migrated from an earlier version).
INSERT INTO vendor_totals SELECT * FROM vendor_totals_expected;
--> statement-breakpoint
INSERT INTO marketplace_totals SELECT * FROM marketplace_totals_expected;
--> statement-breakpoint
INSERT INTO order_hours SELECT * FROM order_hours_expected;
