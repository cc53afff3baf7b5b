import {
  amountToCents,
  CUSTOM_PLAN,
  checkoutDataSchema,
  customPlanPriceCents,
  type InvoiceDto,
  type SubscriptionCreateInput,
} from "@inbox/shared";

/** What the dialog's three steps hold. */
export interface CheckoutValues {
  firstName: string;
  lastName: string;
  zipcode: string;
  address2: string;
  city: string;
  state: string;
  planType: "invoice" | "custom";
  users: number;
  connections: number;
}

export function initialCheckoutValues(invoice: Pick<InvoiceDto, "users" | "connections">): CheckoutValues {
  return {
    firstName: "",
    lastName: "",
    zipcode: "",
    address2: "",
    city: "",
    state: "",
    planType: "invoice",
    users: Math.max(CUSTOM_PLAN.minUsers, invoice.users),
    connections: Math.max(CUSTOM_PLAN.minConnections, invoice.connections),
  };
}

/** Step 1's messages by field (spec 2 section 5: full name and tax id), from the shared schema. */
export function dataErrors(values: CheckoutValues): Partial<Record<"firstName" | "zipcode", string>> {
  const parsed = checkoutDataSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<"firstName" | "zipcode", string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as "firstName" | "zipcode";
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The amount the review shows and the server will charge (it prices again; the same function). */
export function checkoutPriceCents(values: CheckoutValues, invoice: Pick<InvoiceDto, "value">): number {
  return values.planType === "custom"
    ? customPlanPriceCents(values.users, values.connections)
    : amountToCents(invoice.value);
}

/** A custom plan below the invoice is refused by the server (ERR_CHECKOUT_BELOW_INVOICE): said on step 2. */
export function customBelowInvoice(values: CheckoutValues, invoice: Pick<InvoiceDto, "value">): boolean {
  return values.planType === "custom" && checkoutPriceCents(values, invoice) < amountToCents(invoice.value);
}

/** POST /subscription's payload (spec 2 section 3), the plan serialized. */
export function subscriptionPayload(
  values: CheckoutValues,
  invoice: Pick<InvoiceDto, "id" | "detail" | "value">,
): SubscriptionCreateInput {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    address2: values.address2,
    city: values.city,
    state: values.state,
    zipcode: values.zipcode,
    country: "BR",
    useAddressForPaymentDetails: false,
    nameOnCard: "",
    cardNumber: "",
    cvv: "",
    plan: JSON.stringify({
      type: values.planType,
      title: values.planType === "invoice" ? invoice.detail : "custom",
    }),
    price: checkoutPriceCents(values, invoice) / 100,
    users: values.users,
    connections: values.connections,
    invoiceId: invoice.id,
  };
}
