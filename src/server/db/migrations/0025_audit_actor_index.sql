-- The acting accounts' index holds the entry's id and action too, all that a search's sample reads (the newest
-- 1,001 entries a search keeps, for the audit log's cards and count): the accounts' newest entries are then read
-- from the index alone, without a row of the table each, and joined with the text's matches by a union.
DROP INDEX "audit_logs_admin_created_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_admin_created_idx" ON "audit_logs" USING btree ("admin_id","created_at","id","action");