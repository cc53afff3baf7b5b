-- A contact's wallet user (issue 9, DirectTicketsToWallets). Hand-edited after drizzle-kit: SET NULL (column)
-- so deleting the user clears only wallet_user_id, never the tenant column.
ALTER TABLE "contacts" ADD COLUMN "wallet_user_id" integer;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_wallet_user_id_fk" FOREIGN KEY ("company_id","wallet_user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("wallet_user_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_company_wallet_user_idx" ON "contacts" USING btree ("company_id","wallet_user_id") WHERE "contacts"."wallet_user_id" IS NOT NULL;