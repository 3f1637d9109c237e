ALTER TABLE "media" ADD COLUMN "variants_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "variants_lease_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "media_variants_pending_idx" ON "media" USING btree ("id") WHERE "media"."variants_pending";--> statement-breakpoint
-- Photos uploaded before variants existed get theirs once, from whichever instance starts first.
UPDATE "media" SET "variants_pending" = true WHERE "type" = 'image' AND "mime_type" <> 'image/gif';
