import type { UserDto } from "@inbox/shared";
import { useQuery } from "@tanstack/react-query";
import { api } from "../api/client";
import type { NotificationSettings } from "./rules";

const COLUMN = "showNotificationPending";

export const notificationSettingsKey = ["settings", "companySettingOne", COLUMN] as const;

/** The value the login answer carried in the user's company settings. */
function fromLogin(user: UserDto): string | null | undefined {
  return user.company?.companieSettings?.find((setting) => setting.key === COLUMN)?.value;
}

/**
 * showNotificationPending, read with GET /companySettingOne?column=... (as
 * the ticket header reads requiredTag) so a change made by an admin applies
 * within minutes; until it answers, or when it fails, the value from the
 * login answer; without either, disabled (the server's default).
 */
export function useNotificationSettings(user: UserDto): NotificationSettings {
  const query = useQuery({
    queryKey: notificationSettingsKey,
    queryFn: ({ signal }) =>
      api.get<Record<string, string | null>>("/companySettingOne", { column: COLUMN }, signal),
    staleTime: 5 * 60_000,
    refetchInterval: 5 * 60_000,
    retry: false,
  });
  const value = query.data?.[COLUMN] ?? fromLogin(user);
  return { showNotificationPending: value === "enabled" };
}
