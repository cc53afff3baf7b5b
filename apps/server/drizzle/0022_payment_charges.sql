ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_id_key" UNIQUE("company_id","id");--> statement-breakpoint
CREATE TABLE "payment_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"provider" text NOT NULL,
	"txid" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"plan_type" text DEFAULT 'invoice' NOT NULL,
	"users" integer,
	"connections" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"code" text NOT NULL,
	"end_to_end_id" text,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_charges" ADD CONSTRAINT "payment_charges_invoice_id_fk" FOREIGN KEY ("company_id","invoice_id") REFERENCES "public"."invoices"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_charges_txid_key" ON "payment_charges" USING btree ("txid");--> statement-breakpoint
CREATE INDEX "payment_charges_company_invoice_idx" ON "payment_charges" USING btree ("company_id","invoice_id");--> statement-breakpoint
CREATE INDEX "payment_charges_pending_idx" ON "payment_charges" USING btree ("created_at") WHERE "payment_charges"."status" = 'pending';