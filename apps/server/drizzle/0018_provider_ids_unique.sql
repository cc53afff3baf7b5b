-- One connection of the whole platform per provider id (Cloud API phone number id, Messenger page id,
-- Instagram account id): Meta delivers an account's webhooks to one place, and they are routed by that id.
-- Hand-edited after drizzle-kit: existing duplicates would make the unique indexes fail, so first the
-- oldest holder of each id (lowest id) keeps it and every other one loses it (NULL) and is
-- DISCONNECTED, as a Meta connection without its account id is; its manager enters its own id again.
-- Empty ids (not entered yet) are no one's and stay as they are.
UPDATE "whatsapps" AS w SET "phone_number_id" = NULL, "status" = 'DISCONNECTED', "updated_at" = now()
WHERE w."channel" = 'whatsappapi' AND w."phone_number_id" <> '' AND EXISTS (
  SELECT 1 FROM "whatsapps" AS o
  WHERE o."channel" = 'whatsappapi' AND o."phone_number_id" = w."phone_number_id" AND o."id" < w."id"
);--> statement-breakpoint
UPDATE "whatsapps" AS w SET "page_id" = NULL, "status" = 'DISCONNECTED', "updated_at" = now()
WHERE w."channel" = 'facebook' AND w."page_id" <> '' AND EXISTS (
  SELECT 1 FROM "whatsapps" AS o
  WHERE o."channel" = 'facebook' AND o."page_id" = w."page_id" AND o."id" < w."id"
);--> statement-breakpoint
UPDATE "whatsapps" AS w SET "instagram_id" = NULL, "status" = 'DISCONNECTED', "updated_at" = now()
WHERE w."channel" = 'instagram' AND w."instagram_id" <> '' AND EXISTS (
  SELECT 1 FROM "whatsapps" AS o
  WHERE o."channel" = 'instagram' AND o."instagram_id" = w."instagram_id" AND o."id" < w."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_whatsappapi_phone_number_id_key" ON "whatsapps" USING btree ("phone_number_id") WHERE "whatsapps"."channel" = 'whatsappapi' AND "whatsapps"."phone_number_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_facebook_page_id_key" ON "whatsapps" USING btree ("page_id") WHERE "whatsapps"."channel" = 'facebook' AND "whatsapps"."page_id" <> '';--> statement-breakpoint
CREATE UNIQUE INDEX "whatsapps_instagram_instagram_id_key" ON "whatsapps" USING btree ("instagram_id") WHERE "whatsapps"."channel" = 'instagram' AND "whatsapps"."instagram_id" <> '';