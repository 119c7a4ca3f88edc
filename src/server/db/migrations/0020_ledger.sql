CREATE TABLE "commission_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid,
	"category" text,
	"plan" text,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"fixed_amount" bigint DEFAULT 0 NOT NULL,
	"min_amount" bigint,
	"max_amount" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rules_plan_alone" CHECK (plan is null or (vendor_id is null and category is null)),
	CONSTRAINT "commission_rules_category_check" CHECK (category is null or category in ('Clothes', 'Shoes', 'Bags', 'Accessories', 'Phones', 'Computers', 'Gaming', 'Electronics', 'Furniture', 'Home Decor', 'Kitchenware', 'Bedding', 'Makeup', 'Perfume', 'Skincare', 'Haircare', 'Sports Gear', 'Outdoor Gear', 'Toys', 'Baby Products', 'Snacks', 'Food', 'Drinks', 'Car Accessories', 'Tools', 'Books', 'Stationery', 'Pet Supplies')),
	CONSTRAINT "commission_rules_plan_check" CHECK (plan is null or plan in ('starter', 'growth', 'business', 'scaling', 'unlimited')),
	CONSTRAINT "commission_rules_rate_check" CHECK (rate_bp between 0 and 10000),
	CONSTRAINT "commission_rules_fixed_check" CHECK (fixed_amount >= 0),
	CONSTRAINT "commission_rules_bounds_check" CHECK ((min_amount is null or min_amount >= 0) and (max_amount is null or max_amount >= 0)
        and (min_amount is null or max_amount is null or min_amount <= max_amount))
);
--> statement-breakpoint
CREATE TABLE "ledger_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_adjustments_amount_check" CHECK (amount <> 0),
	CONSTRAINT "ledger_adjustments_status_check" CHECK (status in ('pending', 'posted', 'rejected')),
	CONSTRAINT "ledger_adjustments_reason_check" CHECK (length(btrim(reason)) > 0),
	CONSTRAINT "ledger_adjustments_second_admin" CHECK (decided_by is null or decided_by <> requested_by)
);
--> statement-breakpoint
CREATE TABLE "ledger_balances" (
	"account" text NOT NULL,
	"owner" uuid NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"lines" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_balances_account_owner_pk" PRIMARY KEY("account","owner")
);
--> statement-breakpoint
CREATE TABLE "ledger_days" (
	"day" date NOT NULL,
	"account" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_days_day_account_pk" PRIMARY KEY("day","account")
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"vendor_id" uuid,
	"order_id" uuid,
	"payout_id" uuid,
	"adjustment_id" uuid,
	"reverses_id" uuid,
	"memo" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_entries_kind_check" CHECK (kind in ('opening', 'sale', 'refund', 'reversal', 'payout_requested', 'payout_paid', 'payout_returned', 'payout_changed', 'adjustment', 'subscription_fee'))
);
--> statement-breakpoint
CREATE TABLE "ledger_lines" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ledger_lines_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"entry_id" uuid NOT NULL,
	"account" text NOT NULL,
	"vendor_id" uuid,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seq" bigint,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_lines_account_check" CHECK (account in ('vendor_payable', 'marketplace_cash', 'commission_income', 'vat_on_commission_payable', 'payouts_in_transit', 'subscription_income', 'adjustments')),
	CONSTRAINT "ledger_lines_kind_check" CHECK (kind in ('opening', 'sale', 'commission', 'commission_vat', 'refund', 'commission_refund', 'commission_vat_refund', 'payout', 'payout_paid', 'payout_returned', 'adjustment', 'fee')),
	CONSTRAINT "ledger_lines_amount_check" CHECK (amount <> 0),
	CONSTRAINT "ledger_lines_vendor_check" CHECK (account <> 'vendor_payable' or vendor_id is not null)
);
--> statement-breakpoint
CREATE TABLE "marketplace_settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"vat_rate_bp" integer DEFAULT 1800 NOT NULL,
	"hold_days" integer DEFAULT 0 NOT NULL,
	"debt_limit" bigint,
	"adjustment_approval_above" bigint DEFAULT 100000 NOT NULL,
	"marketplace_name" text DEFAULT 'Isoko' NOT NULL,
	"marketplace_tin" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" uuid,
	CONSTRAINT "marketplace_settings_single_row" CHECK (id = 1),
	CONSTRAINT "marketplace_settings_vat_check" CHECK (vat_rate_bp between 0 and 10000),
	CONSTRAINT "marketplace_settings_hold_check" CHECK (hold_days between 0 and 90),
	CONSTRAINT "marketplace_settings_debt_check" CHECK (debt_limit is null or debt_limit >= 0),
	CONSTRAINT "marketplace_settings_adjustment_check" CHECK (adjustment_approval_above >= 0),
	CONSTRAINT "marketplace_settings_tin_check" CHECK (marketplace_tin is null or marketplace_tin ~ '^[0-9]{9}$')
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" DROP CONSTRAINT "one_time_tokens_purpose_check";--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "tin" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "vat_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "commission_rules" ADD CONSTRAINT "commission_rules_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_adjustments" ADD CONSTRAINT "ledger_adjustments_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_reverses_fk" FOREIGN KEY ("reverses_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_settings" ADD CONSTRAINT "marketplace_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "commission_rules_scope_unique" ON "commission_rules" USING btree (coalesce("vendor_id"::text, ''),coalesce("category", ''),coalesce("plan", ''));--> statement-breakpoint
CREATE INDEX "ledger_adjustments_vendor_idx" ON "ledger_adjustments" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_adjustments_status_idx" ON "ledger_adjustments" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_reverses_unique" ON "ledger_entries" USING btree ("reverses_id") WHERE reverses_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_order_idx" ON "ledger_entries" USING btree ("order_id","created_at") WHERE order_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_payout_idx" ON "ledger_entries" USING btree ("payout_id") WHERE payout_id is not null;--> statement-breakpoint
CREATE INDEX "ledger_entries_created_idx" ON "ledger_entries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "ledger_lines_entry_idx" ON "ledger_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_lines_statement_idx" ON "ledger_lines" USING btree ("vendor_id","seq") WHERE account = 'vendor_payable';--> statement-breakpoint
CREATE INDEX "ledger_lines_statement_created_idx" ON "ledger_lines" USING btree ("vendor_id","created_at") WHERE account = 'vendor_payable';--> statement-breakpoint
CREATE INDEX "ledger_lines_held_idx" ON "ledger_lines" USING btree ("vendor_id","available_at") WHERE account = 'vendor_payable';--> statement-breakpoint
CREATE INDEX "ledger_lines_account_created_idx" ON "ledger_lines" USING btree ("account","created_at");--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_purpose_check" CHECK (purpose in ('confirm_email', 'admin_setup', 'admin_invite'));--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_tin_check" CHECK (tin is null or tin ~ '^[0-9]{9}$');--> statement-breakpoint
-- ── The ledger (docs/decisions/021). Its trigger functions are in functions.sql; here are the stand-ins that
-- CREATE TRIGGER needs, the triggers, the rule that keeps it append-only, and the opening entries. ──
INSERT INTO "marketplace_settings" ("id") VALUES (1);--> statement-breakpoint
ALTER TABLE "ledger_balances" SET (fillfactor = 50, autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 2000,
  autovacuum_analyze_scale_factor = 0, autovacuum_analyze_threshold = 2000, autovacuum_vacuum_cost_delay = 0);--> statement-breakpoint
-- What the rows say each shop is owed, as opening entries, before any trigger exists: the completed orders, less
-- the payouts pending (in transit) and approved (paid out of the marketplace's cash). A balance read from the
-- ledger is then the balance read from the totals before (specification §9).
WITH shop AS (
  SELECT v.id AS vendor_id,
    coalesce((SELECT sum(o.total_amount) FROM orders o WHERE o.vendor_id = v.id AND o.status = 'completed'), 0) AS completed,
    coalesce((SELECT sum(p.amount) FROM payouts p WHERE p.vendor_id = v.id AND p.status = 'pending'), 0) AS pending,
    coalesce((SELECT sum(p.amount) FROM payouts p WHERE p.vendor_id = v.id AND p.status = 'approved'), 0) AS approved
  FROM vendors v
), opened AS (
  INSERT INTO ledger_entries (kind, vendor_id, memo)
  SELECT 'opening', vendor_id, jsonb_build_object('completed', completed, 'pending', pending, 'approved', approved)
  FROM shop WHERE completed <> 0 OR pending <> 0 OR approved <> 0
  RETURNING id, vendor_id, (memo->>'completed')::bigint AS completed, (memo->>'pending')::bigint AS pending,
    (memo->>'approved')::bigint AS approved
)
INSERT INTO ledger_lines (entry_id, account, vendor_id, kind, amount, seq, balance_after)
SELECT o.id, l.account, o.vendor_id, 'opening', l.amount, l.seq, l.balance_after
FROM opened o CROSS JOIN LATERAL (VALUES
  ('vendor_payable', o.completed - o.pending - o.approved, 1::bigint, o.completed - o.pending - o.approved),
  ('marketplace_cash', o.approved - o.completed, NULL, NULL),
  ('payouts_in_transit', o.pending, NULL, NULL)) AS l(account, amount, seq, balance_after)
WHERE l.amount <> 0;--> statement-breakpoint
INSERT INTO ledger_balances (account, owner, balance, lines)
SELECT account, CASE WHEN account = 'vendor_payable' THEN vendor_id ELSE '00000000-0000-0000-0000-000000000000' END,
  sum(amount), count(*)
FROM ledger_lines GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO ledger_days (day, account, amount)
SELECT (l.created_at AT TIME ZONE c.time_zone)::date, l.account, sum(l.amount)
FROM ledger_lines l CROSS JOIN report_calendar c
WHERE l.account <> 'vendor_payable' GROUP BY 1, 2;--> statement-breakpoint
-- What ledger_days must hold, computed from the lines in report_calendar's time zone (npm run db:check compares).
CREATE VIEW "ledger_days_expected" AS
SELECT (l.created_at AT TIME ZONE c.time_zone)::date AS day, l.account, sum(l.amount)::bigint AS amount
FROM ledger_lines l CROSS JOIN report_calendar c
WHERE l.account <> 'vendor_payable' GROUP BY 1, 2;--> statement-breakpoint
-- What ledger_balances must hold, computed from the lines (npm run db:check compares them).
CREATE VIEW "ledger_balances_expected" AS
SELECT account, CASE WHEN account = 'vendor_payable' THEN vendor_id ELSE '00000000-0000-0000-0000-000000000000'::uuid END AS owner,
  sum(amount)::bigint AS balance, count(*)::bigint AS lines
FROM ledger_lines GROUP BY 1, 2;--> statement-breakpoint
-- Append-only: no code path, and no hand-typed SQL, may rewrite or erase an entry or a line.
CREATE FUNCTION "ledger_refuse_change"() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_entries"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER "ledger_entries_no_truncate" BEFORE TRUNCATE ON "ledger_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_no_truncate" BEFORE TRUNCATE ON "ledger_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();--> statement-breakpoint
CREATE TYPE "ledger_order_move" AS (order_id uuid, vendor_id uuid, product_id uuid, total_amount bigint, reason text);--> statement-breakpoint
CREATE TYPE "ledger_line" AS (entry_id uuid, account text, vendor_id uuid, kind text, amount bigint, available_at timestamptz);--> statement-breakpoint
CREATE FUNCTION "ledger_lines_number"() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'ledger_lines_number: see functions.sql'; END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE FUNCTION "ledger_lines_keep_balances"() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'ledger_lines_keep_balances: see functions.sql'; END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE FUNCTION "ledger_entry_must_balance"() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'ledger_entry_must_balance: see functions.sql'; END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE FUNCTION "orders_inserted_post_ledger"() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'orders_inserted_post_ledger: see functions.sql'; END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE FUNCTION "orders_updated_post_ledger"() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'orders_updated_post_ledger: see functions.sql'; END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE FUNCTION "orders_deleted_post_ledger"() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'orders_deleted_post_ledger: see functions.sql'; END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE FUNCTION "payouts_post_ledger"() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'payouts_post_ledger: see functions.sql'; END $$ LANGUAGE plpgsql;--> statement-breakpoint
CREATE TRIGGER "ledger_lines_number" BEFORE INSERT ON "ledger_lines"
  FOR EACH ROW EXECUTE FUNCTION ledger_lines_number();--> statement-breakpoint
CREATE TRIGGER "ledger_lines_keep_balances" AFTER INSERT ON "ledger_lines"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION ledger_lines_keep_balances();--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "ledger_entry_must_balance" AFTER INSERT ON "ledger_lines"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_entry_must_balance();--> statement-breakpoint
CREATE TRIGGER "orders_inserted_post_ledger" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_inserted_post_ledger();--> statement-breakpoint
CREATE TRIGGER "orders_updated_post_ledger" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_updated_post_ledger();--> statement-breakpoint
CREATE TRIGGER "orders_deleted_post_ledger" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION orders_deleted_post_ledger();--> statement-breakpoint
CREATE TRIGGER "payouts_post_ledger" AFTER INSERT OR UPDATE OR DELETE ON "payouts"
  FOR EACH ROW EXECUTE FUNCTION payouts_post_ledger();
