CREATE TABLE "user_ratings" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"ticket_id" integer NOT NULL,
	"user_id" integer,
	"rate" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_ratings_rate_check" CHECK ("user_ratings"."rate" BETWEEN 0 AND 10)
);
--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_ticket_id_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_ratings" ADD CONSTRAINT "user_ratings_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_ratings_company_ticket_idx" ON "user_ratings" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE INDEX "user_ratings_company_user_idx" ON "user_ratings" USING btree ("company_id","user_id","created_at");