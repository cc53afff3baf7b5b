-- A processed delivery is deleted (db/schema/deliveries.ts): the ones already processed go first,
-- so the new index is built over what is left.
DELETE FROM "webhook_deliveries" WHERE "processed_at" IS NOT NULL;--> statement-breakpoint
DROP INDEX "webhook_deliveries_unprocessed_idx";--> statement-breakpoint
DROP INDEX "webhook_deliveries_company_idx";--> statement-breakpoint
CREATE INDEX "webhook_deliveries_connection_idx" ON "webhook_deliveries" USING btree ("company_id","whatsapp_id");--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP COLUMN "processed_at";
