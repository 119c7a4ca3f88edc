ALTER TABLE "payouts" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "requested_plan" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "decision_reason" text;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_requested_plan_check" CHECK (requested_plan is null or requested_plan in ('starter', 'growth', 'business', 'scaling', 'unlimited'));