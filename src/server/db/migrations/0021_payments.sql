CREATE TABLE "money_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"direction" text NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"vendor_id" uuid NOT NULL,
	"payout_id" uuid,
	"plan" text,
	"amount" bigint NOT NULL,
	"msisdn" text NOT NULL,
	"batch_id" uuid,
	"send_count" integer DEFAULT 0 NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_transaction_id" text,
	"failure_reason" text,
	"provider_message" text,
	"created_by" uuid,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "money_transfers_direction_check" CHECK (direction in ('payout', 'collection')),
	CONSTRAINT "money_transfers_provider_check" CHECK (provider in ('mtn', 'airtel', 'pawapay')),
	CONSTRAINT "money_transfers_status_check" CHECK (status in ('queued', 'sending', 'paid', 'failed', 'unknown')),
	CONSTRAINT "money_transfers_amount_check" CHECK (amount > 0),
	CONSTRAINT "money_transfers_cause_check" CHECK ((direction = 'payout' and payout_id is not null and plan is null)
        or (direction = 'collection' and payout_id is null and plan is not null)),
	CONSTRAINT "money_transfers_reason_check" CHECK (failure_reason is null or failure_reason in ('payee_not_found', 'not_allowed_to_receive', 'not_enough_funds', 'payer_not_found', 'rejected_by_payer', 'limit_reached', 'expired', 'internal_error', 'other'))
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"status" text NOT NULL,
	"total" bigint NOT NULL,
	"count" integer NOT NULL,
	"created_by" uuid NOT NULL,
	"approved_by" uuid,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_batches_status_check" CHECK (status in ('awaiting_approval', 'sending', 'done', 'cancelled')),
	CONSTRAINT "payout_batches_second_admin" CHECK (approved_by is null or approved_by <> created_by)
);
--> statement-breakpoint
CREATE TABLE "provider_balances" (
	"provider" text PRIMARY KEY NOT NULL,
	"balance" bigint NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reconciliation_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"run_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reference" text,
	"provider_transaction_id" text,
	"transfer_id" uuid,
	"isoko_amount" bigint,
	"provider_amount" bigint,
	CONSTRAINT "reconciliation_items_kind_check" CHECK (kind in ('missing_in_isoko', 'missing_at_provider', 'amount_differs'))
);
--> statement-breakpoint
CREATE TABLE "reconciliation_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"file_name" text,
	"lines" integer NOT NULL,
	"matched" integer NOT NULL,
	"differences" integer NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reconciliation_runs_provider_check" CHECK (provider in ('mtn', 'airtel', 'pawapay'))
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to" text NOT NULL,
	"text" text NOT NULL,
	"vendor_id" uuid,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"provider_message_id" text,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "sms_outbox_status_check" CHECK (status in ('queued', 'outbox', 'sent', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "ledger_lines" DROP CONSTRAINT "ledger_lines_account_check";--> statement-breakpoint
ALTER TABLE "marketplace_settings" ADD COLUMN "payout_approval_above" bigint DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_settings" ADD COLUMN "low_float_below" bigint DEFAULT 2000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "marketplace_settings" ADD COLUMN "is_demo" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "provider" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "transfer_status" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "sms_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_transfers" ADD CONSTRAINT "money_transfers_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_run_id_reconciliation_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."reconciliation_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_items" ADD CONSTRAINT "reconciliation_items_transfer_id_money_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."money_transfers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reconciliation_runs" ADD CONSTRAINT "reconciliation_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_outbox" ADD CONSTRAINT "sms_outbox_vendor_id_vendors_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."vendors"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_transfers_payout_unique" ON "money_transfers" USING btree ("payout_id") WHERE payout_id is not null;--> statement-breakpoint
CREATE INDEX "money_transfers_due_idx" ON "money_transfers" USING btree ("next_check_at") WHERE status in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "money_transfers_status_idx" ON "money_transfers" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "money_transfers_vendor_idx" ON "money_transfers" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "money_transfers_batch_idx" ON "money_transfers" USING btree ("batch_id") WHERE batch_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "money_transfers_provider_tx_unique" ON "money_transfers" USING btree ("provider","provider_transaction_id") WHERE provider_transaction_id is not null;--> statement-breakpoint
CREATE INDEX "payout_batches_created_idx" ON "payout_batches" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "reconciliation_items_run_idx" ON "reconciliation_items" USING btree ("run_id");--> statement-breakpoint
CREATE INDEX "reconciliation_runs_created_idx" ON "reconciliation_runs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_queued_idx" ON "sms_outbox" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "sms_outbox_vendor_idx" ON "sms_outbox" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_transfer_idx" ON "payouts" USING btree ("transfer_status","processed_at") WHERE transfer_status is not null;--> statement-breakpoint
CREATE INDEX "variants_vendor_low_stock_idx" ON "variants" USING btree ("vendor_id","stock") WHERE archived_at is null;--> statement-breakpoint
ALTER TABLE "ledger_lines" ADD CONSTRAINT "ledger_lines_account_check" CHECK (account in ('vendor_payable', 'marketplace_cash', 'commission_income', 'vat_on_commission_payable', 'payouts_in_transit', 'subscription_income', 'adjustments', 'provider_float_mtn', 'provider_float_airtel', 'provider_float_pawapay'));--> statement-breakpoint
ALTER TABLE "marketplace_settings" ADD CONSTRAINT "marketplace_settings_payout_approval_check" CHECK (payout_approval_above >= 0);--> statement-breakpoint
ALTER TABLE "marketplace_settings" ADD CONSTRAINT "marketplace_settings_low_float_check" CHECK (low_float_below >= 0);--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_provider_check" CHECK (provider is null or provider in ('mtn', 'airtel', 'pawapay'));--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_transfer_check" CHECK ((provider is null) = (transfer_status is null) and (transfer_status is null or transfer_status in ('queued', 'sending', 'paid', 'failed', 'unknown')));--> statement-breakpoint
-- ── Payments (docs/payments.md) ── payout_place now knows where a payout sent through a provider is (functions.sql).
DROP FUNCTION IF EXISTS payout_place(text);
