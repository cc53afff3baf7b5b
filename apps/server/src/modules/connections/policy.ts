import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";

/**
 * Spec 2 section 6: admins, and users with allowConnections enabled (treated
 * as admins on the connections page), manage connections; everyone may list
 * them for pickers.
 */
export function canManageConnections(actor: UserRow): boolean {
  return actor.profile === "admin" || actor.super || actor.allowConnections === "enabled";
}

export function authorizeManage(actor: UserRow): void {
  if (!canManageConnections(actor)) throw new AppError("ERR_NO_PERMISSION");
}

/** Plan flags decide which channels a company may add (useWhatsapp covers both WhatsApp channels). */
export function channelAllowed(
  plan: { useWhatsapp: boolean; useFacebook: boolean; useInstagram: boolean },
  channel: string,
): boolean {
  if (channel === "whatsapp" || channel === "whatsappapi") return plan.useWhatsapp;
  if (channel === "facebook") return plan.useFacebook;
  if (channel === "instagram") return plan.useInstagram;
  return false;
}
