ALTER TABLE "companies" ADD COLUMN "folder_size" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "number_file_folder" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "updated_at_folder" timestamp with time zone;--> statement-breakpoint
-- Names become unique (case ignored): a name already shared keeps its first holder, the others get their id appended.
UPDATE "companies" c SET "name" = c."name" || ' (' || c."id" || ')'
WHERE EXISTS (SELECT 1 FROM "companies" o WHERE lower(o."name") = lower(c."name") AND o."id" < c."id");--> statement-breakpoint
CREATE UNIQUE INDEX "companies_name_key" ON "companies" USING btree (lower("name"));