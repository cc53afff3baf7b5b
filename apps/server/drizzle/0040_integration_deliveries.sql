CREATE TABLE "integration_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"message_id" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivery_key" uuid DEFAULT gen_random_uuid() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_deliveries_ticket_message_key" UNIQUE("ticket_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_ticket_id_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_deliveries_due_idx" ON "integration_deliveries" USING btree ("next_at") WHERE "integration_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "integration_deliveries_ticket_idx" ON "integration_deliveries" USING btree ("ticket_id","id") WHERE "integration_deliveries"."status" = 'pending';