import type { Channel, PlanFlag } from "@inbox/shared";
import { AppError } from "../../http/app-error.js";
import type { UserRow } from "../../http/context.js";
import { planFeatureError } from "../../http/plan-gate.js";

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
export const CHANNEL_PLAN_FLAG = {
  whatsapp: "useWhatsapp",
  whatsappapi: "useWhatsapp",
  facebook: "useFacebook",
  instagram: "useInstagram",
} as const satisfies Record<Channel, PlanFlag>;

export function channelAllowed(
  plan: { useWhatsapp: boolean; useFacebook: boolean; useInstagram: boolean },
  channel: string,
): boolean {
  return Object.hasOwn(CHANNEL_PLAN_FLAG, channel) ? plan[CHANNEL_PLAN_FLAG[channel as Channel]] : false;
}

/** The channel's own plan code (ERR_PLAN_NO_WHATSAPP…) when the plan does not include it. */
export function authorizeChannel(
  plan: { useWhatsapp: boolean; useFacebook: boolean; useInstagram: boolean },
  channel: Channel,
): void {
  if (!channelAllowed(plan, channel)) {
    throw planFeatureError(CHANNEL_PLAN_FLAG[channel], {
      field: "channel",
      message: `The plan does not include ${channel}`,
    });
  }
}

/** The flag a POST /whatsapp body needs, read before validation (the schema's default channel is whatsapp). */
export function channelFlagOfBody(body: unknown): PlanFlag | undefined {
  const channel = (body as { channel?: unknown } | null)?.channel ?? "whatsapp";
  // Only a channel of the list names a flag; anything else is left to the schema (400).
  return typeof channel === "string" && Object.hasOwn(CHANNEL_PLAN_FLAG, channel)
    ? CHANNEL_PLAN_FLAG[channel as Channel]
    : undefined;
}
