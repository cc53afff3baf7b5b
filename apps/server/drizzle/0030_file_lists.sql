-- File lists (spec 3 /files). Hand-edited after drizzle-kit: SET NULL (column) keeps the tenant column,
-- references written before file lists existed are cleared first, and the option's file is recorded
-- for the files.remove job like every other stored path (migration 0008).
CREATE TABLE "file_list_options" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"file_list_id" integer NOT NULL,
	"name" text NOT NULL,
	"path" text,
	"media_type" text,
	"media_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_list_options_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "file_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "file_lists_company_id_id_key" UNIQUE("company_id","id")
);
--> statement-breakpoint
ALTER TABLE "file_list_options" ADD CONSTRAINT "file_list_options_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_list_options" ADD CONSTRAINT "file_list_options_list_id_fk" FOREIGN KEY ("company_id","file_list_id") REFERENCES "public"."file_lists"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lists" ADD CONSTRAINT "file_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_lists" ADD CONSTRAINT "file_lists_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "file_list_options_company_list_idx" ON "file_list_options" USING btree ("company_id","file_list_id","id");--> statement-breakpoint
CREATE INDEX "file_list_options_path_idx" ON "file_list_options" USING btree ("path");--> statement-breakpoint
CREATE INDEX "file_lists_company_name_idx" ON "file_lists" USING btree ("company_id","name","id");--> statement-breakpoint
CREATE INDEX "file_lists_name_trgm_idx" ON "file_lists" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
UPDATE "chatbots" SET "opt_file_id" = NULL WHERE "opt_file_id" IS NOT NULL;--> statement-breakpoint
UPDATE "queues" SET "file_list_id" = NULL WHERE "file_list_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "chatbots" ADD CONSTRAINT "chatbots_opt_file_id_fk" FOREIGN KEY ("company_id","opt_file_id") REFERENCES "public"."file_lists"("company_id","id") ON DELETE SET NULL ("opt_file_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_file_list_id_fk" FOREIGN KEY ("company_id","file_list_id") REFERENCES "public"."file_lists"("company_id","id") ON DELETE SET NULL ("file_list_id") ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER "file_list_options_file_released" AFTER DELETE OR UPDATE OF "path" ON "file_list_options" FOR EACH ROW WHEN (OLD."path" IS NOT NULL) EXECUTE FUNCTION "file_released"('path');