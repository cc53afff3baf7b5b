CREATE TABLE "file_deletions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "messages_media_url_idx" ON "messages" USING btree ("media_url") WHERE "messages"."media_url" IS NOT NULL;--> statement-breakpoint
CREATE FUNCTION "file_released"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_path text := to_jsonb(OLD) ->> TG_ARGV[0];
	new_path text;
BEGIN
	IF TG_OP = 'UPDATE' THEN
		new_path := to_jsonb(NEW) ->> TG_ARGV[0];
	END IF;
	IF old_path LIKE '/public/%' AND old_path IS DISTINCT FROM new_path THEN
		INSERT INTO "file_deletions" ("path") VALUES (old_path);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "messages_file_released" AFTER DELETE OR UPDATE OF "media_url" ON "messages" FOR EACH ROW WHEN (OLD."media_url" IS NOT NULL) EXECUTE FUNCTION "file_released"('media_url');
--> statement-breakpoint
CREATE TRIGGER "users_file_released" AFTER DELETE OR UPDATE OF "profile_image" ON "users" FOR EACH ROW WHEN (OLD."profile_image" IS NOT NULL) EXECUTE FUNCTION "file_released"('profile_image');
--> statement-breakpoint
CREATE TRIGGER "contacts_file_released" AFTER DELETE OR UPDATE OF "profile_pic_url" ON "contacts" FOR EACH ROW WHEN (OLD."profile_pic_url" IS NOT NULL) EXECUTE FUNCTION "file_released"('profile_pic_url');
--> statement-breakpoint
CREATE TRIGGER "schedules_file_released" AFTER DELETE OR UPDATE OF "media_path" ON "schedules" FOR EACH ROW WHEN (OLD."media_path" IS NOT NULL) EXECUTE FUNCTION "file_released"('media_path');
--> statement-breakpoint
CREATE TRIGGER "quick_messages_file_released" AFTER DELETE OR UPDATE OF "media_path" ON "quick_messages" FOR EACH ROW WHEN (OLD."media_path" IS NOT NULL) EXECUTE FUNCTION "file_released"('media_path');
--> statement-breakpoint
CREATE TRIGGER "announcements_file_released" AFTER DELETE OR UPDATE OF "media_path" ON "announcements" FOR EACH ROW WHEN (OLD."media_path" IS NOT NULL) EXECUTE FUNCTION "file_released"('media_path');
--> statement-breakpoint
CREATE TRIGGER "chat_messages_file_released" AFTER DELETE OR UPDATE OF "media_path" ON "chat_messages" FOR EACH ROW WHEN (OLD."media_path" IS NOT NULL) EXECUTE FUNCTION "file_released"('media_path');
