import { isAdminProfile } from "@inbox/shared";
import type { UserRow } from "../../http/context.js";

/**
 * Who sees what in the ticket report (spec 2 sections 1, 2 and 6). The page
 * is open to every signed-in user (section 2: /reports, logged in); the
 * supervisors who "export ticket reports" (section 1) are those the dashboard
 * already trusts with the company's figures: admins, super users and users
 * with showDashboard enabled. They report on every ticket of the company;
 * anyone else reports on the tickets assigned to them only.
 */
export function seesCompanyReport(actor: UserRow): boolean {
  return isAdminProfile(actor) || actor.showDashboard === "enabled";
}

/** The user whose tickets bound the reader's report; undefined: the whole company. */
export function reportOwnerOf(actor: UserRow): number | undefined {
  return seesCompanyReport(actor) ? undefined : actor.id;
}
