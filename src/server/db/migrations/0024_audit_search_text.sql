-- The audit log's search reads one stored text per entry: the text of migration 0012 (target table and id, details,
-- old and new values, one per line), lower-cased and kept by the database (a stored generated column), with its
-- trigram index in place of the index on the function. A search re-checks every entry its index finds: building the
-- text from the JSON for each cost about ten times a LIKE on the stored text. Adding the column rewrites the
-- audit_logs table (no row trigger fires on a rewrite, so the append-only guard of migration 0001 stands aside).
DROP INDEX "audit_logs_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "audit_logs" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(audit_search_text(target_table, target_id, details, old_values, new_values))) STORED;--> statement-breakpoint
CREATE INDEX "audit_logs_search_text_trgm_idx" ON "audit_logs" USING gin ("search_text" gin_trgm_ops);