import { PLAN_FLAGS, type PlanCreateInput, type PlanDto, planCreateSchema } from "@inbox/shared";
import type { z } from "zod";
import i18n from "../../../i18n";

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

/** Each field's one translated text, which says its whole rule (missing, too long, out of range). */
const FIELD_ERROR_KEYS: Record<string, "name" | "limit" | "amount"> = {
  name: "name",
  users: "limit",
  connections: "limit",
  queues: "limit",
  amount: "amount",
};

/**
 * The text under a plan field. The shared schema's messages ('Required', 'Must be zero or more',
 * 'Too large'...) are English and name no field, so each field shows its own translated rule.
 */
export function planErrorText(message: string | undefined, field: string): string | undefined {
  if (!message) return undefined;
  const key = FIELD_ERROR_KEYS[field];
  return key ? i18n.t(`plans.errors.${key}`) : message;
}

/** R$ with two decimals (spec 2 section 9), in the interface language's number style. */
export function formatAmount(amount: string, language: string): string {
  return new Intl.NumberFormat(language === "pt" ? "pt-BR" : language, {
    style: "currency",
    currency: "BRL",
  }).format(Number(amount));
}
