import {
  type CompanySchedulesDto,
  isPublicSettingKey,
  type SettingDto,
  type SettingsEventPayload,
  type UserDto,
} from "@inbox/shared";
import { useQueryClient } from "@tanstack/react-query";
import { settingsKeys, withSetting } from "../api/settings";
import { signupKeys } from "../api/signup";
import { useCompanyEvent } from "./realtime-context";

interface SettingsEventsProps {
  user: UserDto;
  onUserChanged: (user: UserDto) => void;
}

/** The signed-in user's company settings (the login answer's copy) with one setting changed. */
export function withCompanySetting(user: UserDto, setting: SettingDto): UserDto {
  const company = user.company;
  if (!company) return user;
  const list = company.companieSettings ?? [];
  const known = list.some((s) => s.key === setting.key);
  // Only the company's attendance settings live there; other keys (platform, downloadLimit) are not added.
  if (!known) return user;
  return {
    ...user,
    company: {
      ...company,
      companieSettings: list.map((s) => (s.key === setting.key ? { ...s, value: setting.value } : s)),
    },
  };
}

/**
 * `company-{id}-settings`: a setting or the business hours changed in
 * another tab (or by another admin). The settings page shows it at once, the
 * settings other screens cached (required tag, pending notifications) are
 * read again, and the user's copy of the company settings (LGPD masks)
 * follows.
 */
export function SettingsEvents({ user, onUserChanged }: SettingsEventsProps) {
  const queryClient = useQueryClient();

  useCompanyEvent<SettingsEventPayload>("settings", (payload) => {
    if ("setting" in payload) {
      const { setting } = payload;
      queryClient.setQueryData<SettingDto[]>(settingsKeys.list, (list) => withSetting(list, setting));
      // The platform's public keys (whitelabel, signup) reach company 1's tabs here: theme and title follow.
      if (isPublicSettingKey(setting.key))
        queryClient.setQueryData(signupKeys.setting(setting.key), setting.value);
      void queryClient.invalidateQueries({
        queryKey: settingsKeys.all,
        predicate: (query) => query.queryKey[1] !== "list" && query.queryKey[1] !== "company",
      });
      const next = withCompanySetting(user, setting);
      if (next !== user) onUserChanged(next);
      return;
    }
    queryClient.setQueryData<CompanySchedulesDto>(settingsKeys.company(user.companyId), (company) =>
      company ? { ...company, schedules: payload.schedules } : company,
    );
  });

  return null;
}
