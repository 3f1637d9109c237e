CREATE TABLE "rate_limits" (
	"key" varchar(200) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"resets_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "is_spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "is_spam" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_resets_idx" ON "rate_limits" USING btree ("resets_at");--> statement-breakpoint
CREATE INDEX "reviews_spam_created_idx" ON "reviews" USING btree ("is_spam","created_at");--> statement-breakpoint
CREATE INDEX "contact_submissions_spam_created_idx" ON "contact_submissions" USING btree ("is_spam","created_at");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_spam_hidden_check" CHECK (not ("reviews"."is_spam" and "reviews"."is_visible"));