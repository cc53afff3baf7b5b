import type {
  InvoicePaidDto,
  SubscriptionChargeDto,
  SubscriptionCheckDto,
  SubscriptionCreateInput,
} from "@inbox/shared";
import { api } from "./client";

/** The checkout's calls (spec 2 section 7; docs/PAYMENTS.md). */
export const subscriptionApi = {
  create: (body: SubscriptionCreateInput) => api.post<SubscriptionChargeDto>("/subscription", body),
  check: (chargeId: number) => api.get<SubscriptionCheckDto>(`/subscription/check/${chargeId}`),
  /** Super users: the embedded provider's confirmation by hand. */
  markPaid: (invoiceId: number) => api.put<InvoicePaidDto>(`/invoices/${invoiceId}/paid`),
};
