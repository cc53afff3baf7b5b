ALTER TABLE "schedules" ADD COLUMN "intervalo" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "valor_intervalo" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "enviar_quantas_vezes" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "tipo_dias" integer DEFAULT 4 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "series_id" integer;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "occurrence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "recurrence_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "schedules" ADD COLUMN "recurrence_step" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "schedules_series_occurrence_idx" ON "schedules" USING btree ("company_id","series_id","occurrence");