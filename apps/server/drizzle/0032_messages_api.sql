CREATE TABLE "messages_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"key" text NOT NULL,
	"ticket_id" integer NOT NULL,
	"message_ids" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages_api_keys" ADD CONSTRAINT "messages_api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages_api_keys" ADD CONSTRAINT "messages_api_keys_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_api_keys_company_whatsapp_key_key" ON "messages_api_keys" USING btree ("company_id","whatsapp_id","key");--> statement-breakpoint
CREATE INDEX "whatsapps_token_idx" ON "whatsapps" USING btree ("token");