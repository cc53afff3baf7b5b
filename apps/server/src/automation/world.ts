import { sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { fromJsonRow, jsonColumns } from "../db/json-rows.js";
import { fixedStatement } from "../db/prepared.js";
import {
  chatbots,
  companies,
  companySettings,
  flowCampaigns,
  queueIntegrations,
  queues,
  whatsappQueues,
  whatsapps,
} from "../db/schema/index.js";
import { type ConnectionFlows, loadConnectionFlows } from "./flow-world.js";
import type { ScheduleDay } from "./hours.js";
import type { OptionNode, QueueInfo, World } from "./machine-types.js";
import { OUT_OF_HOURS_REPEAT_MINUTES } from "./repo.js";

/**
 * The connection's and company's side of the machine's world: everything but the clock, the ticket
 * and the contact, and of the flows only the connection's (the walk in progress is the ticket's).
 */
export type WorldRest = Omit<World, "now" | "ticket" | "contact" | "flows"> & {
  connectionFlows?: ConnectionFlows;
};

const connectionColumns = jsonColumns({
  name: whatsapps.name,
  greetingMessage: whatsapps.greetingMessage,
  outOfHoursMessage: whatsapps.outOfHoursMessage,
  schedules: whatsapps.schedules,
  maxUseBotQueues: whatsapps.maxUseBotQueues,
  timeUseBotQueues: whatsapps.timeUseBotQueues,
  timeSendQueue: whatsapps.timeSendQueue,
  sendIdQueue: whatsapps.sendIdQueue,
  collectiveVacationStart: whatsapps.collectiveVacationStart,
  collectiveVacationEnd: whatsapps.collectiveVacationEnd,
  collectiveVacationMessage: whatsapps.collectiveVacationMessage,
  ratingMessage: whatsapps.ratingMessage,
  complationMessage: whatsapps.complationMessage,
  expiresTicketNPS: whatsapps.expiresTicketNPS,
  maxUseBotQueuesNPS: whatsapps.maxUseBotQueuesNPS,
  greetingMediaAttachment: whatsapps.greetingMediaAttachment,
  promptId: whatsapps.promptId,
  integrationId: whatsapps.integrationId,
  flowIdWelcome: whatsapps.flowIdWelcome,
  flowIdNotPhrase: whatsapps.flowIdNotPhrase,
});
const companyColumns = jsonColumns({ timezone: companies.timezone, schedules: companies.schedules });
const settingsColumns = jsonColumns({
  scheduleType: companySettings.scheduleType,
  sendGreetingMessageOneQueues: companySettings.sendGreetingMessageOneQueues,
  enableLGPD: companySettings.enableLGPD,
  lgpdConsent: companySettings.lgpdConsent,
  lgpdMessage: companySettings.lgpdMessage,
  lgpdLink: companySettings.lgpdLink,
  sendQueuePosition: companySettings.sendQueuePosition,
  sendQueuePositionMessage: companySettings.sendQueuePositionMessage,
});
const queueColumns = jsonColumns({
  id: queues.id,
  name: queues.name,
  greetingMessage: queues.greetingMessage,
  closeTicket: queues.closeTicket,
  outOfHoursMessage: queues.outOfHoursMessage,
  schedules: queues.schedules,
  fileListId: queues.fileListId,
  integrationId: queues.integrationId,
});
const phraseColumns = jsonColumns({ phrase: flowCampaigns.phrase, flowId: flowCampaigns.flowId });
const integrationColumns = jsonColumns({
  id: queueIntegrations.id,
  projectName: queueIntegrations.projectName,
});

type Json = Record<string, unknown>;

/**
 * The whole world in one round trip (a fixed statement, db/prepared.ts): ingest's cache (runner.ts)
 * reads each connection's world every few seconds, and as seven small statements the round trips
 * cost more than the reads. Each part is a subquery by the company's key (and the connection's),
 * so its generic plan stays a handful of index lookups.
 */
const worldStatement = fixedStatement<{
  connection: Json;
  company: Json | null;
  settings: Json | null;
  linked: number[];
  queues: Json[];
  options: Json[];
  phrases: Json[];
  integrations: Json[];
}>(
  "automation_world",
  () => sql`
    SELECT ${connectionColumns.sql} AS connection,
      (SELECT ${companyColumns.sql} FROM ${companies} WHERE ${companies.id} = ${whatsapps.companyId}) AS company,
      (SELECT ${settingsColumns.sql} FROM ${companySettings}
        WHERE ${companySettings.companyId} = ${whatsapps.companyId}) AS settings,
      (SELECT coalesce(json_agg(${whatsappQueues.queueId}), '[]') FROM ${whatsappQueues}
        WHERE ${whatsappQueues.companyId} = ${whatsapps.companyId}
          AND ${whatsappQueues.whatsappId} = ${whatsapps.id}) AS linked,
      (SELECT coalesce(json_agg(${queueColumns.sql} ORDER BY ${queues.orderQueue} ASC NULLS LAST, ${queues.id}), '[]')
        FROM ${queues} WHERE ${queues.companyId} = ${whatsapps.companyId}) AS queues,
      (SELECT coalesce(json_agg(row_to_json(${chatbots}.*) ORDER BY ${chatbots.id}), '[]')
        FROM ${chatbots} WHERE ${chatbots.companyId} = ${whatsapps.companyId}) AS options,
      (SELECT coalesce(json_agg(${phraseColumns.sql} ORDER BY ${flowCampaigns.id}), '[]') FROM ${flowCampaigns}
        WHERE ${flowCampaigns.companyId} = ${whatsapps.companyId}
          AND ${flowCampaigns.whatsappId} = ${whatsapps.id} AND ${flowCampaigns.status}) AS phrases,
      (SELECT coalesce(json_agg(${integrationColumns.sql} ORDER BY ${queueIntegrations.id}), '[]')
        FROM ${queueIntegrations}
        WHERE ${queueIntegrations.companyId} = ${whatsapps.companyId}
          AND ${queueIntegrations.type} = 'flowbuilder') AS integrations
    FROM ${whatsapps}
    WHERE ${whatsapps.companyId} = ${sql.placeholder("companyId")} AND ${whatsapps.id} = ${sql.placeholder("whatsappId")}`,
);

/** Everything the machine reads besides the ticket, the contact and its state. */
export async function loadWorld(
  tx: Db | Tx,
  companyId: number,
  whatsappId: number,
): Promise<WorldRest | undefined> {
  const [row] = await worldStatement(tx, { companyId, whatsappId });
  if (!row) return undefined;
  const { greetingMediaAttachment, flowIdWelcome, flowIdNotPhrase, ...rest } = connectionColumns.read(
    row.connection,
  );
  const company = row.company ? companyColumns.read(row.company) : undefined;
  const settings = row.settings ? settingsColumns.read(row.settings) : undefined;
  const all = companyQueues(
    row.queues.map((q) => queueColumns.read(q)),
    row.options.map((o) => fromJsonRow(chatbots, o)),
  );
  const connectionFlows = await loadConnectionFlows(tx, companyId, {
    welcome: flowIdWelcome,
    notPhrase: flowIdNotPhrase,
    phrases: row.phrases.map((p) => phraseColumns.read(p)),
    integrations: row.integrations.map((i) => integrationColumns.read(i)),
  });
  const linkedIds = new Set(row.linked);
  return {
    timeZone: company?.timezone ?? "America/Sao_Paulo",
    connection: {
      ...rest,
      hasGreetingMedia: Boolean(greetingMediaAttachment),
      schedules: (rest.schedules ?? []) as ScheduleDay[],
      queues: all.filter((q) => linkedIds.has(q.id)),
    },
    settings: {
      scheduleType: settings?.scheduleType ?? "disabled",
      sendGreetingMessageOneQueues: settings?.sendGreetingMessageOneQueues === "enabled",
      companySchedules: company?.schedules ?? [],
      lgpd: {
        enabled: settings?.enableLGPD === "enabled",
        consent: settings?.lgpdConsent === "enabled",
        message: settings?.lgpdMessage ?? null,
        link: settings?.lgpdLink ?? null,
      },
      queuePositionMessage:
        settings?.sendQueuePosition === "enabled" ? (settings.sendQueuePositionMessage ?? null) : null,
      outOfHoursRepeatMinutes: OUT_OF_HOURS_REPEAT_MINUTES,
    },
    queuesById: new Map(all.map((q) => [q.id, q])),
    ...(connectionFlows ? { connectionFlows } : {}),
  };
}

/** The company's queues in menu order, each with its chatbot option tree. */
function companyQueues(
  rows: ReturnType<typeof queueColumns.read>[],
  options: (typeof chatbots.$inferSelect)[],
): QueueInfo[] {
  const nodes = new Map<number, OptionNode>(
    options.map((o) => [
      o.id,
      {
        id: o.id,
        name: o.name,
        greetingMessage: o.greetingMessage,
        queueType: o.queueType,
        closeTicket: o.closeTicket,
        optQueueId: o.optQueueId,
        optUserId: o.optUserId,
        optIntegrationId: o.optIntegrationId,
        optFileId: o.optFileId,
        options: [],
      },
    ]),
  );
  const topLevel = new Map<number, OptionNode[]>();
  for (const o of options) {
    const node = nodes.get(o.id) as OptionNode;
    if (o.chatbotId !== null) nodes.get(o.chatbotId)?.options.push(node);
    else if (o.queueId !== null) topLevel.set(o.queueId, [...(topLevel.get(o.queueId) ?? []), node]);
  }
  return rows.map((q) => ({
    ...q,
    schedules: (q.schedules ?? []) as ScheduleDay[],
    options: topLevel.get(q.id) ?? [],
  }));
}
