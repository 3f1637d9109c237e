DROP INDEX "lead_notifications_submission_idx";--> statement-breakpoint
ALTER TABLE "lead_notifications" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_notifications" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "lead_notifications_pending_idx" ON "lead_notifications" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- One alert per lead from now on: should an older release have recorded two, the first is kept.
DELETE FROM "lead_notifications" AS "later" USING "lead_notifications" AS "earlier"
  WHERE "later"."submission_id" = "earlier"."submission_id" AND "later"."id" > "earlier"."id";--> statement-breakpoint
CREATE UNIQUE INDEX "lead_notifications_submission_idx" ON "lead_notifications" USING btree ("submission_id");