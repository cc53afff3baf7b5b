-- migrate: outside a transaction
CREATE INDEX CONCURRENTLY IF NOT EXISTS "contacts_company_channel_name_idx" ON "contacts" USING btree ("company_id","channel","name","id");--> statement-breakpoint
CREATE INDEX CONCURRENTLY IF NOT EXISTS "contacts_company_group_name_idx" ON "contacts" USING btree ("company_id","name","id") WHERE "contacts"."is_group";
