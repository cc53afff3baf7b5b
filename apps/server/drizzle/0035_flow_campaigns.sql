-- Hand-edited after drizzle-kit: ON DELETE SET NULL (column) keeps company_id (db/schema/columns.ts sameCompany).
CREATE TABLE "flow_campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"flow_id" integer NOT NULL,
	"whatsapp_id" integer,
	"phrase" text NOT NULL,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_flow_id_fk" FOREIGN KEY ("company_id","flow_id") REFERENCES "public"."flows"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "flow_campaigns" ADD CONSTRAINT "flow_campaigns_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE SET NULL ("whatsapp_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "flow_campaigns_company_name_idx" ON "flow_campaigns" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "flow_campaigns_company_whatsapp_idx" ON "flow_campaigns" USING btree ("company_id","whatsapp_id");