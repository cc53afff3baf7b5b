ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_company_id_companies_id_fk";
