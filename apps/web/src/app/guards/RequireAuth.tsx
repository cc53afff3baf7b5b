import { Navigate, Outlet, useLocation } from "react-router";
import { LoadingState } from "../../components/LoadingState";
import { useAuth } from "../auth/auth-context";

/** The location a guest wanted, carried to /login and back after signing in. */
export interface FromState {
  from?: string;
}

/** Private screens: a guest goes to /login, keeping where they were headed. */
export function RequireAuth() {
  const { user, loading } = useAuth();
  const location = useLocation();
  if (loading) return <LoadingState fullScreen />;
  if (!user) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to="/login" replace state={{ from } satisfies FromState} />;
  }
  return <Outlet />;
}
