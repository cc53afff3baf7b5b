import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import type { Db } from "../src/db/client.js";
import {
  campaignShippings,
  campaigns,
  chatbots,
  companies,
  contactCustomFields,
  contactListImports,
  contactListItems,
  contactLists,
  contactTags,
  fileListOptions,
  fileLists,
  flowCampaigns,
  flows,
  invoices,
  messages,
  prompts,
  queueIntegrations,
  quickMessages,
  schedules,
  tags,
  ticketNotes,
  ticketTags,
  userQueues,
  whatsappQueues,
  type whatsapps,
} from "../src/db/schema/index.js";
import { buildConnection, buildContact, buildQueue, buildTicket, buildUser, unique } from "./factories.js";
import { uniqueDueDate } from "./payments.js";

/** A 1x1 PNG. */
export const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

/** The records a World holds, by kind. */
export type WorldKind =
  | "contact"
  | "connection"
  | "queue"
  | "user"
  | "tag"
  | "ticket"
  | "message"
  | "company"
  | "customField"
  | "schedule"
  | "ticketNote"
  | "chatbot"
  | "invoice"
  | "contactList"
  | "contactListItem"
  | "contactListImport"
  | "fileList"
  | "fileListOption"
  | "campaign"
  | "flow"
  | "flowCampaign"
  | "queueIntegration"
  | "prompt";

/** One company's records, one of each kind, and the strings that only they hold. */
export interface World {
  companyId: number;
  ids: Record<WorldKind, number>;
  ticketUuid: string;
  connection: typeof whatsapps.$inferSelect;
  mediaPath: string;
  /** An answer or a row of another company holding one of these revealed or copied this company's data. */
  secrets: string[];
}

