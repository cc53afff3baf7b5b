/**
 * The custom plan's price (spec 2 section 9: "minimum 3 users and 3
 * connections; price starts at 49 and changes by 11 per user and 20 per
 * connection; BRL, monthly billing"). Our reading: 49 BRL is the price of the
 * smallest plan one may customise, 3 users and 3 connections; each user above
 * 3 adds 11 and each connection above 3 adds 20. So the price "starts at 49"
 * where the choice starts, and every step up or down moves it by the stated
 * amounts. The web app shows it live and the server charges it: one function.
 */
export const CUSTOM_PLAN = {
  basePriceCents: 4900,
  perUserCents: 1100,
  perConnectionCents: 2000,
  minUsers: 3,
  minConnections: 3,
  /** What one may type; a larger plan is the owner's to set up (spec 2: plans). */
  maxUsers: 1000,
  maxConnections: 1000,
  currency: "BRL",
} as const;

/** Price in cents of a custom plan of `users` and `connections` (each at least 3). */
export function customPlanPriceCents(users: number, connections: number): number {
  const extraUsers = Math.max(0, Math.trunc(users) - CUSTOM_PLAN.minUsers);
  const extraConnections = Math.max(0, Math.trunc(connections) - CUSTOM_PLAN.minConnections);
  return (
    CUSTOM_PLAN.basePriceCents +
    extraUsers * CUSTOM_PLAN.perUserCents +
    extraConnections * CUSTOM_PLAN.perConnectionCents
  );
}

/** Cents as the PIX API writes an amount: "49.00" (point, two decimals). */
export function centsToAmount(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** "49.00" (or 49, "49.5") -> 4900; NaN when it is not an amount. */
export function amountToCents(amount: string | number): number {
  const text = typeof amount === "number" ? amount.toFixed(2) : amount.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return Number.NaN;
  const [whole = "0", fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** Spec 2 section 9: "currency shown as R$ with two decimals" (R$ 49,00 in pt; the language's separators). */
export function formatBrl(cents: number, locale = "pt-BR"): string {
  return new Intl.NumberFormat(locale, {
    style: "currency",
    currency: "BRL",
    minimumFractionDigits: 2,
  }).format(cents / 100);
}
