import { type ChatbotOptionDto, type QueueDto, WEEKDAYS_EN } from "@inbox/shared";
import type { ChatbotRow, QueueRow } from "./repo.js";

export function presentQueue(row: QueueRow): QueueDto {
  return {
    id: row.id,
    name: row.name,
    color: row.color,
    greetingMessage: row.greetingMessage,
    outOfHoursMessage: row.outOfHoursMessage,
    orderQueue: row.orderQueue,
    closeTicket: row.closeTicket,
    ativarRoteador: row.ativarRoteador,
    tempoRoteador: row.tempoRoteador,
    integrationId: row.integrationId,
    fileListId: row.fileListId,
    // Stored as given, one entry per weekday; answered in week order whatever order they came in.
    schedules: [...row.schedules]
      .sort((a, b) => WEEKDAYS_EN.indexOf(a.weekdayEn as never) - WEEKDAYS_EN.indexOf(b.weekdayEn as never))
      .map((day) => ({
        weekday: day.weekday ?? "",
        weekdayEn: day.weekdayEn,
        startTimeA: day.startTimeA ?? "",
        endTimeA: day.endTimeA ?? "",
        startTimeB: day.startTimeB ?? "",
        endTimeB: day.endTimeB ?? "",
      })),
  };
}

function presentOption(row: ChatbotRow, children: ChatbotOptionDto[]): ChatbotOptionDto {
  return {
    id: row.id,
    queueId: row.queueId,
    chatbotId: row.chatbotId,
    name: row.name,
    greetingMessage: row.greetingMessage,
    queueType: row.queueType,
    closeTicket: row.closeTicket,
    optQueueId: row.optQueueId,
    optUserId: row.optUserId,
    optIntegrationId: row.optIntegrationId,
    optFileId: row.optFileId,
    options: children,
  };
}

/**
 * The options of `rows` (a whole subtree, ordered by id) whose parent is
 * `parentId` (null: the first level), each with its own options nested.
 */
export function presentTree(rows: ChatbotRow[], parentId: number | null): ChatbotOptionDto[] {
  const byParent = new Map<number | null, ChatbotRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.chatbotId) ?? [];
    list.push(row);
    byParent.set(row.chatbotId, list);
  }
  // Writes keep trees within CHATBOT_MAX_DEPTH levels, so the recursion is shallow.
  const build = (parent: number | null): ChatbotOptionDto[] =>
    (byParent.get(parent) ?? []).map((row) => presentOption(row, build(row.id)));
  return build(parentId);
}
