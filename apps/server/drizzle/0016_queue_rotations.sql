CREATE TABLE "queue_rotations" (
	"queue_id" integer PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"last_user_id" integer,
	"last_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "queue_rotations" ADD CONSTRAINT "queue_rotations_queue_id_fk" FOREIGN KEY ("company_id","queue_id") REFERENCES "public"."queues"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "queue_rotations" ADD CONSTRAINT "queue_rotations_last_user_id_fk" FOREIGN KEY ("company_id","last_user_id") REFERENCES "public"."users"("company_id","id") ON DELETE SET NULL ("last_user_id") ON UPDATE no action;