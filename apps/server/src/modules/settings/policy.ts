import type { SettingDefinition } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { RequestContext, UserRow } from "../../http/context.js";

/**
 * Reading the whole settings list and changing settings are an admin's (spec
 * 2 section 6: profile user is denied the settings page); any user reads one
 * setting by key and the company's attendance settings, which the ticket
 * screens need.
 */
export function authorizeListSettings(actor: UserRow): void {
  if (actor.profile !== "admin" && !actor.super) throw new AppError("ERR_NO_PERMISSION");
}

/** Spec 2 section 6: only super users change userCreation, downloadLimit and the platform's keys. */
export function authorizeChangeSetting(actor: UserRow, definition: SettingDefinition): void {
  if (definition.access === "super" && !actor.super) throw new AppError("ERR_NO_PERMISSION");
}

/**
 * The company routes of the settings panel name the caller's own company; any
 * other id is "not found", as any record of another tenant (managing other
 * companies is the platform's /companies screen).
 */
export function authorizeOwnCompany(ctx: RequestContext, companyId: number): void {
  if (companyId !== ctx.companyId) throw new AppError("ERR_NOT_FOUND");
}
