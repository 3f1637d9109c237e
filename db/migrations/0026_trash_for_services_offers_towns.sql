ALTER TABLE "service_areas" DROP CONSTRAINT "service_areas_slug_unique";--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_slug_unique";--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_anchor_unique";--> statement-breakpoint
ALTER TABLE "service_areas" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "faqs" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "service_areas_slug_unique" ON "service_areas" USING btree ("slug") WHERE "service_areas"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "services_slug_unique" ON "services" USING btree ("slug") WHERE "services"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "services_anchor_unique" ON "services" USING btree ("anchor") WHERE "services"."deleted_at" is null;