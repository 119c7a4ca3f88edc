-- Orders carry what delivery needs (all optional, checked when given): the customer's mobile number in E.164 and
-- an address that fits Rwanda (one of its 30 districts, sector, cell, or a free address line) with a landmark or
-- note. order_imports keeps one record per real import (the file's SHA-256, who, when, how many orders), so the
-- same file imported again within a day is asked about first (order-import.ts).
CREATE TABLE "order_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"content_hash" text NOT NULL,
	"file_name" text DEFAULT '' NOT NULL,
	"imported_by" uuid NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"orders_created" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "order_imports_hash_check" CHECK (content_hash ~ '^[0-9a-f]{64}$')
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "customer_phone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_district" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_sector" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_cell" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_address" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_note" text;--> statement-breakpoint
ALTER TABLE "order_imports" ADD CONSTRAINT "order_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_imports_hash_created_idx" ON "order_imports" USING btree ("content_hash","created_at");--> statement-breakpoint
CREATE INDEX "order_imports_imported_by_idx" ON "order_imports" USING btree ("imported_by");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_phone_check" CHECK (customer_phone is null or customer_phone ~ '^\+[1-9][0-9]{6,14}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_district_check" CHECK (delivery_district is null or delivery_district in ('Gasabo', 'Kicukiro', 'Nyarugenge', 'Bugesera', 'Gatsibo', 'Kayonza', 'Kirehe', 'Ngoma', 'Nyagatare', 'Rwamagana', 'Burera', 'Gakenke', 'Gicumbi', 'Musanze', 'Rulindo', 'Gisagara', 'Huye', 'Kamonyi', 'Muhanga', 'Nyamagabe', 'Nyanza', 'Nyaruguru', 'Ruhango', 'Karongi', 'Ngororero', 'Nyabihu', 'Nyamasheke', 'Rubavu', 'Rusizi', 'Rutsiro'));