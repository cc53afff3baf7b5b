import { Navigate, Outlet } from "react-router";
import { LoadingState } from "../../components/LoadingState";
import { useAuth } from "../auth/auth-context";

/** Public screens (login, signup, recovery): a signed-in user goes to /. */
export function PublicOnly() {
  const { user, loading } = useAuth();
  if (loading) return <LoadingState fullScreen />;
  if (user) return <Navigate to="/" replace />;
  return <Outlet />;
}
