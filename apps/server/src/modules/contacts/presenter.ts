import { type ContactDto, type ContactRefDto, maskNumber } from "@inbox/shared";
import type { ContactRow, ContactWithRefs } from "./repo.js";

/** The only way a contact leaves the server; `masked` applies LGPD's hidden numbers. */
export function presentContact(row: ContactWithRefs, options: { masked: boolean }): ContactDto {
  return {
    id: row.id,
    companyId: row.companyId,
    name: row.name,
    number: options.masked ? maskNumber(row.number) : row.number,
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
    extraInfo: row.extraInfo,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Lean rows for pickers (GET /contacts/list). */
export function presentContactPick(row: ContactRow, options: { masked: boolean }): ContactRefDto {
  return {
    id: row.id,
    name: row.name,
    number: options.masked ? maskNumber(row.number) : row.number,
    email: row.email,
    channel: row.channel,
    isGroup: row.isGroup,
    profilePicUrl: row.profilePicUrl,
  };
}
