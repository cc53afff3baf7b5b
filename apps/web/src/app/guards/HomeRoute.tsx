import type { ReactNode } from "react";
import { Navigate } from "react-router";
import { useCurrentUser } from "../auth/auth-context";
import { canSeeDashboard } from "../permissions";

/**
 * `/`: the dashboard for those allowed to see it; anyone else (an attendant
 * without showDashboard) lands on the tickets screen instead of a 403.
 * /dashboard itself still answers the 403 view to them.
 */
export function HomeRoute({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  return canSeeDashboard(user) ? children : <Navigate to="/tickets" replace />;
}
