CREATE TABLE "booking_blocked_windows" (
	"day" date NOT NULL,
	"start" varchar(5) NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_blocked_windows_day_start_pk" PRIMARY KEY("day","start")
);
--> statement-breakpoint
CREATE TABLE "booking_calendar_feeds" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_calendar_feeds_single_row" CHECK ("booking_calendar_feeds"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "booking_closed_days" (
	"day" date PRIMARY KEY NOT NULL,
	"reason" varchar(200) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_emails" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" varchar(20) NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"start" varchar(5),
	"end" varchar(5),
	"manage_token" varchar(64),
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_emails_kind_check" CHECK ("booking_emails"."kind" in ('confirmation', 'changed', 'cancellation', 'declined', 'running-late', 'reminder', 'owner-alert')),
	CONSTRAINT "booking_emails_status_check" CHECK ("booking_emails"."status" in ('pending', 'sent', 'failed', 'logged', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "booking_leads" (
	"lead_id" integer PRIMARY KEY NOT NULL,
	"kind" varchar(30) NOT NULL,
	"zip" varchar(10),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_leads_kind_check" CHECK ("booking_leads"."kind" in ('emergency', 'outside-service-area'))
);
--> statement-breakpoint
CREATE TABLE "booking_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"week_windows" jsonb NOT NULL,
	"horizon_days" integer DEFAULT 30 NOT NULL,
	"minimum_notice_minutes" integer DEFAULT 120 NOT NULL,
	"same_day_cutoff" varchar(5),
	"after_hours_note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_settings_single_row" CHECK ("booking_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(20) DEFAULT 'requested' NOT NULL,
	"day" date NOT NULL,
	"start" varchar(5) NOT NULL,
	"end" varchar(5) NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"name" varchar(255) NOT NULL,
	"phone" varchar(20) NOT NULL,
	"email" varchar(255) NOT NULL,
	"zip" varchar(10) NOT NULL,
	"address" varchar(500) NOT NULL,
	"service" varchar(100) NOT NULL,
	"notes" text,
	"decline_reason" varchar(500),
	"page" varchar(300),
	"source" varchar(100),
	"lead_id" integer,
	"manage_token_hash" varchar(64) NOT NULL,
	"ics_sequence" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('requested', 'confirmed', 'declined', 'cancelled', 'done'))
);
--> statement-breakpoint
ALTER TABLE "booking_emails" ADD CONSTRAINT "booking_emails_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_leads" ADD CONSTRAINT "booking_leads_lead_id_contact_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."contact_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_lead_id_contact_submissions_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."contact_submissions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_emails_one_reminder_idx" ON "booking_emails" USING btree ("booking_id") WHERE "booking_emails"."kind" = 'reminder';--> statement-breakpoint
CREATE INDEX "booking_emails_pending_idx" ON "booking_emails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_manage_token_idx" ON "bookings" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "bookings_window_idx" ON "bookings" USING btree ("day","start","status");--> statement-breakpoint
CREATE INDEX "bookings_starts_at_idx" ON "bookings" USING btree ("starts_at");