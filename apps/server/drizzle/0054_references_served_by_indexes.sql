CREATE INDEX "campaign_shippings_company_ticket_idx" ON "campaign_shippings" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE INDEX "schedules_company_ticket_idx" ON "schedules" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE INDEX "messages_company_contact_created_idx" ON "messages" USING btree ("company_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_notes_company_ticket_idx" ON "ticket_notes" USING btree ("company_id","ticket_id");