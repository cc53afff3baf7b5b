import { afterAll, afterEach, describe, expect, it } from "vitest";
import { buildUser } from "../../test/render";
import { subscribeToToasts, type ToastMessage } from "../toast/toast-store";
import { applySubscriptionRule } from "./subscription-notice";

const today = new Date("2025-03-10T12:00:00Z");
const toasts: ToastMessage[] = [];
const stop = subscribeToToasts((toast) => toasts.push(toast));

afterEach(() => {
  toasts.length = 0;
});
afterAll(stop);

describe("applySubscriptionRule", () => {
  it("sends an expired company to /financeiro-aberto with the expiry message", () => {
    const user = buildUser({ companyId: 2, company: { id: 2, name: "Acme", dueDate: "2025-03-01" } });
    expect(applySubscriptionRule(user, today)).toBe("/financeiro-aberto");
    expect(toasts).toEqual([
      expect.objectContaining({
        severity: "error",
        message:
          "Opss! Sua assinatura venceu em 01/03/2025. Entre em contato com o suporte para mais informações.",
      }),
    ]);
  });

  it("warns when fewer than 5 days remain and lets the login continue", () => {
    const user = buildUser({ companyId: 2, company: { id: 2, name: "Acme", dueDate: "2025-03-13" } });
    expect(applySubscriptionRule(user, today)).toBeNull();
    expect(toasts).toEqual([
      expect.objectContaining({ severity: "warning", message: "Sua assinatura vence em 3 dias." }),
    ]);
  });

  it("says nothing when the subscription is comfortably ahead, and never for company 1", () => {
    expect(
      applySubscriptionRule(buildUser({ company: { id: 2, name: "A", dueDate: "2025-06-01" } }), today),
    ).toBeNull();
    expect(
      applySubscriptionRule(buildUser({ companyId: 1, company: { id: 1, name: "P", dueDate: null } }), today),
    ).toBeNull();
    expect(toasts).toEqual([]);
  });
});
