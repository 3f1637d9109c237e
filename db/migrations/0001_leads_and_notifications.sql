CREATE TABLE "lead_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"submission_id" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"recipient" varchar(255),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_notifications_status_check" CHECK ("lead_notifications"."status" in ('pending', 'sent', 'failed', 'logged', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "status" varchar(20) DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_notifications" ADD CONSTRAINT "lead_notifications_submission_id_contact_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_notifications_submission_idx" ON "lead_notifications" USING btree ("submission_id");--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD CONSTRAINT "contact_submissions_status_check" CHECK ("contact_submissions"."status" in ('new', 'contacted', 'closed'));