-- Trigram indexes answer the admin searches (ILIKE '%…%') without reading every row: docs/decisions/012.
-- pg_trgm is a trusted extension (PostgreSQL 13+): the database's owner may create it; PGlite loads it itself.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "orders_vendor_status_idx";--> statement-breakpoint
DROP INDEX "audit_logs_created_idx";--> statement-breakpoint
DROP INDEX "audit_logs_action_created_idx";--> statement-breakpoint
DROP INDEX "messages_sender_created_idx";--> statement-breakpoint
DROP INDEX "messages_receiver_created_idx";--> statement-breakpoint
DROP INDEX "orders_vendor_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "payouts_vendor_requested_idx";--> statement-breakpoint
DROP INDEX "payouts_status_requested_idx";--> statement-breakpoint
DROP INDEX "products_vendor_created_idx";--> statement-breakpoint
DROP INDEX "products_status_created_idx";--> statement-breakpoint
DROP INDEX "products_created_idx";--> statement-breakpoint
DROP INDEX "vendors_status_created_idx";--> statement-breakpoint
CREATE INDEX "audit_logs_target_table_trgm_idx" ON "audit_logs" USING gin ("target_table" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_target_id_trgm_idx" ON "audit_logs" USING gin ("target_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_details_trgm_idx" ON "audit_logs" USING gin (("details"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_old_values_trgm_idx" ON "audit_logs" USING gin (("old_values"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_new_values_trgm_idx" ON "audit_logs" USING gin (("new_values"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_created_idx" ON "messages" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "messages_unread_idx" ON "messages" USING btree ("receiver_id") WHERE read_at is null;--> statement-breakpoint
CREATE INDEX "messages_subject_trgm_idx" ON "messages" USING gin ("subject" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "messages_content_trgm_idx" ON "messages" USING gin ("content" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_vendor_status_created_idx" ON "orders" USING btree ("vendor_id","status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin ("customer_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_customer_email_trgm_idx" ON "orders" USING gin ("customer_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_product_name_trgm_idx" ON "orders" USING gin ("product_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payouts_requested_idx" ON "payouts" USING btree ("requested_at","id");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_description_trgm_idx" ON "products" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "vendors_created_idx" ON "vendors" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vendors_shop_name_trgm_idx" ON "vendors" USING gin ("shop_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_logs_created_idx" ON "audit_logs" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "audit_logs_action_created_idx" ON "audit_logs" USING btree ("action","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_sender_created_idx" ON "messages" USING btree ("sender_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_receiver_created_idx" ON "messages" USING btree ("receiver_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_vendor_created_idx" ON "orders" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_status_created_idx" ON "orders" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "payouts_vendor_requested_idx" ON "payouts" USING btree ("vendor_id","requested_at","id");--> statement-breakpoint
CREATE INDEX "payouts_status_requested_idx" ON "payouts" USING btree ("status","requested_at","id");--> statement-breakpoint
CREATE INDEX "products_vendor_created_idx" ON "products" USING btree ("vendor_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_status_created_idx" ON "products" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "vendors_status_created_idx" ON "vendors" USING btree ("status","created_at","id");