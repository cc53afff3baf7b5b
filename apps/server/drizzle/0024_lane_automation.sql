ALTER TABLE "ticket_tags" ADD COLUMN "lane_entry" uuid;--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD COLUMN "lane_timer_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD COLUMN "from_tag_id" integer;--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD COLUMN "to_tag_id" integer;--> statement-breakpoint
CREATE INDEX "ticket_tags_lane_timer_idx" ON "ticket_tags" USING btree ("lane_timer_at") WHERE "ticket_tags"."lane_timer_at" IS NOT NULL;