import type { UserDto } from "@inbox/shared";
import { isAdmin } from "../../app/permissions";

/**
 * Spec 1 section 6: with the company's lgpdHideNumber enabled, ordinary users
 * get numbers masked from the server; their forms leave the number alone.
 */
export function seesMaskedNumbers(user: UserDto): boolean {
  if (isAdmin(user)) return false;
  return (
    user.company?.companieSettings?.some((s) => s.key === "lgpdHideNumber" && s.value === "enabled") ?? false
  );
}
