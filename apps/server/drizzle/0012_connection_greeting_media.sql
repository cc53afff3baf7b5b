ALTER TABLE "whatsapps" ADD COLUMN "greeting_media_attachment" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "greeting_media_name" text;--> statement-breakpoint
ALTER TABLE "whatsapps" ADD COLUMN "greeting_media_type" text;--> statement-breakpoint
CREATE TRIGGER "whatsapps_file_released" AFTER DELETE OR UPDATE OF "greeting_media_attachment" ON "whatsapps" FOR EACH ROW WHEN (OLD."greeting_media_attachment" IS NOT NULL) EXECUTE FUNCTION "file_released"('greeting_media_attachment');
