import { and, asc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/client.js";
import { preparedPer } from "../db/prepared.js";
import {
  chatbots,
  companies,
  companySettings,
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

const param = (name: "companyId" | "whatsappId") => sql.placeholder(name);

/**
 * The world's statements, prepared once per database handle (db/prepared.ts): ingest's cache
 * (runner.ts) reads a connection's world every few seconds, and planning these small statements
 * cost PostgreSQL more than running them.
 */
const worldStatements = preparedPer((db) => ({
  connection: db
    .select({
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
    })
    .from(whatsapps)
    .where(and(eq(whatsapps.companyId, param("companyId")), eq(whatsapps.id, param("whatsappId"))))
    .prepare("world_connection"),
  company: db
    .select({
      timezone: companies.timezone,
      scheduleType: companySettings.scheduleType,
      sendGreetingMessageOneQueues: companySettings.sendGreetingMessageOneQueues,
      schedules: companies.schedules,
      enableLGPD: companySettings.enableLGPD,
      lgpdConsent: companySettings.lgpdConsent,
      lgpdMessage: companySettings.lgpdMessage,
      lgpdLink: companySettings.lgpdLink,
      sendQueuePosition: companySettings.sendQueuePosition,
      sendQueuePositionMessage: companySettings.sendQueuePositionMessage,
    })
    .from(companies)
    .leftJoin(companySettings, eq(companySettings.companyId, companies.id))
    .where(eq(companies.id, param("companyId")))
    .prepare("world_company"),
  linkedQueues: db
    .select({ queueId: whatsappQueues.queueId })
    .from(whatsappQueues)
    .where(
      and(
        eq(whatsappQueues.companyId, param("companyId")),
        eq(whatsappQueues.whatsappId, param("whatsappId")),
      ),
    )
    .prepare("world_linked_queues"),
  queues: db
    .select({
      id: queues.id,
      name: queues.name,
      greetingMessage: queues.greetingMessage,
      closeTicket: queues.closeTicket,
      outOfHoursMessage: queues.outOfHoursMessage,
      schedules: queues.schedules,
      fileListId: queues.fileListId,
      integrationId: queues.integrationId,
    })
    .from(queues)
    .where(eq(queues.companyId, param("companyId")))
    .orderBy(sql`${queues.orderQueue} ASC NULLS LAST`, asc(queues.id))
    .prepare("world_queues"),
  options: db
    .select()
    .from(chatbots)
    .where(eq(chatbots.companyId, param("companyId")))
    .orderBy(asc(chatbots.id))
    .prepare("world_queue_options"),
}));

/** Everything the machine reads besides the ticket, the contact and its state. */
export async function loadWorld(
  tx: Db | Tx,
  companyId: number,
  whatsappId: number,
): Promise<WorldRest | undefined> {
  const statements = worldStatements(tx);
  const [connection] = await statements.connection.execute({ companyId, whatsappId });
  if (!connection) return undefined;
  const { greetingMediaAttachment, flowIdWelcome, flowIdNotPhrase, ...rest } = connection;
  const [company] = await statements.company.execute({ companyId });
  const linked = await statements.linkedQueues.execute({ companyId, whatsappId });
  const all = await companyQueues(statements, companyId);
  const connectionFlows = await loadConnectionFlows(tx, companyId, whatsappId, {
    welcome: flowIdWelcome,
    notPhrase: flowIdNotPhrase,
  });
  const linkedIds = new Set(linked.map((l) => l.queueId));
  return {
    timeZone: company?.timezone ?? "America/Sao_Paulo",
    connection: {
      ...rest,
      hasGreetingMedia: Boolean(greetingMediaAttachment),
      schedules: (rest.schedules ?? []) as ScheduleDay[],
      queues: all.filter((q) => linkedIds.has(q.id)),
    },
    settings: {
      scheduleType: company?.scheduleType ?? "disabled",
      sendGreetingMessageOneQueues: company?.sendGreetingMessageOneQueues === "enabled",
      companySchedules: company?.schedules ?? [],
      lgpd: {
        enabled: company?.enableLGPD === "enabled",
        consent: company?.lgpdConsent === "enabled",
        message: company?.lgpdMessage ?? null,
        link: company?.lgpdLink ?? null,
      },
      queuePositionMessage:
        company?.sendQueuePosition === "enabled" ? (company.sendQueuePositionMessage ?? null) : null,
      outOfHoursRepeatMinutes: OUT_OF_HOURS_REPEAT_MINUTES,
    },
    queuesById: new Map(all.map((q) => [q.id, q])),
    ...(connectionFlows ? { connectionFlows } : {}),
  };
}

/** The company's queues in menu order, each with its chatbot option tree. */
async function companyQueues(
  statements: ReturnType<typeof worldStatements>,
  companyId: number,
): Promise<QueueInfo[]> {
  const rows = await statements.queues.execute({ companyId });
  const options = await statements.options.execute({ companyId });
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
