import type { UserDto } from "@inbox/shared";
import { createContext, useContext } from "react";
import type { Credentials } from "../../api/auth";

export interface AuthContextValue {
  /** The signed-in user, or null for a guest. */
  user: UserDto | null;
  /** True while the stored session is being checked at boot. */
  loading: boolean;
  /** Sign in, apply the subscription rule and go to `from` (else /tickets). */
  login: (credentials: Credentials, from?: string) => Promise<void>;
  logout: () => Promise<void>;
  /** Replace the user after it changed (own profile saved, realtime update). */
  updateUser: (user: UserDto) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error("useAuth must be used inside AuthProvider");
  return value;
}

/** For screens that only render behind RequireAuth. */
export function useCurrentUser(): UserDto {
  const { user } = useAuth();
  if (!user) throw new Error("useCurrentUser must be used behind RequireAuth");
  return user;
}
