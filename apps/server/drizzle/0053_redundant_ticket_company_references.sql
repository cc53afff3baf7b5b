ALTER TABLE "ticket_logs" DROP CONSTRAINT "ticket_logs_company_id_companies_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_company_id_companies_id_fk";
