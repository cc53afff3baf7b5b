import type { UserDto } from "@inbox/shared";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router";
import { authApi, type Credentials } from "../../api/auth";
import { configureApiClient, EXPIRED_SUBSCRIPTION_PATH, onSessionRefreshed } from "../../api/client";
import { clearToken, getToken, setToken } from "../../api/token-storage";
import { forgetHandovers } from "../../notifications/handover-storage";
import { setPreferenceOwner } from "../preferences";
import { AuthContext, type AuthContextValue } from "./auth-context";
import { applySubscriptionRule } from "./subscription-notice";

export const DEFAULT_PRIVATE_PATH = "/tickets";

export function AuthProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [user, setUser] = useState<UserDto | null>(null);
  const [loading, setLoading] = useState(() => getToken() !== null);

  // A lost session (401, refused refresh) signs the user out; the route guard
  // then sends private screens to /login, keeping the origin.
  useEffect(() => {
    configureApiClient({
      onUnauthorized: () => {
        setUser(null);
        queryClient.clear();
      },
      // The server refuses an expired company everything but what paying needs: show the open invoices.
      onSubscriptionExpired: () => {
        if (window.location.pathname !== EXPIRED_SUBSCRIPTION_PATH)
          navigate(EXPIRED_SUBSCRIPTION_PATH, { replace: true });
      },
      // The plan no longer includes a feature the app offered: the user's plan is read again.
      onPlanRefused: () => {
        authApi
          .me()
          .then(setUser)
          .catch(() => {
            // The next answer tries again; a lost session is handled by the client.
          });
      },
    });
    return onSessionRefreshed((session) => setUser(session.user));
  }, [queryClient, navigate]);

  useEffect(() => {
    if (getToken() === null) return;
    let cancelled = false;
    authApi
      .me()
      .then((me) => {
        if (!cancelled) setUser(me);
      })
      .catch(() => {
        // 401 is handled by the client; any other failure leaves us signed out.
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, []);

  const login = useCallback(
    async (credentials: Credentials, from?: string) => {
      const session = await authApi.login(credentials);
      setToken(session.token);
      setUser(session.user);
      const redirect = applySubscriptionRule(session.user);
      navigate(redirect ?? from ?? DEFAULT_PRIVATE_PATH, { replace: true });
    },
    [navigate],
  );

  const logout = useCallback(async () => {
    try {
      await authApi.logout();
    } catch {
      // Signing out locally must work even if the server is unreachable.
    } finally {
      clearToken();
      forgetHandovers();
      setPreferenceOwner(null);
      setUser(null);
      queryClient.clear();
      navigate("/login", { replace: true });
    }
  }, [navigate, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ user, loading, login, logout, updateUser: setUser }),
    [user, loading, login, logout],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
