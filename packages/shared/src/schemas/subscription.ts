import { z } from "zod";
import { CUSTOM_PLAN } from "../checkout.js";
import { documentDigits, isValidCpfCnpj } from "../tax-id.js";
import { dbIdParam, looseBoolean } from "./common.js";

/** Spec 2 section 5 "Checkout step 1" and "Custom plan"; the web form and the server share them. */
export const CHECKOUT_MESSAGES = {
  fullNameRequired: "O nome completo é obrigatório",
  taxIdRequired: "O CPF/CNPJ é obrigatório",
  taxIdInvalid: "CPF/CNPJ inválido",
  usersMin: `O plano precisa de pelo menos ${CUSTOM_PLAN.minUsers} usuários`,
  connectionsMin: `O plano precisa de pelo menos ${CUSTOM_PLAN.minConnections} conexões`,
  tooMany: "Valor muito alto",
  planInvalid: "Plano inválido",
} as const;

/**
 * What the checkout pays: the invoice's own plan (its value) or a custom plan
 * (users and connections priced by customPlanPriceCents). The web app sends
 * it serialized (spec 2 section 3: "plan (serialized)"), with display fields
 * the server ignores.
 */
export const checkoutPlan = z.object({ type: z.enum(["invoice", "custom"]) });
export type CheckoutPlan = z.infer<typeof checkoutPlan>;

/** Step 1's fields (Dados): the full name and the tax id, the rest optional address lines. */
export const checkoutDataSchema = z.object({
  firstName: z.string().trim().min(1, CHECKOUT_MESSAGES.fullNameRequired).max(120, "Too Long!"),
  lastName: z.string().trim().max(120, "Too Long!").optional().default(""),
  /** The tax id (CPF or CNPJ): the original form kept it in the zipcode field. */
  zipcode: z
    .string()
    .trim()
    .min(1, CHECKOUT_MESSAGES.taxIdRequired)
    .max(30, CHECKOUT_MESSAGES.taxIdInvalid)
    .refine(isValidCpfCnpj, CHECKOUT_MESSAGES.taxIdInvalid),
});

const optionalText = z.string().trim().max(200, "Too Long!").optional();
const count = (min: number, max: number, minMessage: string) =>
  z.coerce.number().int(minMessage).min(min, minMessage).max(max, CHECKOUT_MESSAGES.tooMany);

/**
 * POST /subscription (spec 2 section 3 "Subscription payload"). `price` is
 * accepted and ignored: the server prices the charge itself. Card fields come
 * from the original form; PIX needs none, so they are accepted and dropped,
 * never stored nor logged.
 */
export const subscriptionCreateSchema = checkoutDataSchema.extend({
  address2: optionalText,
  city: optionalText,
  state: optionalText,
  country: optionalText,
  useAddressForPaymentDetails: looseBoolean.optional(),
  nameOnCard: optionalText,
  cardNumber: optionalText,
  cvv: optionalText,
  plan: z
    .string()
    .max(4000)
    .transform((text, ctx) => {
      try {
        const parsed = checkoutPlan.safeParse(JSON.parse(text));
        if (parsed.success) return parsed.data;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: "custom", message: CHECKOUT_MESSAGES.planInvalid });
      return z.NEVER;
    }),
  price: z.union([z.number(), z.string().max(30)]).optional(),
  users: count(CUSTOM_PLAN.minUsers, CUSTOM_PLAN.maxUsers, CHECKOUT_MESSAGES.usersMin).optional(),
  connections: count(
    CUSTOM_PLAN.minConnections,
    CUSTOM_PLAN.maxConnections,
    CHECKOUT_MESSAGES.connectionsMin,
  ).optional(),
  invoiceId: dbIdParam,
});
export type SubscriptionCreateInput = z.input<typeof subscriptionCreateSchema>;
export type SubscriptionCreate = z.output<typeof subscriptionCreateSchema>;

/** The tax id as the provider wants it: digits only, and whether it is a CPF or a CNPJ. */
export function taxIdOf(value: string): { cpf: string } | { cnpj: string } {
  const digits = documentDigits(value);
  return digits.length === 11 ? { cpf: digits } : { cnpj: digits };
}

/** POST /subscription's answer (spec 2 section 3): the charge, its PIX copy-and-paste code and amount. */
export const subscriptionChargeDto = z.object({
  id: z.number(),
  qrcode: z.object({ qrcode: z.string() }),
  valor: z.object({ original: z.string() }),
});
export type SubscriptionChargeDto = z.infer<typeof subscriptionChargeDto>;

/** GET /subscription/check/{id}: paid yet, and the company's due date (moved once paid). */
export const subscriptionCheckDto = z.object({
  success: z.boolean(),
  company: z.object({ dueDate: z.string().nullable() }),
});
export type SubscriptionCheckDto = z.infer<typeof subscriptionCheckDto>;

/** PUT /invoices/{id}/paid (super): the invoice and its company's new due date. */
export const invoicePaidDto = z.object({
  id: z.number(),
  status: z.string(),
  company: z.object({ id: z.number(), dueDate: z.string().nullable() }),
});
export type InvoicePaidDto = z.infer<typeof invoicePaidDto>;
