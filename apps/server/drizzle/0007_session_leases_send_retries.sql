CREATE TABLE "whatsapp_session_leases" (
	"whatsapp_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"owner" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapp_session_leases" ADD CONSTRAINT "whatsapp_session_leases_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_session_leases" ADD CONSTRAINT "whatsapp_session_leases_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_session_leases_owner_idx" ON "whatsapp_session_leases" USING btree ("owner");