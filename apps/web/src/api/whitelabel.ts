import {
  WHITELABEL_DEFAULTS,
  WHITELABEL_LOGO_KEYS,
  type WhitelabelLogoMode,
  whitelabelLogoPath,
} from "@inbox/shared";
import { useMutation, useQueries, useQueryClient } from "@tanstack/react-query";
import { useMemo } from "react";
import { apiRequest } from "./client";
import { settingsKeys, withSetting } from "./settings";
import { signupApi, signupKeys } from "./signup";

/** The platform's look (spec 2 whitelabel), with the spec's defaults filled in where a key is empty. */
export interface Whitelabel {
  primaryColorLight: string;
  primaryColorDark: string;
  /** The system name, or null for the default (the interface's own name). */
  appName: string | null;
  /** Addresses of the uploaded images, or null when none. */
  logoLight: string | null;
  logoDark: string | null;
  favicon: string | null;
}

export const WHITELABEL_KEYS = [
  "primaryColorLight",
  "primaryColorDark",
  "appName",
  "appLogoLight",
  "appLogoDark",
  "appLogoFavicon",
] as const;
export type WhitelabelKey = (typeof WHITELABEL_KEYS)[number];

const logoUrl = (name: string | null | undefined) => (name ? whitelabelLogoPath(name) : null);

/** The whitelabel from the public settings' values (absent or empty: the defaults). */
export function whitelabelOf(values: Partial<Record<WhitelabelKey, string | null | undefined>>): Whitelabel {
  return {
    primaryColorLight: values.primaryColorLight || WHITELABEL_DEFAULTS.primaryColorLight,
    primaryColorDark: values.primaryColorDark || WHITELABEL_DEFAULTS.primaryColorDark,
    appName: values.appName || null,
    logoLight: logoUrl(values.appLogoLight),
    logoDark: logoUrl(values.appLogoDark),
    favicon: logoUrl(values.appLogoFavicon),
  };
}

/**
 * The whitelabel as GET /public-settings/{key} answers it: no session needed,
 * so the login page and every company read the same values. Read by
 * AppThemeProvider only; screens take it from its context (useWhitelabel). Read once per
 * page load (a reload shows another super user's change); the super user's
 * own changes are written into this cache at once (usePutWhitelabel, the
 * settings event of company 1).
 */
export function useFetchWhitelabel(): Whitelabel {
  const results = useQueries({
    queries: WHITELABEL_KEYS.map((key) => ({
      queryKey: signupKeys.setting(key),
      queryFn: ({ signal }: { signal: AbortSignal }) => signupApi.publicSetting(key, signal),
      staleTime: Number.POSITIVE_INFINITY,
      retry: 1,
    })),
  });
  const [light, dark, appName, logoLight, logoDark, favicon] = results.map((result) => result.data ?? null);
  // One object per set of values: the context's readers re-render only when one changes.
  return useMemo(
    () =>
      whitelabelOf({
        primaryColorLight: light,
        primaryColorDark: dark,
        appName,
        appLogoLight: logoLight,
        appLogoDark: logoDark,
        appLogoFavicon: favicon,
      }),
    [light, dark, appName, logoLight, logoDark, favicon],
  );
}

/** A whitelabel key changed (here or by a settings event): the public copy follows. */
export function usePublicSettingWriter() {
  const queryClient = useQueryClient();
  return (key: string, value: string | null) => {
    queryClient.setQueryData(signupKeys.setting(key), value);
    queryClient.setQueryData(settingsKeys.list, (list: Parameters<typeof withSetting>[0]) =>
      withSetting(list, { key, value }),
    );
  };
}

export const whitelabelApi = {
  /** POST /settings-whitelabel/logo: answers the stored file name, already set as the mode's key. */
  uploadLogo: (mode: WhitelabelLogoMode, file: File) => {
    const form = new FormData();
    form.append("typeArch", "logo");
    form.append("mode", mode);
    form.append("file", file);
    return apiRequest<string>("/settings-whitelabel/logo", { method: "POST", body: form });
  },
};

export function useUploadLogo() {
  const write = usePublicSettingWriter();
  return useMutation({
    mutationFn: ({ mode, file }: { mode: WhitelabelLogoMode; file: File }) =>
      whitelabelApi.uploadLogo(mode, file),
    onSuccess: (name, { mode }) => write(WHITELABEL_LOGO_KEYS[mode], name),
  });
}