export async function buildWorld(db: Db, companyId: number, storageRoot: string): Promise<World> {
  const mark = unique("secret");
  const digits = `${Date.now()}${Math.floor(Math.random() * 1e4)}`.slice(-12);
  const queue = await buildQueue(db, companyId, { name: `${mark}-queue` });
  const user = await buildUser(db, companyId, { name: `${mark}-user`, email: `${mark}@example.com` });
  await db.insert(userQueues).values({ companyId, userId: user.id, queueId: queue.id });
  const connection = await buildConnection(db, companyId, {
    name: `${mark}-connection`,
    channel: "whatsappapi",
    status: "CONNECTED",
    phoneNumberId: `pn${digits}`,
    wabaId: `waba${digits}`,
    pageId: `page${digits}`,
    instagramId: `ig${digits}`,
    accessToken: `${mark}-token`,
    appSecret: "s",
  });
  await db.insert(whatsappQueues).values({ companyId, whatsappId: connection.id, queueId: queue.id });
  const [option] = await db
    .insert(chatbots)
    .values({ companyId, queueId: queue.id, name: `${mark}-option`, greetingMessage: `${mark}-bot` })
    .returning();
  const contact = await buildContact(db, companyId, {
    name: `${mark}-contact`,
    number: `55${digits}`,
    channel: "whatsapp",
    whatsappId: connection.id,
  });
  const [field] = await db
    .insert(contactCustomFields)
    .values({ companyId, contactId: contact.id, name: "cpf", value: `${mark}-field` })
    .returning();
  const [tag] = await db
    .insert(tags)
    .values({ companyId, name: `${mark}-tag`, color: "#123456" })
    .returning();
  await db.insert(contactTags).values({ companyId, contactId: contact.id, tagId: tag!.id });
  const ticket = await buildTicket(db, companyId, {
    contactId: contact.id,
    whatsappId: connection.id,
    queueId: queue.id,
    userId: user.id,
    status: "pending",
    unreadMessages: 1,
  });
  await db.insert(ticketTags).values({ companyId, ticketId: ticket.id, tagId: tag!.id });
  const mediaPath = `/public/company${companyId}/media/${mark}.png`;
  mkdirSync(join(storageRoot, `company${companyId}`, "media"), { recursive: true });
  writeFileSync(join(storageRoot, mediaPath.slice("/public/".length)), png);
  const [message] = await db
    .insert(messages)
    .values({
      companyId,
      ticketId: ticket.id,
      contactId: contact.id,
      whatsappId: connection.id,
      body: `${mark}-message`,
      mediaType: "image",
      mediaUrl: mediaPath,
      providerMessageId: `wamid.${mark}`,
    })
    .returning();
  const [note] = await db
    .insert(ticketNotes)
    .values({ companyId, ticketId: ticket.id, contactId: contact.id, userId: user.id, note: `${mark}-note` })
    .returning();
  await db
    .insert(quickMessages)
    .values({ companyId, shortcode: `${mark}-qm`, message: `${mark}-quick`, userId: user.id });
  const [schedule] = await db
    .insert(schedules)
    .values({
      companyId,
      contactId: contact.id,
      ticketId: ticket.id,
      whatsappId: connection.id,
      userId: user.id,
      body: `${mark}-schedule`,
      sendAt: new Date(Date.now() + 3_600_000),
    })
    .returning();
  const [contactList] = await db
    .insert(contactLists)
    .values({ companyId, name: `${mark}-list` })
    .returning();
  const [contactListItem] = await db
    .insert(contactListItems)
    .values({ companyId, contactListId: contactList!.id, name: `${mark}-item`, number: contact.number })
    .returning();
  const [contactListImport] = await db
    .insert(contactListImports)
    .values({ companyId, contactListId: contactList!.id, fileName: `${mark}.xlsx`, status: "done" })
    .returning();
  const [fileList] = await db
    .insert(fileLists)
    .values({ companyId, name: `${mark}-files`, message: `${mark}-file-message`, userId: user.id })
    .returning();
  const [fileListOption] = await db
    .insert(fileListOptions)
    .values({ companyId, fileListId: fileList!.id, name: `${mark}-file-option`, path: mediaPath })
    .returning();
  const [flow] = await db
    .insert(flows)
    .values({
      companyId,
      name: `${mark}-flow`,
      nodes: [
        { id: `${mark}-node`, type: "start", position: { x: 0, y: 0 }, data: { label: `${mark}-start` } },
      ],
    })
    .returning();
  const [queueIntegration] = await db
    .insert(queueIntegrations)
    .values({ companyId, name: `${mark}-integration`, type: "webhook", urlN8N: "http://127.0.0.1:9/hook" })
    .returning();
  const [prompt] = await db
    .insert(prompts)
    .values({
      companyId,
      name: `${mark}-prompt`,
      apiKey: `${mark}-prompt-key`,
      prompt: `${mark}-prompt-text`,
      queueId: queue.id,
    })
    .returning();
  const [flowCampaign] = await db
    .insert(flowCampaigns)
    .values({
      companyId,
      name: `${mark}-phrase`,
      flowId: flow!.id,
      whatsappId: connection.id,
      phrase: `${mark}-phrase`,
    })
    .returning();
  const [campaign] = await db
    .insert(campaigns)
    .values({
      companyId,
      name: `${mark}-campaign`,
      message1: `${mark}-campaign-message`,
      contactListId: contactList!.id,
      whatsappId: connection.id,
    })
    .returning();
  await db.insert(campaignShippings).values({
    companyId,
    campaignId: campaign!.id,
    number: contact.number,
    name: `${mark}-shipping`,
    contactId: contact.id,
  });
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  const [invoice] = await db
    .insert(invoices)
    .values({
      companyId,
      detail: `${mark}-invoice`,
      users: 3,
      connections: 3,
      queues: 3,
      value: "49.00",
      dueDate: uniqueDueDate(),
    })
    .returning();
  return {
    companyId,
    ids: {
      contact: contact.id,
      connection: connection.id,
      queue: queue.id,
      user: user.id,
      tag: tag!.id,
      ticket: ticket.id,
      message: message!.id,
      company: companyId,
      customField: field!.id,
      schedule: schedule!.id,
      ticketNote: note!.id,
      chatbot: option!.id,
      invoice: invoice!.id,
      contactList: contactList!.id,
      contactListItem: contactListItem!.id,
      contactListImport: contactListImport!.id,
      fileList: fileList!.id,
      fileListOption: fileListOption!.id,
      campaign: campaign!.id,
      flow: flow!.id,
      flowCampaign: flowCampaign!.id,
      queueIntegration: queueIntegration!.id,
      prompt: prompt!.id,
    },
    ticketUuid: ticket.uuid,
    connection,
    mediaPath,
    secrets: [mark, contact.number, `/company${companyId}/`, company!.name],
  };
}
