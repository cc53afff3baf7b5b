CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX IF EXISTS "tickets_company_queue_status_updated_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "tickets_company_user_status_updated_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_name_trgm_idx" ON "contacts" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "contacts_number_trgm_idx" ON "contacts" USING gin ("number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "messages_body_trgm_idx" ON "messages" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_company_queue_status_order_idx" ON "tickets" USING btree ("company_id","queue_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST,"user_id","is_group");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tickets_company_user_status_order_idx" ON "tickets" USING btree ("company_id","user_id","status","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST,"queue_id","is_group");