import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { isApiError } from "../../api/api-error";
import { subscriptionApi } from "../../api/subscription";
import { toast } from "../../app/toast/toast-store";

/** Spec 2 sections 4, 8 and 9: a check every 5 s, at most 120; home 4 s after success; /login 3 s after an ended session. */
export const PAYMENT_POLL = {
  intervalMs: 5_000,
  maxChecks: 120,
  homeAfterPaidMs: 4_000,
  loginAfterSessionEndedMs: 3_000,
} as const;

export type PaymentPollState =
  | { kind: "waiting"; checks: number }
  | { kind: "paid"; dueDate: string | null }
  | { kind: "timeout" }
  | { kind: "sessionEnded" };

/**
 * Asks GET /subscription/check/{id} until the charge's invoice is paid. A
 * timer of the page (the user is looking at the code): one check at a time,
 * stopped when the dialog closes.
 */
export function usePaymentPolling(chargeId: number | null): PaymentPollState {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [state, setState] = useState<PaymentPollState>({ kind: "waiting", checks: 0 });
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const tRef = useRef(t);
  tRef.current = t;

  useEffect(() => {
    if (chargeId === null) return;
    let checks = 0;
    let inFlight = false;
    let redirect: ReturnType<typeof setTimeout> | undefined;
    setState({ kind: "waiting", checks: 0 });
    const stop = () => clearInterval(timer);
    const timer = setInterval(async () => {
      if (inFlight) return;
      inFlight = true;
      checks += 1;
      try {
        const answer = await subscriptionApi.check(chargeId);
        if (answer.success) {
          stop();
          setState({ kind: "paid", dueDate: answer.company.dueDate });
          redirect = setTimeout(() => navigateRef.current("/"), PAYMENT_POLL.homeAfterPaidMs);
          return;
        }
        setState({ kind: "waiting", checks });
      } catch (error) {
        if (isApiError(error) && (error.status === 401 || error.status === 403)) {
          stop();
          setState({ kind: "sessionEnded" });
          toast.error(tRef.current("checkout.sessionExpired"));
          redirect = setTimeout(() => navigateRef.current("/login"), PAYMENT_POLL.loginAfterSessionEndedMs);
          return;
        }
        // A network hiccup or a provider's failure: the next check tries again.
      } finally {
        inFlight = false;
      }
      if (checks >= PAYMENT_POLL.maxChecks) {
        stop();
        setState({ kind: "timeout" });
        toast.info(tRef.current("checkout.pollTimeout"));
      }
    }, PAYMENT_POLL.intervalMs);
    return () => {
      stop();
      if (redirect) clearTimeout(redirect);
    };
  }, [chargeId]);

  return state;
}
