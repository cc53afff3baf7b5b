import type { ConnectionDto, ConnectionScheduleDay } from "@inbox/shared";
import { fileUrl } from "../../storage/file-url.js";
import type { ConnectionRow, ConnectionWithQueues } from "./repo.js";

/** Secrets leave only as a "set" flag and the last 4 characters of the token. */
export function presentConnection(
  row: ConnectionWithQueues,
  publicUrl: string,
  options: { forManager: boolean },
): ConnectionDto {
  const webhookUrl =
    row.webhookKey && row.channel !== "whatsapp" ? `${publicUrl}/webhooks/meta/${row.webhookKey}` : null;
  return {
    id: row.id,
    name: row.name,
    channel: row.channel,
    status: row.status,
    qrcode: row.qrcode,
    number: row.number,
    isDefault: row.isDefault,
    allowGroup: row.allowGroup,
    groupAsTicket: row.groupAsTicket,
    greetingMessage: row.greetingMessage,
    complationMessage: row.complationMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    ratingMessage: row.ratingMessage,
    inactiveMessage: row.inactiveMessage,
    maxUseBotQueues: row.maxUseBotQueues,
    timeUseBotQueues: row.timeUseBotQueues,
    timeSendQueue: row.timeSendQueue,
    sendIdQueue: row.sendIdQueue,
    expiresTicket: row.expiresTicket,
    whenExpiresTicket: row.whenExpiresTicket,
    expiresTicketNPS: row.expiresTicketNPS,
    maxUseBotQueuesNPS: row.maxUseBotQueuesNPS,
    expiresInactiveMessage: row.expiresInactiveMessage,
    timeInactiveMessage: row.timeInactiveMessage,
    timeCreateNewTicket: row.timeCreateNewTicket,
    greetingMediaAttachment: fileUrl(row.greetingMediaAttachment),
    greetingMediaName: row.greetingMediaName,
    greetingMediaType: row.greetingMediaType,
    queues: row.queues,
    phoneNumberId: row.phoneNumberId,
    wabaId: row.wabaId,
    pageId: row.pageId,
    instagramId: row.instagramId,
    verifyToken: options.forManager ? row.verifyToken : null,
    webhookUrl: options.forManager ? webhookUrl : null,
    accessTokenHint: row.accessToken ? `…${row.accessToken.slice(-4)}` : null,
    appSecretSet: Boolean(row.appSecret),
    token: options.forManager ? row.token : null,
    provider: row.provider,
    schedules: (row.schedules ?? []) as ConnectionScheduleDay[],
    importOldMessages: row.importOldMessages?.toISOString() ?? null,
    importRecentMessages: row.importRecentMessages?.toISOString() ?? null,
    importOldMessagesGroups: row.importOldMessagesGroups,
    closedTicketsPostImported: row.closedTicketsPostImported,
    queueIdImportMessages: row.queueIdImportMessages,
    statusImportMessages: row.statusImportMessages,
    collectiveVacationStart: row.collectiveVacationStart?.toISOString() ?? null,
    collectiveVacationEnd: row.collectiveVacationEnd?.toISOString() ?? null,
    collectiveVacationMessage: row.collectiveVacationMessage,
    promptId: row.promptId,
    integrationId: row.integrationId,
    flowIdWelcome: row.flowIdWelcome,
    flowIdNotPhrase: row.flowIdNotPhrase,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * A connection of any company for the platform owner (GET /whatsapp/all, or GET /whatsapp with
 * another company's id): what it is and its state, nothing that acts on it. No token or its hint,
 * no QR code (it would pair the owner's phone with the tenant's session), no webhook or verify token.
 */
export function presentForPlatform(
  row: ConnectionRow & { queues?: ConnectionWithQueues["queues"] },
  publicUrl: string,
): ConnectionDto {
  return {
    ...presentConnection({ ...row, queues: row.queues ?? [] }, publicUrl, { forManager: false }),
    qrcode: null,
    accessTokenHint: null,
  };
}
