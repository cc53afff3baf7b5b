import { subscriptionState } from "@inbox/shared";
import { AppError } from "./app-error.js";

/**
 * The expiry rule (spec 1 section 4, spec 2; docs/SUBSCRIPTION.md): once a
 * company's due date is today or past (company 1 never expires), its users
 * still sign in and reach what paying needs, and nothing else. Routes that
 * paying needs say so with `config.allowExpired`; every other private route,
 * including any added later, is refused with 402 ERR_SUBSCRIPTION_EXPIRED.
 * The due date is read with the user on every request (no cache), so paying
 * an invoice lets the company in again at its next request.
 */
export function companyExpired(companyId: number, dueDate: string | null, today = new Date()): boolean {
  return subscriptionState(companyId, dueDate, today).kind === "expired";
}

export function subscriptionExpiredError(): AppError {
  return new AppError("ERR_SUBSCRIPTION_EXPIRED", {
    status: 402,
    message: "The company's subscription has expired: pay the open invoice to use the system again",
  });
}

/** Throws the expiry code when the company expired and the route is not one paying needs. */
export function assertSubscriptionAllows(
  route: { allowExpired?: boolean } | undefined,
  companyId: number,
  dueDate: string | null,
): void {
  if (route?.allowExpired) return;
  if (companyExpired(companyId, dueDate)) throw subscriptionExpiredError();
}

declare module "fastify" {
  interface FastifyContextConfig {
    /**
     * The route stays open to a company whose subscription expired: it is
     * part of signing in, reading and paying invoices (http/subscription-gate.ts).
     */
    allowExpired?: boolean;
  }
}
