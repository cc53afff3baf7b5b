CREATE TABLE "queue_integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"project_name" text DEFAULT '' NOT NULL,
	"json_content" text,
	"language" text DEFAULT '' NOT NULL,
	"url_n8n" text DEFAULT '' NOT NULL,
	"typebot_slug" text DEFAULT '' NOT NULL,
	"typebot_expires" integer DEFAULT 0 NOT NULL,
	"typebot_keyword_finish" text DEFAULT '' NOT NULL,
	"typebot_keyword_restart" text DEFAULT '' NOT NULL,
	"typebot_restart_message" text DEFAULT '' NOT NULL,
	"typebot_unknown_message" text DEFAULT '' NOT NULL,
	"typebot_delay_message" integer DEFAULT 1000 NOT NULL,
	"gemini_api_key" text,
	"gemini_prompt" text DEFAULT '' NOT NULL,
	"gemini_max_tokens" integer DEFAULT 1024 NOT NULL,
	"gemini_temperature" double precision DEFAULT 0.7 NOT NULL,
	"gemini_max_messages" integer DEFAULT 20 NOT NULL,
	"gemini_test_phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "queue_integrations_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "queue_integrations" ADD CONSTRAINT "queue_integrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "queue_integrations_company_name_idx" ON "queue_integrations" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "queue_integrations_name_trgm_idx" ON "queue_integrations" USING gin ("name" gin_trgm_ops);