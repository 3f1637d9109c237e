CREATE TABLE "content_drafts" (
	"content_type" varchar(40) NOT NULL,
	"item_key" varchar(100) NOT NULL,
	"user_id" integer NOT NULL,
	"document" jsonb NOT NULL,
	"base_version" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_drafts_content_type_item_key_user_id_pk" PRIMARY KEY("content_type","item_key","user_id")
);
--> statement-breakpoint
CREATE TABLE "content_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"item_key" varchar(100) NOT NULL,
	"version" integer NOT NULL,
	"document" jsonb NOT NULL,
	"summary" varchar(500) NOT NULL,
	"saved_at" timestamp with time zone DEFAULT now() NOT NULL,
	"saved_by_id" integer,
	"saved_by" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "scheduled_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"content_type" varchar(40) NOT NULL,
	"item_key" varchar(100) NOT NULL,
	"document" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer,
	"created_by" varchar(100),
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "trashed_items" (
	"content_type" varchar(40) NOT NULL,
	"item_key" varchar(100) NOT NULL,
	"title" varchar(500) NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_by_id" integer,
	"deleted_by" varchar(100),
	CONSTRAINT "trashed_items_content_type_item_key_pk" PRIMARY KEY("content_type","item_key")
);
--> statement-breakpoint
ALTER TABLE "posts" DROP CONSTRAINT "posts_slug_unique";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_drafts" ADD CONSTRAINT "content_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_versions" ADD CONSTRAINT "content_versions_saved_by_id_users_id_fk" FOREIGN KEY ("saved_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_changes" ADD CONSTRAINT "scheduled_changes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trashed_items" ADD CONSTRAINT "trashed_items_deleted_by_id_users_id_fk" FOREIGN KEY ("deleted_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_versions_item_version_idx" ON "content_versions" USING btree ("content_type","item_key","version");--> statement-breakpoint
CREATE INDEX "scheduled_changes_due_idx" ON "scheduled_changes" USING btree ("run_at") WHERE "scheduled_changes"."applied_at" is null;--> statement-breakpoint
CREATE INDEX "trashed_items_deleted_idx" ON "trashed_items" USING btree ("deleted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_unique" ON "posts" USING btree ("slug") WHERE "posts"."deleted_at" is null;