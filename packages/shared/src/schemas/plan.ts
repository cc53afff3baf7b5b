import { z } from "zod";
import { looseBoolean, MAX_DB_INT } from "./common.js";

/** Subscription plans (spec 2 sections 2 to 9): platform data, written by super users only. */

/** The use flags of a plan, in the spec's order; every one defaults to true. */
export const PLAN_FLAGS = [
  "useWhatsapp",
  "useFacebook",
  "useInstagram",
  "useCampaigns",
  "useSchedules",
  "useInternalChat",
  "useExternalApi",
  "useKanban",
  "useOpenAi",
  "useIntegrations",
] as const;
export type PlanFlag = (typeof PLAN_FLAGS)[number];

/** The plan limits: how many of each a company of the plan may have. */
export const PLAN_LIMITS = ["users", "connections", "queues"] as const;

/** Largest amount `numeric(12, 2)` holds. */
export const PLAN_MAX_AMOUNT = 9_999_999_999.99;

const planLimit = z
  .number({ error: "Must be a whole number" })
  .int("Must be a whole number")
  .min(0, "Must be zero or more")
  .max(MAX_DB_INT, "Too large");

/**
 * The monthly price: a non-negative decimal with at most two decimals, as a number or as text
 * ("49.90", or "49,90" as typed in Brazil). Answered and stored as text ("49.90"): no float drift.
 */
export const planAmount = z
  .union([
    z
      .number()
      .finite()
      .transform((value) => String(value)),
    z.string().trim(),
  ])
  .transform((value) => value.replace(",", "."))
  .pipe(
    z
      .string()
      .regex(/^\d{1,10}(\.\d{1,2})?$/, "Must be an amount of zero or more, with up to two decimals")
      .refine((value) => Number(value) <= PLAN_MAX_AMOUNT, "Too large"),
  );

const planName = z.string({ error: "Required" }).trim().min(1, "Required").max(100, "Too Long!");

const flagShape = Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, looseBoolean])) as Record<
  PlanFlag,
  typeof looseBoolean
>;

/** Every field but the name, none defaulted: PUT changes only what it is given. */
const planFields = {
  users: planLimit,
  connections: planLimit,
  queues: planLimit,
  amount: planAmount,
  isPublic: looseBoolean,
  ...flagShape,
};

/**
 * POST /plans. Name required (unique: ERR_PLAN_NAME_ALREADY_EXISTS); limits default to 10,
 * amount to 0, isPublic and every use flag to true (the spec's defaults).
 */
export const planCreateSchema = z.object({
  name: planName,
  users: planLimit.optional().default(10),
  connections: planLimit.optional().default(10),
  queues: planLimit.optional().default(10),
  amount: planAmount.optional().default("0"),
  isPublic: looseBoolean.optional().default(true),
  ...(Object.fromEntries(PLAN_FLAGS.map((flag) => [flag, looseBoolean.optional().default(true)])) as Record<
    PlanFlag,
    z.ZodDefault<z.ZodOptional<typeof looseBoolean>>
  >),
});
export type PlanCreateInput = z.infer<typeof planCreateSchema>;

/** PUT /plans/{id}: the fields given change (the form sends them all); unknown keys such as `id` are ignored. */
export const planUpdateSchema = z.object({ name: planName, ...planFields }).partial();
export type PlanUpdateInput = z.infer<typeof planUpdateSchema>;

/**
 * GET /plans/list. The signup page sends `listPublic=false` (spec 2 section 7) meaning "only the
 * plans open to the public"; the route answers only those whatever the value, since anyone may call it.
 */
export const planListQuery = z.object({ listPublic: looseBoolean.optional() });

export const planDto = z.object({
  id: z.number(),
  name: z.string(),
  users: z.number(),
  connections: z.number(),
  queues: z.number(),
  amount: z.string(),
  isPublic: z.boolean(),
  useWhatsapp: z.boolean(),
  useFacebook: z.boolean(),
  useInstagram: z.boolean(),
  useCampaigns: z.boolean(),
  useSchedules: z.boolean(),
  useInternalChat: z.boolean(),
  useExternalApi: z.boolean(),
  useKanban: z.boolean(),
  useOpenAi: z.boolean(),
  useIntegrations: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PlanDto = z.infer<typeof planDto>;
