CREATE TABLE "baileys_auth" (
	"company_id" integer NOT NULL,
	"whatsapp_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "baileys_auth_whatsapp_id_key_pk" PRIMARY KEY("whatsapp_id","key")
);
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "webhook_key" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "facebook_user_id" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "remote_jid" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reactions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "extra" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_error" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_error_message" text;--> statement-breakpoint
ALTER TABLE "baileys_auth" ADD CONSTRAINT "baileys_auth_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "baileys_auth" ADD CONSTRAINT "baileys_auth_whatsapp_id_whatsapps_id_fk" FOREIGN KEY ("whatsapp_id") REFERENCES "public"."whatsapps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baileys_auth_company_connection_idx" ON "baileys_auth" USING btree ("company_id","whatsapp_id");--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_webhook_key_key" ON "whatsapps" USING btree ("webhook_key");