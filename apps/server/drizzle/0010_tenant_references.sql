-- Tenancy enforced by the database: every reference between company-owned rows is a composite
-- (company_id, x_id) key to the parent's unique (company_id, id), so a row can never point at another
-- company's row. Hand-edited after drizzle-kit: uniques first, the data fixes, and SET NULL (column)
-- for optional references so the tenant column stays (see sameCompany in src/db/schema/columns.ts).
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_chat_id_chats_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_messages" DROP CONSTRAINT "chat_messages_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_users" DROP CONSTRAINT "chat_users_chat_id_chats_id_fk";
--> statement-breakpoint
ALTER TABLE "chat_users" DROP CONSTRAINT "chat_users_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "chats" DROP CONSTRAINT "chats_owner_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "baileys_auth" DROP CONSTRAINT "baileys_auth_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "whatsapp_queues" DROP CONSTRAINT "whatsapp_queues_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "whatsapp_queues" DROP CONSTRAINT "whatsapp_queues_queue_id_queues_id_fk";
--> statement-breakpoint
ALTER TABLE "whatsapp_session_leases" DROP CONSTRAINT "whatsapp_session_leases_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_custom_fields" DROP CONSTRAINT "contact_custom_fields_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "contacts" DROP CONSTRAINT "contacts_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" DROP CONSTRAINT "webhook_deliveries_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "quick_messages" DROP CONSTRAINT "quick_messages_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "schedules" DROP CONSTRAINT "schedules_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_tags" DROP CONSTRAINT "contact_tags_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "contact_tags" DROP CONSTRAINT "contact_tags_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_tags" DROP CONSTRAINT "ticket_tags_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_tags" DROP CONSTRAINT "ticket_tags_tag_id_tags_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_logs" DROP CONSTRAINT "ticket_logs_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_logs" DROP CONSTRAINT "ticket_logs_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_logs" DROP CONSTRAINT "ticket_logs_queue_id_queues_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_notes" DROP CONSTRAINT "ticket_notes_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_notes" DROP CONSTRAINT "ticket_notes_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "ticket_notes" DROP CONSTRAINT "ticket_notes_ticket_id_tickets_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_whatsapp_id_whatsapps_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_queue_id_queues_id_fk";
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" DROP CONSTRAINT "password_reset_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "refresh_tokens" DROP CONSTRAINT "refresh_tokens_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_queues" DROP CONSTRAINT "user_queues_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "user_queues" DROP CONSTRAINT "user_queues_queue_id_queues_id_fk";
--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "whatsapps" ADD CONSTRAINT "whatsapps_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "queues" ADD CONSTRAINT "queues_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_company_id_id_key" UNIQUE("company_id","id");
--> statement-breakpoint
-- Existing rows: a reference across companies was never valid. Optional references are cleared
-- (as if the row they named had been deleted), cross-company links are removed; a row owned
-- through a reference to another company (a message of another company's ticket) is left for
-- its constraint below to refuse, naming it: there is no right company to guess for it.
UPDATE "chat_messages" x SET "sender_id" = NULL WHERE x."sender_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" p WHERE p."id" = x."sender_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "chat_users" x WHERE NOT EXISTS (SELECT 1 FROM "chats" p WHERE p."id" = x."chat_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "chat_users" x WHERE NOT EXISTS (SELECT 1 FROM "users" p WHERE p."id" = x."user_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "chats" x SET "owner_id" = NULL WHERE x."owner_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" p WHERE p."id" = x."owner_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "whatsapp_queues" x WHERE NOT EXISTS (SELECT 1 FROM "whatsapps" p WHERE p."id" = x."whatsapp_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "whatsapp_queues" x WHERE NOT EXISTS (SELECT 1 FROM "queues" p WHERE p."id" = x."queue_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "contacts" x SET "whatsapp_id" = NULL WHERE x."whatsapp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "whatsapps" p WHERE p."id" = x."whatsapp_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "schedules" x SET "ticket_id" = NULL WHERE x."ticket_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "tickets" p WHERE p."id" = x."ticket_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "schedules" x SET "user_id" = NULL WHERE x."user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" p WHERE p."id" = x."user_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "schedules" x SET "whatsapp_id" = NULL WHERE x."whatsapp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "whatsapps" p WHERE p."id" = x."whatsapp_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "contact_tags" x WHERE NOT EXISTS (SELECT 1 FROM "contacts" p WHERE p."id" = x."contact_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "contact_tags" x WHERE NOT EXISTS (SELECT 1 FROM "tags" p WHERE p."id" = x."tag_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "ticket_tags" x WHERE NOT EXISTS (SELECT 1 FROM "tickets" p WHERE p."id" = x."ticket_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "ticket_tags" x WHERE NOT EXISTS (SELECT 1 FROM "tags" p WHERE p."id" = x."tag_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "messages" x SET "whatsapp_id" = NULL WHERE x."whatsapp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "whatsapps" p WHERE p."id" = x."whatsapp_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "ticket_logs" x SET "user_id" = NULL WHERE x."user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" p WHERE p."id" = x."user_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "ticket_logs" x SET "queue_id" = NULL WHERE x."queue_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "queues" p WHERE p."id" = x."queue_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "ticket_notes" x SET "user_id" = NULL WHERE x."user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" p WHERE p."id" = x."user_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "tickets" x SET "whatsapp_id" = NULL WHERE x."whatsapp_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "whatsapps" p WHERE p."id" = x."whatsapp_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "tickets" x SET "user_id" = NULL WHERE x."user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" p WHERE p."id" = x."user_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
UPDATE "tickets" x SET "queue_id" = NULL WHERE x."queue_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "queues" p WHERE p."id" = x."queue_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "user_queues" x WHERE NOT EXISTS (SELECT 1 FROM "users" p WHERE p."id" = x."user_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
DELETE FROM "user_queues" x WHERE NOT EXISTS (SELECT 1 FROM "queues" p WHERE p."id" = x."queue_id" AND p."company_id" = x."company_id");
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_chat_id_fk" FOREIGN KEY ("company_id","chat_id") REFERENCES "public"."chats"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_sender_id_fk" FOREIGN KEY ("company_id","sender_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("sender_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_users" ADD CONSTRAINT "chat_users_chat_id_fk" FOREIGN KEY ("company_id","chat_id") REFERENCES "public"."chats"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chat_users" ADD CONSTRAINT "chat_users_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_owner_id_fk" FOREIGN KEY ("company_id","owner_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("owner_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "baileys_auth" ADD CONSTRAINT "baileys_auth_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "whatsapp_queues" ADD CONSTRAINT "whatsapp_queues_queue_id_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "whatsapp_session_leases" ADD CONSTRAINT "whatsapp_session_leases_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_custom_fields" ADD CONSTRAINT "contact_custom_fields_contact_id_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE SET NULL ("whatsapp_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "quick_messages" ADD CONSTRAINT "quick_messages_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_contact_id_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_ticket_id_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE SET NULL ("ticket_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "schedules" ADD CONSTRAINT "schedules_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE SET NULL ("whatsapp_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contact_id_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_tag_id_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."tags"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_ticket_id_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_tags" ADD CONSTRAINT "ticket_tags_tag_id_fk" FOREIGN KEY ("company_id","tag_id") REFERENCES "public"."tags"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_ticket_id_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE SET NULL ("whatsapp_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_ticket_id_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_logs" ADD CONSTRAINT "ticket_logs_queue_id_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE SET NULL ("queue_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_contact_id_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "ticket_notes" ADD CONSTRAINT "ticket_notes_ticket_id_fk" FOREIGN KEY ("company_id","ticket_id") REFERENCES "public"."tickets"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_contact_id_fk" FOREIGN KEY ("company_id","contact_id") REFERENCES "public"."contacts"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_whatsapp_id_fk" FOREIGN KEY ("company_id","whatsapp_id") REFERENCES "public"."whatsapps"("company_id","id") ON DELETE SET NULL ("whatsapp_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("user_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_queue_id_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE SET NULL ("queue_id") ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_user_id_fk" FOREIGN KEY ("company_id","user_id") REFERENCES "public"."users"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "user_queues" ADD CONSTRAINT "user_queues_queue_id_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE cascade ON UPDATE no action;
