CREATE TABLE "review_request_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"review_token" varchar(64),
	"unsubscribe_token" varchar(64),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_request_emails_kind_check" CHECK ("review_request_emails"."kind" in ('request', 'reminder')),
	CONSTRAINT "review_request_emails_status_check" CHECK ("review_request_emails"."status" in ('pending', 'sent', 'bounced', 'failed', 'logged', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "review_request_unsubscribes" (
	"email" varchar(255) PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"lead_id" integer,
	"job_month" varchar(7) NOT NULL,
	"town" varchar(100),
	"token_hash" varchar(64) NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"unsubscribe_token_hash" varchar(64) NOT NULL,
	"opened_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"review_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "job_month" varchar(7);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "town" varchar(100);--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "review_request_emails" ADD CONSTRAINT "review_request_emails_request_id_review_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."review_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_lead_id_contact_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."contact_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_request_emails_request_kind_idx" ON "review_request_emails" USING btree ("request_id","kind");--> statement-breakpoint
CREATE INDEX "review_request_emails_pending_idx" ON "review_request_emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_token_idx" ON "review_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_unsubscribe_token_idx" ON "review_requests" USING btree ("unsubscribe_token_hash");--> statement-breakpoint
CREATE INDEX "review_requests_email_created_idx" ON "review_requests" USING btree (lower("email"),"created_at");--> statement-breakpoint
CREATE INDEX "review_requests_created_idx" ON "review_requests" USING btree ("created_at");