-- The audit log's search reads one text per entry (schema.ts, auditSearchText): its target table and id, details,
-- old and new values, one per line, so a search term cannot match across two of them. One trigram index holds it
-- in place of the five of migration 0010 (one per part): a search evaluates one pattern per entry, the planner
-- estimates its matches from the index's own statistics, and each entry written maintains one trigram index
-- instead of five. Who acted is searched through their ids, which the (admin_id, created_at) index answers.
CREATE FUNCTION "audit_search_text"(p_table text, p_id text, p_details jsonb, p_old jsonb, p_new jsonb)
RETURNS text AS $$
  SELECT coalesce(p_table, '') || E'\n' || coalesce(p_id, '') || E'\n' || coalesce(p_details::text, '') || E'\n'
    || coalesce(p_old::text, '') || E'\n' || coalesce(p_new::text, '')
$$ LANGUAGE sql IMMUTABLE PARALLEL SAFE;
--> statement-breakpoint
DROP INDEX "audit_logs_target_table_trgm_idx";--> statement-breakpoint
DROP INDEX "audit_logs_target_id_trgm_idx";--> statement-breakpoint
DROP INDEX "audit_logs_details_trgm_idx";--> statement-breakpoint
DROP INDEX "audit_logs_old_values_trgm_idx";--> statement-breakpoint
DROP INDEX "audit_logs_new_values_trgm_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_search_trgm_idx" ON "audit_logs" USING gin (audit_search_text("target_table", "target_id", "details", "old_values", "new_values") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_admin_created_idx" ON "audit_logs" USING btree ("admin_id","created_at");