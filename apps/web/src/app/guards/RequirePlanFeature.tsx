import { LIMITS } from "@inbox/shared";
import { type ReactNode, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Outlet, useLocation, useNavigate } from "react-router";
import { useCurrentUser } from "../auth/auth-context";
import { type PlanFlag, planAllows, planFlagOfPath } from "../permissions";
import { toast } from "../toast/toast-store";

interface RequirePlanFeatureProps {
  /** The plan use flag the screen belongs to (the server gates its routes with the flag's own code). */
  flag: PlanFlag;
  children: ReactNode;
}

/**
 * A screen of a feature the company's plan does not include (spec 2 sections 8 and 9): the toast
 * 'Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.', then
 * the dashboard after 1 s. Routes gated by a plan flag wrap their page in it.
 */
export function RequirePlanFeature({ flag, children }: RequirePlanFeatureProps) {
  const user = useCurrentUser();
  const allowed = planAllows(user, flag);
  const navigate = useNavigate();
  const { t } = useTranslation();
  // One toast per visit, even when React runs the effect twice (StrictMode).
  const warned = useRef(false);

  useEffect(() => {
    if (allowed) return;
    if (!warned.current) {
      warned.current = true;
      toast.error(t("forbidden.planFeature"));
    }
    const timer = window.setTimeout(() => navigate("/", { replace: true }), LIMITS.planFeatureRedirectMs);
    return () => window.clearTimeout(timer);
  }, [allowed, navigate, t]);

  return allowed ? children : null;
}

/** The signed-in screens' outlet: a screen under a plan-gated path (PLAN_GATED_PAGES) is guarded. */
export function PlanGatedOutlet() {
  const { pathname } = useLocation();
  const flag = planFlagOfPath(pathname);
  if (!flag) return <Outlet />;
  return (
    <RequirePlanFeature key={pathname} flag={flag}>
      <Outlet />
    </RequirePlanFeature>
  );
}
