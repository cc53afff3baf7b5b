-- Chatbot options (issue 9). Hand-edited after drizzle-kit: SET NULL (column) on the optional
-- targets, so deleting a queue or user clears only the option's target, never its company_id.
CREATE TABLE "chatbots" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"queue_id" integer,
	"chatbot_id" integer,
	"name" text NOT NULL,
	"greeting_message" text,
	"queue_type" text DEFAULT 'text' NOT NULL,
	"close_ticket" boolean DEFAULT false NOT NULL,
	"opt_queue_id" integer,
	"opt_user_id" integer,
	"opt_integration_id" integer,
	"opt_file_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chatbots_company_id_id_key" UNIQUE("company_id","id"),
	CONSTRAINT "chatbots_one_owner_check" CHECK (("chatbots"."queue_id" IS NULL) <> ("chatbots"."chatbot_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_queue_id_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_chatbot_id_fk" FOREIGN KEY ("company_id","chatbot_id") REFERENCES "public"."chatbots"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_queue_id_fk" FOREIGN KEY ("company_id","opt_queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE SET NULL ("opt_queue_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_user_id_fk" FOREIGN KEY ("company_id","opt_user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("opt_user_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chatbots_company_queue_idx" ON "chatbots" USING btree ("company_id","queue_id");--> statement-breakpoint
CREATE INDEX "chatbots_company_chatbot_idx" ON "chatbots" USING btree ("company_id","chatbot_id");