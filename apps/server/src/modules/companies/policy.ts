import { LIMITS } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Spec 2 section 6: only super users (the platform owner's) use /companies and the settings'
 * companies tab: they list, create, change and delete companies.
 */
export function authorizeManageCompanies(actor: UserRow): void {
  if (!actor.super) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * The platform owner's company (company 1, or any holding a super user) keeps running: it is never
 * deleted nor switched off, nor is the super user's own company deleted from under them.
 */
export function assertRemovable(actor: UserRow, companyId: number, holdsSuperUser: boolean): void {
  if (companyId === LIMITS.platformCompanyId || holdsSuperUser || companyId === actor.companyId)
    throw new AppError("ERR_NO_PERMISSION", { message: "The platform owner's company cannot be deleted" });
}

export function assertCanSwitchOff(companyId: number, holdsSuperUser: boolean): void {
  if (companyId === LIMITS.platformCompanyId || holdsSuperUser)
    throw new AppError("ERR_NO_PERMISSION", { message: "The platform owner's company stays active" });
}
