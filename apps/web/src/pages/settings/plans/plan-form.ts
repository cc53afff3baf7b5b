import { PLAN_FLAGS, type PlanCreateInput, type PlanDto, planCreateSchema } from "@inbox/shared";
import type { z } from "zod";

/** The form's values as the inputs hold them; the shared schema checks them before they leave. */
export type PlanFormInput = z.input<typeof planCreateSchema>;
export const planFormSchema = planCreateSchema;

/** An empty form: the spec's defaults (every flag on). */
export function emptyPlanForm(): PlanFormInput {
  return {
    name: "",
    users: 10,
    connections: 10,
    queues: 10,
    amount: "0",
    isPublic: true,
    ...(Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, true])) as Record<
      (typeof PLAN_FLAGS)[number],
      true
    >),
  };
}

export function toPlanForm(plan: PlanDto): PlanFormInput {
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = plan;
  return fields;
}

export type PlanBody = PlanCreateInput;

/** R$ with two decimals (spec 2 section 9), in the interface language's number style. */
export function formatAmount(amount: string, language: string): string {
  return new Intl.NumberFormat(language === "pt" ? "pt-BR" : language, {
    style: "currency",
    currency: "BRL",
  }).format(Number(amount));
}
