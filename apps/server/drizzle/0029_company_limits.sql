ALTER TABLE "companies" ADD COLUMN "number_attendants" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "number_conections" integer;