import type { SignupBody, SignupResponse } from "@inbox/shared";
import { useMutation, useQuery } from "@tanstack/react-query";
import { api } from "./client";

/** What the signup page shows of a plan (GET /plans/list answers the whole plan). */
export interface PublicPlan {
  id: number;
  name: string;
  users: number;
  connections: number;
  queues: number;
  amount: string;
}

/** The public calls of the login and signup screens (spec 2 section 7): no session needed. */
export const signupApi = {
  /** The spec's signup page sends listPublic=false; the server lists public plans only, whatever it says. */
  publicPlans: (signal?: AbortSignal) =>
    api.get<PublicPlan[]>("/plans/list", { listPublic: "false" }, signal),
  signup: (body: SignupBody) => api.post<SignupResponse>("/auth/signup", body),
  publicSetting: (key: string, signal?: AbortSignal) =>
    api.get<string | null>(`/public-settings/${encodeURIComponent(key)}`, undefined, signal),
};

export const signupKeys = {
  plans: ["public", "plans"] as const,
  setting: (key: string) => ["public", "setting", key] as const,
};

export function usePublicPlans() {
  return useQuery({ queryKey: signupKeys.plans, queryFn: ({ signal }) => signupApi.publicPlans(signal) });
}

/** A public platform setting (allowSignup, whitelabel), as GET /public-settings/{key} answers it. */
export function usePublicSetting(key: string) {
  return useQuery({
    queryKey: signupKeys.setting(key),
    queryFn: ({ signal }) => signupApi.publicSetting(key, signal),
    staleTime: 60_000,
  });
}

export function useSignup() {
  return useMutation({ mutationFn: signupApi.signup });
}
