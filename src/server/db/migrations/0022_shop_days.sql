CREATE TABLE "ledger_shop_days" (
	"vendor_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_shop_days_vendor_id_day_kind_pk" PRIMARY KEY("vendor_id","day","kind")
);
--> statement-breakpoint
-- ── Each shop's lines per day (docs/decisions/021): filled from the lines already written, in report_calendar's
-- time zone, no line written meanwhile (the lines' trigger keeps the table from functions.sql on).
LOCK TABLE ledger_lines IN SHARE MODE;--> statement-breakpoint
INSERT INTO ledger_shop_days (vendor_id, day, kind, amount)
SELECT l.vendor_id, (l.created_at AT TIME ZONE c.time_zone)::date, l.kind, sum(l.amount)
FROM ledger_lines l CROSS JOIN report_calendar c
WHERE l.account = 'vendor_payable' GROUP BY 1, 2, 3;--> statement-breakpoint
-- What ledger_shop_days must hold, computed from the lines in report_calendar's time zone (npm run db:check compares).
CREATE VIEW "ledger_shop_days_expected" AS
SELECT l.vendor_id, (l.created_at AT TIME ZONE c.time_zone)::date AS day, l.kind, sum(l.amount)::bigint AS amount
FROM ledger_lines l CROSS JOIN report_calendar c
WHERE l.account = 'vendor_payable' GROUP BY 1, 2, 3;
