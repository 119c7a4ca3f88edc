ALTER TABLE "mail_outbox" ADD COLUMN "link" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text;--> statement-breakpoint
CREATE INDEX "mail_outbox_queued_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE status = 'queued';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_check" CHECK (language is null or language in ('en', 'rw'));