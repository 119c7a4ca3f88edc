CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"visibility" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumb_key" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"original_name" text NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "files_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "files_purpose_check" CHECK (purpose in ('logo', 'gov_id', 'id_document', 'business_document', 'product_image')),
	CONSTRAINT "files_visibility_check" CHECK (visibility in ('public', 'private')),
	CONSTRAINT "files_visibility_matches_purpose" CHECK ((purpose in ('logo', 'product_image')) = (visibility = 'public')),
	CONSTRAINT "files_size_check" CHECK (size >= 0)
);
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_owner_created_idx" ON "files" USING btree ("owner_user_id","created_at");