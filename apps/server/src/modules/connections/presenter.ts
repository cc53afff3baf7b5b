import type { ConnectionDto } from "@inbox/shared";
import type { ConnectionWithQueues } from "./repo.js";

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
    queues: row.queues,
    phoneNumberId: row.phoneNumberId,
    wabaId: row.wabaId,
    pageId: row.pageId,
    instagramId: row.instagramId,
    verifyToken: options.forManager ? row.verifyToken : null,
    webhookUrl: options.forManager ? webhookUrl : null,
    accessTokenHint: row.accessToken ? `…${row.accessToken.slice(-4)}` : null,
    appSecretSet: Boolean(row.appSecret),
    updatedAt: row.updatedAt.toISOString(),
  };
}
