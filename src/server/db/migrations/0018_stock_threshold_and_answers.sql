-- A shop's low-stock threshold (a variant with this many or fewer in stock is shown as low; default 5), and who
-- answered a message to the admin team and when, so two admins do not reply twice.
ALTER TABLE "messages" ADD COLUMN "answered_by" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendors" ADD COLUMN "low_stock_threshold" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_low_stock_threshold_check" CHECK (low_stock_threshold between 0 and 1000000);