import type { UserDto } from "@inbox/shared";
import { isAdmin } from "../../app/permissions";

/**
 * Spec 1 section 6: with the company's enableLGPD and lgpdHideNumber enabled,
 * ordinary users get numbers masked from the server; their forms leave the
 * number alone.
 */
export function seesMaskedNumbers(user: UserDto): boolean {
  if (isAdmin(user)) return false;
  const enabled = (key: string) =>
    user.company?.companieSettings?.some((s) => s.key === key && s.value === "enabled") ?? false;
  return enabled("enableLGPD") && enabled("lgpdHideNumber");
}
