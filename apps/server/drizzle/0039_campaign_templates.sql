-- Hand-edited after drizzle-kit: a campaign's one template becomes slot 1's (the UPDATE) before the old column goes.
ALTER TABLE "campaigns" ADD COLUMN "templates" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "campaigns" SET "templates" = jsonb_build_array("template") WHERE "template" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" DROP COLUMN "template";
