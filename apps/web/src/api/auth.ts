import type { LoginResponse, UserDto } from "@inbox/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "./client";
import { queryKeys } from "./query-keys";

export interface Credentials {
  email: string;
  password: string;
}

export interface ResetPasswordInput {
  token: string;
  password: string;
  confirmPassword: string;
}

interface MessageAnswer {
  message: string;
}

export const authApi = {
  login: (credentials: Credentials) => api.post<LoginResponse>("/auth/login", credentials),
  me: () => api.get<UserDto>("/auth/me"),
  logout: () => api.delete<void>("/auth/logout"),
  recoverPassword: (email: string) => api.post<MessageAnswer>("/auth/recover-password", { email }),
  resetPassword: (input: ResetPasswordInput) => api.post<MessageAnswer>("/auth/reset-password", input),
  version: () => api.get<{ version: string }>("/version"),
};

export function useRecoverPassword() {
  return useMutation({ mutationFn: authApi.recoverPassword });
}

export function useResetPassword() {
  return useMutation({ mutationFn: authApi.resetPassword });
}

export function useVersion() {
  return useQuery({
    queryKey: queryKeys.version,
    queryFn: authApi.version,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
