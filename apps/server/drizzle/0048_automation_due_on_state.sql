ALTER TABLE "ticket_automations" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "ticket_automations_due_idx" ON "ticket_automations" USING btree ("due_at") WHERE "ticket_automations"."due_at" IS NOT NULL;--> statement-breakpoint
-- The due marks move with their tickets: a run lost before this migration is still the sweeper's.
INSERT INTO "ticket_automations" ("ticket_id", "company_id", "due_at")
SELECT "id", "company_id", "automation_due_at" FROM "tickets" WHERE "automation_due_at" IS NOT NULL
ON CONFLICT ("ticket_id") DO UPDATE SET "due_at" = excluded."due_at";--> statement-breakpoint
DROP INDEX "tickets_automation_due_idx";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "automation_due_at";
