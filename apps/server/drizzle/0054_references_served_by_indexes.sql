CREATE INDEX "campaign_shippings_company_ticket_idx" ON "campaign_shippings" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE INDEX "chat_messages_media_path_idx" ON "chat_messages" USING btree ("media_path") WHERE "chat_messages"."media_path" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_company_stored_picture_idx" ON "contacts" USING btree ("company_id","profile_pic_url") WHERE "contacts"."profile_pic_url" LIKE '/public/%';--> statement-breakpoint
CREATE INDEX "schedules_company_ticket_idx" ON "schedules" USING btree ("company_id","ticket_id");--> statement-breakpoint
CREATE INDEX "schedules_media_path_idx" ON "schedules" USING btree ("media_path") WHERE "schedules"."media_path" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "messages_company_contact_created_idx" ON "messages" USING btree ("company_id","contact_id","created_at");--> statement-breakpoint
CREATE INDEX "ticket_notes_company_ticket_idx" ON "ticket_notes" USING btree ("company_id","ticket_id");