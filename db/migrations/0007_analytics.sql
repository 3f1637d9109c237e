CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" varchar(10) NOT NULL,
	"key" varchar(300) NOT NULL,
	"visitors" integer NOT NULL,
	"pageviews" integer NOT NULL,
	"calls" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_key_pk" PRIMARY KEY("day","dimension","key"),
	CONSTRAINT "analytics_daily_dimension_check" CHECK ("analytics_daily"."dimension" in ('day', 'page', 'source'))
);
--> statement-breakpoint
CREATE TABLE "analytics_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"kind" varchar(10) NOT NULL,
	"path" varchar(300) NOT NULL,
	"visitor" varchar(32) NOT NULL,
	"source" varchar(100),
	CONSTRAINT "analytics_events_kind_check" CHECK ("analytics_events"."kind" in ('pageview', 'call'))
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "page" varchar(300);--> statement-breakpoint
ALTER TABLE "contact_submissions" ADD COLUMN "source" varchar(100);--> statement-breakpoint
CREATE INDEX "analytics_events_day_idx" ON "analytics_events" USING btree ("day");