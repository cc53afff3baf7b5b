ALTER TABLE "whatsapps" ADD COLUMN "import_old_messages" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "import_recent_messages" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "import_old_messages_groups" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "closed_tickets_post_imported" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "queue_id_import_messages" integer;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "status_import_messages" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "collective_vacation_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "collective_vacation_end" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "collective_vacation_message" text;