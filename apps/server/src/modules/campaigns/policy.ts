import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

export type CampaignAction = "campaigns:use";

type Actor = Pick<UserRow, "profile" | "super">;

/**
 * Who may do what to campaigns (spec 3 section 6; the plan flag useCampaigns gates the whole area,
 * declared on its routes): a user with profile user sees the no-permission view on the campaigns
 * pages, so every campaign call, settings included, is for the other profiles.
 */
export function can(actor: Actor, action: CampaignAction): boolean {
  switch (action) {
    case "campaigns:use":
      return actor.profile !== "user" || actor.super;
  }
}

export function authorize(actor: Actor, action: CampaignAction): void {
  if (!can(actor, action)) throw new AppError("ERR_NO_PERMISSION");
}
