import type { ContactDto, ContactRefDto } from "@inbox/shared";
import type { ContactRow, ContactWithRefs } from "./repo.js";

/** The only way a contact leaves the server; routes mask the number for ordinary users under LGPD (config.numbers). */
export function presentContact(row: ContactWithRefs): ContactDto {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    number: row.number,
    email: row.email,
    channel: row.channel,
    isGroup: row.isGroup,
    disableBot: row.disableBot,
    acceptAudioMessage: row.acceptAudioMessage,
    active: row.active,
    lgpdAcceptedAt: row.lgpdAcceptedAt?.toISOString() ?? null,
    profilePicUrl: row.profilePicUrl,
    urlPicture: row.profilePicUrl,
    whatsappId: row.whatsappId,
    walletUserId: row.walletUserId,
    extraInfo: row.extraInfo,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Lean rows for pickers (GET /contacts/list). */
export function presentContactPick(row: ContactRow): ContactRefDto {
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    email: row.email,
    channel: row.channel,
    isGroup: row.isGroup,
    profilePicUrl: row.profilePicUrl,
  };
}
