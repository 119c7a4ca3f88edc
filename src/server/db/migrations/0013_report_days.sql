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
INSERT INTO "order_days" SELECT * FROM "order_days_expected";
