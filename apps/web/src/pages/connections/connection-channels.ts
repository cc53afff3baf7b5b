import { CHANNELS, type Channel, type UserDto } from "@inbox/shared";
import { type PlanFlag, planAllows } from "../../app/permissions";

/** Which plan flag lets a company add each channel (spec 2 section 6; useWhatsapp covers both WhatsApp kinds). */
export const CHANNEL_PLAN_FLAG: Record<Channel, PlanFlag> = {
  whatsapp: "useWhatsapp",
  whatsappapi: "useWhatsapp",
  facebook: "useFacebook",
  instagram: "useInstagram",
};

/** The channels the 'Adicionar' menu offers to this user's company. */
export function addableChannels(user: UserDto): Channel[] {
  return CHANNELS.filter((channel) => planAllows(user, CHANNEL_PLAN_FLAG[channel]));
}
