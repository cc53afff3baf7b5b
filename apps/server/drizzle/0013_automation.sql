CREATE TABLE "ticket_automations" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"handled_message_id" bigint DEFAULT 0 NOT NULL,
	"timer_at" timestamp with time zone,
	"timer_token" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "timezone" text DEFAULT 'America/Sao_Paulo' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "out_of_hours_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "automation_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ticket_automations" ADD CONSTRAINT "ticket_automations_ticket_id_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ticket_automations_timer_idx" ON "ticket_automations" USING btree ("timer_at") WHERE "ticket_automations"."timer_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tickets_automation_due_idx" ON "tickets" USING btree ("automation_due_at") WHERE "tickets"."automation_due_at" IS NOT NULL;