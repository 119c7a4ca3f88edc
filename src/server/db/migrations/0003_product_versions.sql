ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "variants" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;