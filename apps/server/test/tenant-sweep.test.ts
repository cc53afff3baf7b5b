import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { type MetaSim, startMetaSim } from "@inbox/meta-sim";
import { CHATBOT_MAX_DEPTH } from "@inbox/shared";
import { eq, getTableColumns, is, sql } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Db } from "../src/db/client.js";
import * as schema from "../src/db/schema/index.js";
import {
  chatbots,
  chatMessages,
  chats,
  chatUsers,
  companies,
  companySettings,
  contactCustomFields,
  contactListImports,
  contactListItems,
  contactLists,
  contacts,
  contactTags,
  messages,
  queues,
  schedules,
  settings,
  tags,
  ticketLogs,
  ticketNotes,
  tickets,
  ticketTags,
  userQueues,
  users,
  whatsappQueues,
  whatsapps,
} from "../src/db/schema/index.js";
import {
  buildAdmin,
  buildCompany,
  buildConnection,
  buildContact,
  buildQueue,
  buildTicket,
  buildUser,
  login,
  type Session,
  unique,
} from "./factories.js";
import { startTestServer, type TestServer } from "./harness.js";
import {
  buildInvoice,
  checkoutData,
  ensurePlatformCompany,
  setPlatformSetting,
  uniqueDueDate,
} from "./payments.js";
import { buildWorld, png, type World } from "./world.js";

/**
 * Every private route that names a record in its path, asked by an admin of
 * another company, must answer 403 or 404 and change nothing. Routes declare
 * what their params name (`config.owner`); a route without it fails here, so
 * new routes cannot skip the sweep.
 */

interface Fixture {
  /** Values for the route's params, all naming records of company A. */
  params: Record<string, number | string>;
  /** Everything about the record a request could change. */
  snapshot(): Promise<unknown>;
}

const owners: Record<string, (db: Db, companyId: number) => Promise<Fixture>> = {
  async user(db, companyId) {
    const queue = await buildQueue(db, companyId);
    const user = await buildUser(db, companyId);
    await db.insert(userQueues).values({ companyId, userId: user.id, queueId: queue.id });
    return {
      params: { id: user.id },
      snapshot: async () => ({
        user: await db.select().from(users).where(eq(users.id, user.id)),
        queues: await db.select().from(userQueues).where(eq(userQueues.userId, user.id)),
      }),
    };
  },
};

owners.connection = async (db, companyId) => {
  const queue = await buildQueue(db, companyId);
  const connection = await buildConnection(db, companyId, {
    channel: "whatsappapi",
    accessToken: "secret-token",
    appSecret: "s",
  });
  await db.insert(whatsappQueues).values({ companyId, whatsappId: connection.id, queueId: queue.id });
  return {
    params: { id: connection.id },
    snapshot: async () => ({
      connection: await db.select().from(whatsapps).where(eq(whatsapps.id, connection.id)),
      queues: await db.select().from(whatsappQueues).where(eq(whatsappQueues.whatsappId, connection.id)),
    }),
  };
};

owners.ticket = async (db, companyId) => {
  const queue = await buildQueue(db, companyId);
  const ticket = await buildTicket(db, companyId, {
    status: "pending",
    queueId: queue.id,
    unreadMessages: 2,
  });
  await db.insert(messages).values({ companyId, ticketId: ticket.id, body: "secret conversation" });
  return {
    params: { id: ticket.id, ticketId: ticket.id, uuid: ticket.uuid },
    snapshot: async () => ({
      ticket: await db.select().from(tickets).where(eq(tickets.id, ticket.id)),
      messages: await db.select().from(messages).where(eq(messages.ticketId, ticket.id)),
      logs: await db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id)),
    }),
  };
};

owners.contact = async (db, companyId) => {
  const number = `55119${String(Date.now()).slice(-8)}`;
  const contact = await buildContact(db, companyId, { number, channel: "whatsapp" });
  await buildTicket(db, companyId, { contactId: contact.id, status: "pending" });
  const [tag] = await db
    .insert(tags)
    .values({ companyId, name: unique("tag"), color: "#111111" })
    .returning();
  await db.insert(contactTags).values({ companyId, contactId: contact.id, tagId: tag!.id });
  await db
    .insert(contactCustomFields)
    .values({ companyId, contactId: contact.id, name: "cpf", value: "secret" });
  return {
    params: { id: contact.id, contactId: contact.id, number },
    snapshot: async () => ({
      contact: await db.select().from(contacts).where(eq(contacts.id, contact.id)),
      tickets: await db.select().from(tickets).where(eq(tickets.contactId, contact.id)),
      fields: await db
        .select()
        .from(contactCustomFields)
        .where(eq(contactCustomFields.contactId, contact.id)),
      tags: await db.select().from(contactTags).where(eq(contactTags.contactId, contact.id)),
    }),
  };
};

owners.ticketTag = async (db, companyId) => {
  const ticket = await buildTicket(db, companyId, { status: "open" });
  const [lane] = await db
    .insert(tags)
    .values({ companyId, name: unique("lane"), color: "#222222", kanban: 1 })
    .returning();
  // Another lane with a greeting and a timer: a move across tenants would replace, log and greet.
  const [other] = await db
    .insert(tags)
    .values({
      companyId,
      name: unique("lane"),
      color: "#333333",
      kanban: 1,
      timeLane: 1,
      nextLaneId: lane!.id,
      greetingMessageLane: "hello from the lane",
    })
    .returning();
  await db.insert(ticketTags).values({ companyId, ticketId: ticket.id, tagId: lane!.id });
  return {
    params: { id: ticket.id, ticketId: ticket.id, tagId: other!.id },
    snapshot: async () => ({
      ticket: await db.select().from(tickets).where(eq(tickets.id, ticket.id)),
      tags: await db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id)),
      logs: await db.select().from(ticketLogs).where(eq(ticketLogs.ticketId, ticket.id)),
      messages: await db.select().from(messages).where(eq(messages.ticketId, ticket.id)),
    }),
  };
};

/** A kanban tag pointed at by another lane, with a contact and an open ticket carrying it. */
async function tagWithLinks(db: Db, companyId: number) {
  const [tag] = await db
    .insert(tags)
    .values({ companyId, name: unique("lane"), color: "#444444", kanban: 1, timeLane: 2 })
    .returning();
  const [pointing] = await db
    .insert(tags)
    .values({ companyId, name: unique("lane"), color: "#555555", kanban: 1, nextLaneId: tag!.id })
    .returning();
  const contact = await buildContact(db, companyId);
  await db.insert(contactTags).values({ companyId, contactId: contact.id, tagId: tag!.id });
  const ticket = await buildTicket(db, companyId, { status: "open", contactId: contact.id });
  await db.insert(ticketTags).values({ companyId, ticketId: ticket.id, tagId: tag!.id });
  return {
    tag: tag!,
    contact,
    snapshot: async () => ({
      tag: await db.select().from(tags).where(eq(tags.id, tag!.id)),
      pointing: await db.select().from(tags).where(eq(tags.id, pointing!.id)),
      contacts: await db.select().from(contactTags).where(eq(contactTags.tagId, tag!.id)),
      tickets: await db.select().from(ticketTags).where(eq(ticketTags.tagId, tag!.id)),
    }),
  };
}

owners.tag = async (db, companyId) => {
  const { tag, snapshot } = await tagWithLinks(db, companyId);
  return { params: { id: tag.id, tagId: tag.id }, snapshot };
};

owners.contactTag = async (db, companyId) => {
  const { tag, contact, snapshot } = await tagWithLinks(db, companyId);
  return { params: { tagId: tag.id, contactId: contact.id }, snapshot };
};

owners.ticketNote = async (db, companyId) => {
  const ticket = await buildTicket(db, companyId);
  const [note] = await db
    .insert(ticketNotes)
    .values({ companyId, ticketId: ticket.id, contactId: ticket.contactId, note: "secret note" })
    .returning();
  return {
    params: { id: note!.id },
    snapshot: () => db.select().from(ticketNotes).where(eq(ticketNotes.id, note!.id)),
  };
};

owners.setting = async (db, companyId) => {
  const key = unique("sweepSetting");
  await db.insert(settings).values({ companyId, key, value: "secret" });
  return {
    params: { key },
    snapshot: () => db.select().from(settings).where(eq(settings.key, key)),
  };
};

owners.company = async (db, companyId) => ({
  params: { id: companyId },
  snapshot: async () => ({
    settings: await db.select().from(companySettings).where(eq(companySettings.companyId, companyId)),
    company: await db.select().from(companies).where(eq(companies.id, companyId)),
  }),
});

/**
 * A plan is platform data, not a tenant's: here company A's plan. Only super users change plans, so
 * company B's (non-super) admin is refused (403) like any other caller who is not the platform owner.
 */
owners.plan = async (db, companyId) => {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  return {
    params: { id: company!.planId },
    snapshot: () => db.select().from(schema.plans).where(eq(schema.plans.id, company!.planId)),
  };
};

/** A help video is platform data, like a plan: only super users change it, so company B's admin gets 403. */
owners.help = async (db) => {
  const [help] = await db
    .insert(schema.helps)
    .values({ title: unique("Ajuda"), description: "secret", video: "dQw4w9WgXcQ" })
    .returning();
  return {
    params: { id: help!.id },
    snapshot: () => db.select().from(schema.helps).where(eq(schema.helps.id, help!.id)),
  };
};

/** An open invoice of company A and its company's due date (GET /invoices/{id}; PUT /invoices/{id}/paid: super users only). */
owners.invoice = async (db, companyId) => {
  const invoice = await buildInvoice(db, companyId, { dueDate: uniqueDueDate() });
  return {
    params: { id: invoice.id },
    snapshot: async () => ({
      invoice: await db.select().from(schema.invoices).where(eq(schema.invoices.id, invoice.id)),
      company: await db
        .select({ dueDate: companies.dueDate })
        .from(companies)
        .where(eq(companies.id, companyId)),
    }),
  };
};

/** A pending PIX charge of company A (GET /subscription/check/{id} asks the provider about it). */
owners.paymentCharge = async (db, companyId) => {
  const invoice = await buildInvoice(db, companyId, { dueDate: uniqueDueDate() });
  const [charge] = await db
    .insert(schema.paymentCharges)
    .values({
      companyId,
      invoiceId: invoice.id,
      provider: "embedded",
      txid: randomUUID().replaceAll("-", "").slice(0, 25),
      amount: "49.00",
      code: "000201-secret-code",
    })
    .returning();
  return {
    params: { id: charge!.id },
    snapshot: async () => ({
      charge: await db.select().from(schema.paymentCharges).where(eq(schema.paymentCharges.id, charge!.id)),
      invoice: await db.select().from(schema.invoices).where(eq(schema.invoices.id, invoice.id)),
    }),
  };
};

owners.message = async (db, companyId) => {
  const ticket = await buildTicket(db, companyId, { status: "open" });
  const [message] = await db
    .insert(messages)
    .values({
      companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      body: "secret message",
      fromMe: true,
      providerMessageId: `wamid.sweep-${ticket.id}`,
    })
    .returning();
  return {
    params: { id: message!.id },
    snapshot: () => db.select().from(messages).where(eq(messages.ticketId, ticket.id)),
  };
};

/** A received audio, named by its stored file (GET /messages/transcribeAudio/{file}). */
owners.mediaFile = async (db, companyId) => {
  const ticket = await buildTicket(db, companyId, { status: "open" });
  const file = `sweep-${ticket.id}.ogg`;
  await db.insert(messages).values({
    companyId,
    ticketId: ticket.id,
    contactId: ticket.contactId,
    mediaType: "audio",
    mediaUrl: `/public/company${companyId}/media/${file}`,
  });
  return {
    params: { file },
    snapshot: () => db.select().from(messages).where(eq(messages.ticketId, ticket.id)),
  };
};

/** A pending schedule with an attachment, made from a ticket. */
owners.schedule = async (db, companyId) => {
  const ticket = await buildTicket(db, companyId, { status: "open" });
  const [schedule] = await db
    .insert(schedules)
    .values({
      companyId,
      contactId: ticket.contactId,
      ticketId: ticket.id,
      body: "secret schedule",
      sendAt: new Date(Date.now() + 3_600_000),
      mediaPath: `/public/company${companyId}/schedules/secret.png`,
      mediaName: "secret.png",
    })
    .returning();
  return {
    params: { id: schedule!.id },
    snapshot: () => db.select().from(schedules).where(eq(schedules.id, schedule!.id)),
  };
};

/** An internal chat of two users with a message. */
owners.chat = async (db, companyId) => {
  const owner = await buildUser(db, companyId);
  const member = await buildUser(db, companyId);
  const [chat] = await db
    .insert(chats)
    .values({ companyId, title: "secret chat", ownerId: owner.id })
    .returning();
  await db.insert(chatUsers).values([
    { companyId, chatId: chat!.id, userId: owner.id },
    { companyId, chatId: chat!.id, userId: member.id, unreads: 1 },
  ]);
  await db
    .insert(chatMessages)
    .values({ companyId, chatId: chat!.id, senderId: owner.id, message: "secret" });
  return {
    params: { id: chat!.id },
    snapshot: async () => ({
      chat: await db.select().from(chats).where(eq(chats.id, chat!.id)),
      users: await db.select().from(chatUsers).where(eq(chatUsers.chatId, chat!.id)),
      messages: await db.select().from(chatMessages).where(eq(chatMessages.chatId, chat!.id)),
    }),
  };
};

owners.quickMessage = async (db, companyId) => {
  const author = await buildUser(db, companyId);
  const [quick] = await db
    .insert(schema.quickMessages)
    .values({
      companyId,
      shortcode: unique("secret"),
      message: "secret quick message",
      geral: true,
      userId: author.id,
      mediaPath: `/public/company${companyId}/quickMessage/secret.png`,
      mediaName: "secret.png",
    })
    .returning();
  return {
    params: { id: quick!.id },
    snapshot: () => db.select().from(schema.quickMessages).where(eq(schema.quickMessages.id, quick!.id)),
  };
};

/** A contact list with an item and a finished import (its refused rows carry a number). */
async function contactListWithItem(db: Db, companyId: number) {
  const [list] = await db.insert(contactLists).values({ companyId, name: "Lista secreta" }).returning();
  const [item] = await db
    .insert(contactListItems)
    .values({
      companyId,
      contactListId: list!.id,
      name: "Pessoa secreta",
      number: `55119${Date.now()}`.slice(0, 13),
    })
    .returning();
  const [run] = await db
    .insert(contactListImports)
    .values({
      companyId,
      contactListId: list!.id,
      fileName: "secreta.xlsx",
      status: "done",
      refused: [{ line: 2, reason: "NAME_REQUIRED", number: "5511900000000" }],
    })
    .returning();
  const snapshot = async () => ({
    list: await db.select().from(contactLists).where(eq(contactLists.id, list!.id)),
    items: await db.select().from(contactListItems).where(eq(contactListItems.contactListId, list!.id)),
    imports: await db.select().from(contactListImports).where(eq(contactListImports.contactListId, list!.id)),
  });
  return { list: list!, item: item!, run: run!, snapshot };
}

owners.contactList = async (db, companyId) => {
  const { list, snapshot } = await contactListWithItem(db, companyId);
  return { params: { id: list.id }, snapshot };
};

owners.contactListItem = async (db, companyId) => {
  const { item, snapshot } = await contactListWithItem(db, companyId);
  return { params: { id: item.id }, snapshot };
};

owners.contactListImport = async (db, companyId) => {
  const { list, run, snapshot } = await contactListWithItem(db, companyId);
  return { params: { id: list.id, importId: run.id }, snapshot };
};

owners.campaign = async (db, companyId) => {
  const { list } = await contactListWithItem(db, companyId);
  const connection = await buildConnection(db, companyId, { channel: "whatsapp" });
  const [campaign] = await db
    .insert(schema.campaigns)
    .values({
      companyId,
      name: "Campanha secreta",
      message1: "secret campaign message",
      contactListId: list.id,
      whatsappId: connection.id,
      mediaPath: `/public/company${companyId}/campaigns/secret.png`,
      mediaName: "secret.png",
    })
    .returning();
  await db.insert(schema.campaignShippings).values({
    companyId,
    campaignId: campaign!.id,
    number: `55117${Date.now()}`.slice(0, 13),
    name: "Pessoa secreta",
  });
  return {
    params: { id: campaign!.id },
    snapshot: async () => ({
      campaign: await db.select().from(schema.campaigns).where(eq(schema.campaigns.id, campaign!.id)),
      shippings: await db
        .select()
        .from(schema.campaignShippings)
        .where(eq(schema.campaignShippings.campaignId, campaign!.id)),
    }),
  };
};

owners.announcement = async (db, companyId) => {
  const [announcement] = await db
    .insert(schema.announcements)
    .values({
      companyId,
      title: unique("secret"),
      text: "secret announcement",
      status: false,
      mediaPath: `/public/company${companyId}/announcements/secret.png`,
      mediaName: "secret.png",
    })
    .returning();
  return {
    params: { id: announcement!.id },
    snapshot: () =>
      db.select().from(schema.announcements).where(eq(schema.announcements.id, announcement!.id)),
  };
};

owners.fileList = async (db, companyId) => {
  const [list] = await db
    .insert(schema.fileLists)
    .values({ companyId, name: unique("secret-files"), message: "secret file list" })
    .returning();
  await db.insert(schema.fileListOptions).values({
    companyId,
    fileListId: list!.id,
    name: "secret option",
    path: `/public/company${companyId}/fileList/secret.pdf`,
    mediaType: "application/pdf",
  });
  return {
    params: { id: list!.id },
    snapshot: async () => ({
      list: await db.select().from(schema.fileLists).where(eq(schema.fileLists.id, list!.id)),
      options: await db
        .select()
        .from(schema.fileListOptions)
        .where(eq(schema.fileListOptions.fileListId, list!.id)),
    }),
  };
};

owners.flowCampaign = async (db, companyId) => {
  const [flow] = await db
    .insert(schema.flows)
    .values({ companyId, name: unique("secret-flow") })
    .returning();
  const [campaign] = await db
    .insert(schema.flowCampaigns)
    .values({ companyId, name: unique("secret-phrase"), flowId: flow!.id, phrase: "segredo" })
    .returning();
  return {
    params: { id: campaign!.id },
    snapshot: () => db.select().from(schema.flowCampaigns).where(eq(schema.flowCampaigns.id, campaign!.id)),
  };
};

owners.queueIntegration = async (db, companyId) => {
  const [integration] = await db
    .insert(schema.queueIntegrations)
    .values({
      companyId,
      name: unique("secret-integration"),
      type: "gemini",
      geminiApiKey: "secret-gemini-key",
    })
    .returning();
  return {
    params: { id: integration!.id },
    snapshot: () =>
      db.select().from(schema.queueIntegrations).where(eq(schema.queueIntegrations.id, integration!.id)),
  };
};

owners.prompt = async (db, companyId) => {
  const queue = await buildQueue(db, companyId, { name: unique("secret-queue") });
  const [prompt] = await db
    .insert(schema.prompts)
    .values({
      companyId,
      name: unique("secret-prompt"),
      apiKey: "secret-openai-key",
      prompt: "segredo",
      queueId: queue.id,
    })
    .returning();
  return {
    params: { id: prompt!.id },
    snapshot: () => db.select().from(schema.prompts).where(eq(schema.prompts.id, prompt!.id)),
  };
};

owners.flow = async (db, companyId) => {
  const [flow] = await db
    .insert(schema.flows)
    .values({
      companyId,
      name: unique("secret-flow"),
      nodes: [{ id: "secretnode", type: "start", position: { x: 1, y: 2 }, data: { label: "secret start" } }],
      connections: [{ source: "secretnode", target: "secretnode" }],
    })
    .returning();
  return {
    params: { id: flow!.id },
    snapshot: () => db.select().from(schema.flows).where(eq(schema.flows.id, flow!.id)),
  };
};

/** A queue with its user and connection links and a two-level option tree. */
async function queueWithLinks(db: Db, companyId: number) {
  const queue = await buildQueue(db, companyId, { greetingMessage: "secret greeting" });
  const user = await buildUser(db, companyId);
  await db.insert(userQueues).values({ companyId, userId: user.id, queueId: queue.id });
  const connection = await buildConnection(db, companyId, { sendIdQueue: queue.id });
  await db.insert(whatsappQueues).values({ companyId, whatsappId: connection.id, queueId: queue.id });
  const [option] = await db
    .insert(chatbots)
    .values({ companyId, queueId: queue.id, name: "Vendas", greetingMessage: "secret menu" })
    .returning();
  await db.insert(chatbots).values({ companyId, chatbotId: option!.id, name: "Planos", optUserId: user.id });
  const snapshot = async () => ({
    queue: await db.select().from(queues).where(eq(queues.id, queue.id)),
    options: await db.select().from(chatbots).where(eq(chatbots.companyId, companyId)),
    users: await db.select().from(userQueues).where(eq(userQueues.queueId, queue.id)),
    connections: await db.select().from(whatsappQueues).where(eq(whatsappQueues.queueId, queue.id)),
    connection: await db.select().from(whatsapps).where(eq(whatsapps.id, connection.id)),
  });
  return { queue, option: option!, snapshot };
}

owners.queue = async (db, companyId) => {
  const { queue, snapshot } = await queueWithLinks(db, companyId);
  return { params: { id: queue.id }, snapshot };
};

owners.chatbot = async (db, companyId) => {
  const { option, snapshot } = await queueWithLinks(db, companyId);
  return { params: { id: option.id }, snapshot };
};

const boundary = "----sweep";
const multipartImage = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="profileImage"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  png,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);
const multipartScheduleImage = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  png,
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

/** An uploadList form naming the option by id 1 (whatever list it is sent to). */
const multipartFileList = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
  ),
  png,
  Buffer.from(
    `\r\n--${boundary}\r\nContent-Disposition: form-data; name="id"\r\n\r\n1\r\n--${boundary}--\r\n`,
  ),
]);

const multipartSpreadsheet = Buffer.concat([
  Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  ),
  Buffer.from([0x50, 0x4b, 0x03, 0x04, 0, 0, 0, 0]),
  Buffer.from(`\r\n--${boundary}--\r\n`),
]);

/** A valid body per route, so validation cannot answer before the tenant check does. */
const bodies: Record<string, { payload: unknown; headers?: Record<string, string> }> = {
  "PUT /users/:id": { payload: { name: "Taken Over", profile: "admin", password: "hacked1" } },
  "PUT /users/toggleChangeWidht/:id": { payload: { defaultTicketsManagerWidth: 500 } },
  "PUT /queue/:id": {
    payload: { name: "Taken Over", color: "#0badc0de", greetingMessage: "x", chatbots: [] },
  },
  "PUT /chatbot/:id": { payload: { name: "Taken Over", greetingMessage: "x", options: [] } },
  "PUT /whatsapp/:id": { payload: { name: "Taken Over", accessToken: "stolen", isDefault: true } },
  "POST /whatsappsession/:id": { payload: {} },
  "POST /closedimported/:id": { payload: {} },
  "PUT /tickets/:id": { payload: { status: "closed", sendFarewellMessage: false } },
  "PUT /whatsappsession/:id": { payload: {} },
  "PUT /contacts/:id": {
    payload: { name: "Taken Over", number: "5511999990000", email: "x@example.com", extraInfo: [] },
  },
  "PUT /contacts/block/:id": { payload: { active: false } },
  "PUT /contacts/toggleAcceptAudio/:id": { payload: {} },
  "PUT /contacts/toggleDisableBot/:id": { payload: {} },
  "PUT /ticket-tags/:ticketId/:tagId": { payload: {} },
  "PUT /tags/:id": { payload: { name: "Taken Over", color: "#000000", kanban: 0 } },
  "POST /users/:id/media-upload": {
    payload: multipartImage,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
  "POST /messages/:ticketId": { payload: { body: "taken over" } },
  "POST /messages/edit/:id": { payload: { body: "taken over" } },
  "POST /messages/:id/reactions": { payload: { type: "👍" } },
  "POST /messages/:id/retry-media": { payload: {} },
  "PUT /settings/:key": { payload: { value: "enabled" } },
  "PUT /invoices/:id/paid": { payload: {} },
  "PUT /plans/:id": { payload: { name: "Taken Over", users: 100_000, isPublic: true } },
  "PUT /helps/:id": { payload: { title: "Taken Over", video: "takenOver01" } },
  "PUT /companies/:id": { payload: { name: "Taken Over", status: false, dueDate: "2099-01-01" } },
  "PUT /companies/:id/schedules": {
    payload: {
      schedules: [
        { weekdayEn: "monday", startTimeA: "00:00", endTimeA: "00:01", startTimeB: "", endTimeB: "" },
      ],
    },
  },
  "PUT /schedules/:id": {
    payload: { body: "Taken over schedule", sendAt: new Date(Date.now() - 60_000).toISOString() },
  },
  "POST /schedules/:id/media-upload": {
    payload: multipartScheduleImage,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
  "PUT /chats/:id": { payload: { title: "Taken over", users: [1] } },
  "POST /chats/:id/messages": { payload: { message: "taken over" } },
  "POST /chats/:id/read": { payload: {} },
  "PUT /contact-lists/:id": { payload: { name: "Taken Over" } },
  "POST /contact-lists/:id/upload": {
    payload: multipartSpreadsheet,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
  "PUT /contact-list-items/:id": {
    payload: { name: "Taken Over", number: "5511999990000", email: "", contactListId: 1 },
  },
  "POST /whatsapp/:id/media-upload": {
    payload: multipartScheduleImage,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
  "PUT /announcements/:id": { payload: { title: "Taken over", text: "x", status: true } },
  "POST /announcements/:id/media-upload": {
    payload: multipartScheduleImage,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
  "POST /campaigns/:id/cancel": { payload: {} },
  "POST /campaigns/:id/restart": { payload: {} },
  "PUT /campaigns/:id": { payload: { name: "Taken Over", message1: "taken over", whatsappId: 1 } },
  "POST /campaigns/:id/media-upload": {
    payload: multipartScheduleImage,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
  "PUT /quick-messages/:id": { payload: { shortcode: "taken", message: "Taken over", geral: false } },
  "PUT /files/:id": { payload: { name: "Taken over", message: "Taken over", options: [] } },
  "PUT /queueIntegration/:id": { payload: { name: "Taken over", type: "webhook", geminiApiKey: null } },
  "PUT /prompt/:id": { payload: { name: "Taken over", prompt: "taken over", apiKey: "k", queueId: 1 } },
  "POST /files/uploadList/:id": {
    payload: multipartFileList,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
  "POST /quick-messages/:id/media-upload": {
    payload: multipartScheduleImage,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
};

let server: TestServer;
let intruder: Session;
let companyA: number;
let companyB: number;
/** Graph stand-in for the routes that call Meta (POST /facebook). */
let sim: MetaSim;

beforeAll(async () => {
  sim = await startMetaSim();
  server = await startTestServer({ env: { META_GRAPH_URL: sim.url, META_GRAPH_VERSION: sim.graphVersion } });
  companyA = (await buildCompany(server.database.db)).id;
  await buildAdmin(server.database.db, companyA);
  companyB = (await buildCompany(server.database.db)).id;
  const admin = await buildAdmin(server.database.db, companyB, { super: false });
  intruder = await login(server.app, admin.email);
});
afterAll(async () => {
  await server.close();
  await sim.close();
});

const parametrised = () =>
  (server.app.routeList ?? []).filter(
    (r) => r.url.includes(":") && !r.config?.public && !r.url.startsWith("/public"),
  );

describe("cross-tenant sweep", () => {
  it("finds the parametrised routes", () => {
    expect(parametrised().length).toBeGreaterThanOrEqual(5);
  });

  it("every parametrised route declares what its params name", () => {
    const missing = parametrised()
      .filter((r) => !r.config?.owner || !owners[r.config.owner])
      .map((r) => `${r.method} ${r.url}`);
    expect(missing, "add config.owner and a fixture in tenant-sweep.test.ts").toEqual([]);
  });

  it("a record of company A, asked for by company B's admin, answers 403 or 404 and stays unchanged", async () => {
    const failures: string[] = [];
    for (const route of parametrised()) {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        const fixture = await owners[route.config?.owner as string]!(server.database.db, companyA);
        const url = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
          String(fixture.params[name] ?? fixture.params.id),
        );
        const key = `${method} ${route.url}`;
        const body = bodies[key];
        if (["POST", "PUT", "PATCH"].includes(method) && !body) {
          failures.push(`${key}: add a valid sample body to the sweep`);
          continue;
        }
        const before = await fixture.snapshot();
        const res = await server.app.inject({
          method: method as "GET",
          url,
          headers: { ...intruder.headers, ...body?.headers },
          payload: body?.payload as string,
        });
        if (res.statusCode !== 403 && res.statusCode !== 404)
          failures.push(`${key} answered ${res.statusCode}: ${res.body}`);
        expect(await fixture.snapshot(), `${key} changed company A's record`).toEqual(before);
      }
    }
    expect(failures).toEqual([]);
  });

  it("POST /facebook names a page company A connected: refused (one connection per page), A's unchanged", async () => {
    const db = server.database.db;
    const pageId = String(Date.now());
    const connection = await buildConnection(db, companyA, {
      channel: "facebook",
      pageId,
      accessToken: "a-page-token",
      appSecret: "s",
    });
    const snapshot = () => db.select().from(whatsapps).where(eq(whatsapps.id, connection.id));
    const before = await snapshot();
    sim.registerUser({
      userId: `9${pageId}`,
      accessToken: "b-user-token",
      pages: [{ id: pageId, name: "Shared page", accessToken: "b-page-token" }],
    });
    const res = await server.app.inject({
      method: "POST",
      url: "/facebook",
      headers: intruder.headers,
      payload: { facebookUserId: `9${pageId}`, facebookUserToken: "b-user-token" },
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_WAPP_PROVIDER_ID_IN_USE", field: "pageId" });
    expect(res.body).not.toContain("a-page-token");
    expect(await snapshot()).toEqual(before);
    const holders = await db.select().from(whatsapps).where(eq(whatsapps.pageId, pageId));
    expect(holders.map((row) => row.id)).toEqual([connection.id]);
    // Refused before the subscription: nothing changed at Meta for B either.
    expect(sim.subscriptions.filter((s) => s.pageId === pageId)).toEqual([]);
  });
});

/*
 * Ids in bodies and query strings. Every id-like field a route's zod schema
 * declares (name ending in Id or Ids, `id`, or listed below) gets, one at a
 * time, a real id of the right kind from company A, in an otherwise valid
 * request of company B's admin about B's own records (the same request with
 * B's ids must succeed: that proves the sample reaches the check). The answer
 * must be 400, 403 or 404, or a success that revealed nothing of A, left A's
 * rows unchanged and made no row of B point at A's. A field without a kind, or
 * a route with such fields and no sample, fails: new routes cannot skip this.
 */

type Kind =
  | "contact"
  | "connection"
  | "queue"
  | "user"
  | "tag"
  | "ticket"
  | "message"
  | "company"
  | "customField"
  | "chatbot"
  /** A provider account id of the connection (phoneNumberId, pageId…): a string, not a row id. */
  | "metaAccount"
  /** A stored file of the company (`/public/company{id}/…`). */
  | "mediaPath"
  | "invoice"
  | "contactList"
  | "fileList"
  | "fileListOption"
  | "flow"
  | "flowCampaign"
  | "queueIntegration"
  | "prompt";

/** Names that are id-like without ending in Id. */
const ID_NAMES = new Set([
  "whatsapps",
  "users",
  "tags",
  "selectedQueues",
  "quotedMsg",
  "sendIdQueue",
  "mediaUrl",
  "idFlow",
  "flowIdWelcome",
  "flowIdNotPhrase",
]);
const isIdLike = (name: string) => name === "id" || /[a-z](Id|Ids)$/.test(name) || ID_NAMES.has(name);

const kindByName: Record<string, Kind | { none: string }> = {
  contactId: "contact",
  ticketId: "ticket",
  whatsappId: "connection",
  whatsapps: "connection",
  queueId: "queue",
  queueIds: "queue",
  selectedQueueIds: "queue",
  selectedQueues: "queue",
  sendIdQueue: "queue",
  userId: "user",
  users: "user",
  tagId: "tag",
  tags: "tag",
  nextLaneId: "tag",
  rollbackLaneId: "tag",
  messageId: "message",
  quotedMsg: "message",
  companyId: "company",
  mediaUrl: "mediaPath",
  phoneNumberId: "metaAccount",
  wabaId: "metaAccount",
  pageId: "metaAccount",
  instagramId: "metaAccount",
  facebookUserId: {
    none: "a Facebook user id, checked against Graph (the POST /facebook test below covers a page of A)",
  },
  promptId: "prompt",
  integrationId: "queueIntegration",
  flowIdWelcome: "flow",
  flowIdNotPhrase: "flow",
  chatbotId: "chatbot",
  exportId: { none: "a UUID the client chose to recognise its export's progress events, no record" },
  invoiceId: "invoice",
  contactListId: "contactList",
  tagListId: "tag",
  optQueueId: "queue",
  optUserId: "user",
  walletUserId: "user",
  optIntegrationId: { none: "no integrations in this product: only null is accepted" },
  optFileId: "fileList",
  fileListId: "fileList",
  flowId: "flow",
  idFlow: "flow",
};
/** Kinds by route and field, where the name alone says too little. */
const kindByField: Record<string, Kind | { none: string }> = {
  "POST /contacts body.extraInfo.[].id": "customField",
  "PUT /contacts/:id body.extraInfo.[].id": "customField",
  "POST /plans body.users": { none: "a plan's user limit: a count, not a user id" },
  "PUT /plans/:id body.users": { none: "a plan's user limit: a count, not a user id" },
  "POST /companies body.planId": { none: "a plan: platform data, and only super users create companies" },
  "PUT /companies/:id body.planId": { none: "a plan: platform data, and only super users change companies" },
  "POST /subscription body.users": { none: "a custom plan's user count, not a user id" },
  "POST /chats/:id/read body.userId": { none: "accepted and ignored: the token's user is the reader" },
  "POST /files body.options.[].id": { none: "a new list has no options: any option id is refused" },
  "PUT /files/:id body.options.[].id": "fileListOption",
  "PUT /flowcampaign body.id": "flowCampaign",
  "POST /flowbuilder/flow body.nodes.[].id": { none: "a node's id inside the graph, not a record" },
  "POST /flowbuilder/flow body.connections.[].id": { none: "an edge's id inside the graph, not a record" },
  "POST /flowbuilder/flow body.nodes.[].data.queue.id": "queue",
  "POST /flowbuilder/flow body.nodes.[].data.integrationId": "queueIntegration",
  "POST /queueIntegration/test body.integrationId": {
    none: "a sample cannot succeed without a Dialogflow agent (a closed port in tests); queue-integrations.test.ts sends another company's id",
  },
};
// Chatbot option trees: the `id` of an option at every level names an option of the tree.
for (const [route, root] of [
  ["POST /queue", "chatbots"],
  ["PUT /queue/:id", "chatbots"],
  ["POST /chatbot", "options"],
  ["PUT /chatbot/:id", "options"],
])
  for (let level = 0, path = `body.${root}.[]`; level < CHATBOT_MAX_DEPTH; level++, path += ".options.[]")
    kindByField[`${route} ${path}.id`] = "chatbot";

function foreignValue(kind: Kind, field: string, world: World): number | string {
  if (kind === "mediaPath") return world.mediaPath;
  if (kind === "metaAccount") return String(world.connection[field as "pageId"]);
  return world.ids[kind];
}

interface Sample {
  params?: Record<string, number | string>;
  query?: Record<string, string | string[]>;
  body?: unknown;
}

/**
 * `levels` chatbot options, each under the one before, every one naming the
 * world's queue and user (kept or not by its type, checked either way).
 */
function optionChain(w: World, levels: number): Record<string, unknown> {
  let option: Record<string, unknown> = { name: "Folha", optQueueId: w.ids.queue, optUserId: w.ids.user };
  for (let level = levels - 1; level > 0; level--)
    option = {
      name: `Nivel ${level}`,
      greetingMessage: "Escolha",
      queueType: "queue",
      optQueueId: w.ids.queue,
      optUserId: w.ids.user,
      options: [option],
    };
  return option;
}
const queueColor = () => `#${randomUUID().slice(0, 8)}`;

/** The ticket report's filters, each naming one of the world's records (the range: this month by default). */
const reportQuery = (w: World) => ({
  contactId: String(w.ids.contact),
  whatsappId: [String(w.ids.connection)],
  users: [String(w.ids.user)],
  queueIds: [String(w.ids.queue)],
});

/** A new kanban tag of the company: lanes must be kanban tags. */
async function kanbanLaneOf(db: Db, companyId: number): Promise<number> {
  const [lane] = await db
    .insert(tags)
    .values({ companyId, name: unique("lane"), color: "#667788", kanban: 1 })
    .returning();
  return lane!.id;
}

/** A valid graph of the world's flow: start, a ticket node (queue and user), an integration node. */
const flowGraphSample = (w: World) => {
  const node = (id: string, type: string, data: object) => ({ id, type, position: { x: 0, y: 0 }, data });
  return {
    idFlow: w.ids.flow,
    nodes: [
      node("start", "start", {}),
      node("ticket", "ticket", { queue: { id: w.ids.queue }, userId: w.ids.user }),
      node("hook", "integration", { integrationId: w.ids.queueIntegration }),
    ],
    connections: [
      { id: "e1", source: "start", target: "ticket" },
      { id: "e2", source: "ticket", target: "hook" },
    ],
  };
};

/** A campaign naming every kind of record it may reference. */
const campaignSample = (w: World) => ({
  name: "Campanha",
  message1: "Oi {nome}",
  contactListId: w.ids.contactList,
  tagListId: w.ids.tag,
  whatsappId: w.ids.connection,
  userId: w.ids.user,
  queueId: w.ids.queue,
  openTicket: "enabled",
});

/**
 * A valid request per route about company B's own records (`w`): the sweep
 * puts company A's ids into it one field at a time.
 */
const samples: Record<string, (w: World, db: Db) => Sample | Promise<Sample>> = {
  "POST /subscription": async (w, db) => {
    // The embedded provider needs the platform's receiver to issue B's own charge (the control request).
    await ensurePlatformCompany(db);
    await setPlatformSetting(db, "pixKey", "pagamentos@plataforma.example");
    await setPlatformSetting(db, "pixMerchantName", "Plataforma");
    await setPlatformSetting(db, "pixMerchantCity", "Sao Paulo");
    return { body: { ...checkoutData, plan: JSON.stringify({ type: "invoice" }), invoiceId: w.ids.invoice } };
  },
  "GET /tickets": () => ({ query: { showAll: "true" } }),
  "GET /ticket/kanban": (w) => ({ query: { queueIds: JSON.stringify([w.ids.queue]) } }),
  "POST /tickets": async (w, db) => ({
    body: {
      contactId: (await buildContact(db, w.companyId)).id,
      whatsappId: w.ids.connection,
      queueId: w.ids.queue,
      userId: w.ids.user,
      status: "open",
    },
  }),
  "POST /tickets/closeAll": (w) => ({ body: { status: "pending", selectedQueueIds: [w.ids.queue] } }),
  "PUT /tickets/:id": (w) => ({
    params: { id: w.ids.ticket },
    body: { status: "open", userId: w.ids.user, queueId: w.ids.queue },
  }),
  "GET /messages/:ticketId": (w) => ({
    params: { ticketId: w.ids.ticket },
    query: { selectedQueues: JSON.stringify([w.ids.queue]) },
  }),
  "POST /messages/:ticketId": (w) => ({
    params: { ticketId: w.ids.ticket },
    body: { body: "hello", quotedMsg: w.ids.message },
  }),
  "POST /message/forward": (w) => ({ body: { messageId: w.ids.message, contactId: w.ids.contact } }),
  "GET /contacts/list": (w) => ({ query: { searchParam: "", companyId: String(w.companyId) } }),
  "POST /contacts": (w) => ({
    body: {
      name: "New contact",
      // A valid Brazilian mobile: typed numbers are stored as E.164 and refused when they cannot be one.
      number: `551198${String(Date.now()).slice(-7)}`,
      extraInfo: [{ id: w.ids.customField, name: "cpf", value: "1" }],
    },
  }),
  "PUT /contacts/:id": (w) => ({
    params: { id: w.ids.contact },
    body: { name: "Renamed", extraInfo: [{ id: w.ids.customField, name: "cpf", value: "2" }] },
  }),
  "POST /tags": async (w, db) => {
    const lane = await kanbanLaneOf(db, w.companyId);
    return {
      body: { name: unique("lane"), color: "#445566", kanban: 1, nextLaneId: lane, rollbackLaneId: lane },
    };
  },
  "PUT /tags/:id": async (w, db) => {
    const lane = await kanbanLaneOf(db, w.companyId);
    return {
      params: { id: w.ids.tag },
      body: { name: unique("lane"), kanban: 1, nextLaneId: lane, rollbackLaneId: lane },
    };
  },
  "GET /tags": (w) => ({ query: { tagId: String(w.ids.tag) } }),
  "POST /tags/sync": (w) => ({ body: { contactId: w.ids.contact, tags: [w.ids.tag] } }),
  "GET /ticket-notes/list": (w) => ({
    query: { contactId: String(w.ids.contact), ticketId: String(w.ids.ticket) },
  }),
  "POST /ticket-notes": (w) => ({
    body: { note: "a note", ticketId: w.ids.ticket, contactId: w.ids.contact },
  }),
  "GET /quick-messages/list": (w) => ({
    query: { companyId: String(w.companyId), userId: String(w.ids.user) },
  }),
  "GET /schedules": (w) => ({ query: { contactId: String(w.ids.contact) } }),
  "POST /schedules": (w) => ({
    body: {
      body: "scheduled",
      contactId: w.ids.contact,
      ticketId: w.ids.ticket,
      whatsappId: w.ids.connection,
      sendAt: new Date(Date.now() + 86_400_000).toISOString(),
    },
  }),
  "PUT /schedules/:id": async (w, db) => {
    const [row] = await db.select().from(schedules).where(eq(schedules.contactId, w.ids.contact));
    return {
      params: { id: row!.id },
      body: {
        body: "moved",
        contactId: w.ids.contact,
        ticketId: w.ids.ticket,
        whatsappId: w.ids.connection,
        sendAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
    };
  },
  "POST /chats": (w) => ({ body: { title: "B's chat", users: [w.ids.user] } }),
  "PUT /chats/:id": async (w, db) => {
    const [chat] = await db
      .insert(chats)
      .values({ companyId: w.companyId, title: "B's chat", ownerId: intruder.user.id })
      .returning();
    await db.insert(chatUsers).values({ companyId: w.companyId, chatId: chat!.id, userId: intruder.user.id });
    return { params: { id: chat!.id }, body: { title: "B's chat", users: [w.ids.user] } };
  },
  "GET /contact-lists/list": (w) => ({ query: { companyId: String(w.companyId) } }),
  "GET /files": (w) => ({ query: { companyId: String(w.companyId) } }),
  "PUT /files/:id": (w) => ({
    params: { id: w.ids.fileList },
    body: { name: "Lista de B", message: "Olá", options: [{ id: w.ids.fileListOption, name: "Opção" }] },
  }),
  "PUT /flowbuilder": (w) => ({ body: { flowId: w.ids.flow, name: "Fluxo de B" } }),
  "POST /flowcampaign": (w) => ({
    body: { name: "Frase de B", flowId: w.ids.flow, whatsappId: w.ids.connection, phrase: "oi" },
  }),
  "PUT /flowcampaign": (w) => ({
    body: {
      id: w.ids.flowCampaign,
      name: "Frase de B",
      flowId: w.ids.flow,
      whatsappId: w.ids.connection,
      phrase: "oi",
    },
  }),
  "POST /flowbuilder/duplicate": (w) => ({ body: { flowId: w.ids.flow } }),
  "POST /prompt": (w) => ({ body: { name: "Prompt de B", apiKey: "k", prompt: "p", queueId: w.ids.queue } }),
  "PUT /prompt/:id": (w) => ({
    params: { id: w.ids.prompt },
    body: { name: "Prompt de B", prompt: "p", queueId: w.ids.queue },
  }),
  "POST /flowbuilder/flow": (w) => ({ body: flowGraphSample(w) }),
  "GET /contact-list-items": (w) => ({ query: { contactListId: String(w.ids.contactList) } }),
  "POST /contact-list-items": (w) => ({
    body: { name: "Pessoa", number: `55119${Date.now()}`.slice(0, 13), contactListId: w.ids.contactList },
  }),
  "PUT /contact-list-items/:id": (w) => ({
    params: { id: w.ids.contactListItem },
    body: {
      name: "Pessoa",
      number: `551197${String(Date.now()).slice(-7)}`,
      contactListId: w.ids.contactList,
    },
  }),
  "POST /campaigns": (w) => ({ body: campaignSample(w) }),
  "PUT /campaigns/:id": (w) => ({ params: { id: w.ids.campaign }, body: campaignSample(w) }),
  "GET /dashboard/moments": (w) => ({
    query: { queueIds: [String(w.ids.queue)], userId: String(w.ids.user) },
  }),
  "GET /ticketreport/reports": (w) => ({ query: reportQuery(w) }),
  "GET /ticketreport/reports/export": (w) => ({ query: reportQuery(w) }),
  "GET /whatsapp": (w) => ({ query: { companyId: String(w.companyId) } }),
  "GET /whatsapp/filter": (w) => ({ query: { companyId: String(w.companyId) } }),
  "POST /whatsapp": (w) => ({
    body: {
      name: unique("conn"),
      channel: "whatsappapi",
      queueIds: [w.ids.queue],
      sendIdQueue: w.ids.queue,
      phoneNumberId: unique("pn"),
      wabaId: unique("waba"),
      accessToken: "t",
      appSecret: "s",
    },
  }),
  "PUT /whatsapp/:id": (w) => ({
    params: { id: w.ids.connection },
    body: { name: unique("conn"), queueIds: [w.ids.queue], sendIdQueue: w.ids.queue },
  }),
  "POST /users": (w) => ({
    body: {
      name: "New user",
      email: `${unique("new")}@example.com`,
      password: "secret1",
      profile: "user",
      queueIds: [w.ids.queue],
      whatsappId: w.ids.connection,
    },
  }),
  "PUT /users/:id": (w) => ({
    params: { id: w.ids.user },
    body: { name: "Renamed user", profile: "user", queueIds: [w.ids.queue], whatsappId: w.ids.connection },
  }),
  "POST /queue": (w) => ({
    body: {
      name: unique("fila"),
      color: queueColor(),
      greetingMessage: "Olá",
      chatbots: [optionChain(w, CHATBOT_MAX_DEPTH)],
    },
  }),
  "PUT /queue/:id": (w) => ({
    params: { id: w.ids.queue },
    body: {
      name: unique("fila"),
      color: queueColor(),
      greetingMessage: "Olá",
      chatbots: [{ ...optionChain(w, CHATBOT_MAX_DEPTH), id: w.ids.chatbot }],
    },
  }),
  "POST /chatbot": (w) => ({ body: { ...optionChain(w, CHATBOT_MAX_DEPTH), queueId: w.ids.queue } }),
  "PUT /chatbot/:id": (w) => ({ params: { id: w.ids.chatbot }, body: optionChain(w, CHATBOT_MAX_DEPTH) }),
};

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

function alternatives(s: JsonSchema | undefined): JsonSchema[] {
  if (!s) return [];
  const nested = [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])].flatMap(alternatives);
  return s.type || s.properties || s.items ? [s, ...nested] : nested;
}
const accepts = (s: JsonSchema | undefined, type: string) =>
  alternatives(s).some((a) => a.type === type || (Array.isArray(a.type) && a.type.includes(type)));

/** The id-like fields of a JSON schema, with their paths (`[]` for every item of an array). */
function idFields(s: JsonSchema | undefined, path: string[] = []): { path: string[]; schema: JsonSchema }[] {
  const out = new Map<string, { path: string[]; schema: JsonSchema }>();
  for (const alt of alternatives(s)) {
    for (const [name, sub] of Object.entries(alt.properties ?? {})) {
      if (isIdLike(name)) out.set([...path, name].join("."), { path: [...path, name], schema: sub });
      else for (const f of idFields(sub, [...path, name])) out.set(f.path.join("."), f);
    }
    if (alt.items) for (const f of idFields(alt.items, [...path, "[]"])) out.set(f.path.join("."), f);
  }
  return [...out.values()];
}

function jsonSchemaOf(zod: unknown): JsonSchema | undefined {
  if (!zod) return undefined;
  return z.toJSONSchema(zod as z.ZodType, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

function getAt(target: unknown, path: string[]): unknown {
  let current = target;
  for (const segment of path) {
    if (current === undefined || current === null) return undefined;
    current = segment === "[]" ? (current as unknown[])[0] : (current as Record<string, unknown>)[segment];
  }
  return current;
}

/** Sets the value at the path in place; false when an array on the way is missing or empty. */
function setAt(target: unknown, path: string[], value: unknown): boolean {
  const [head, ...rest] = path as [string, ...string[]];
  if (head === "[]") {
    if (!Array.isArray(target) || target.length === 0) return false;
    return target.every((item) => (rest.length ? setAt(item, rest, value) : true));
  }
  const record = target as Record<string, unknown>;
  if (rest.length === 0) {
    record[head] = value;
    return true;
  }
  if (record[head] === undefined || record[head] === null) {
    if (rest[0] === "[]") return false;
    record[head] = {};
  }
  return setAt(record[head], rest, value);
}

/** The values of a field that name the foreign record: alone, and added to the sample's list. */
function foreignVariants(
  schema: JsonSchema,
  base: unknown,
  foreign: number | string,
  inQuery: boolean,
): unknown[] {
  const wrap = (v: number | string) => (inQuery ? String(v) : v);
  if (typeof foreign === "string") return [foreign];
  const variants: unknown[] = [];
  if (accepts(schema, "integer") || accepts(schema, "number")) variants.push(wrap(foreign));
  else if (accepts(schema, "string")) variants.push(String(foreign));
  else if (alternatives(schema).some((a) => a.properties?.id)) variants.push({ id: foreign });
  if (accepts(schema, "array")) variants.push([...(Array.isArray(base) ? base : []), wrap(foreign)]);
  return variants;
}

const tenantTables: PgTable[] = (Object.values(schema) as unknown[]).filter(
  (t): t is PgTable => is(t, PgTable) && "companyId" in getTableColumns(t),
);
const tableName = (t: PgTable) => getTableConfig(t).name;
/** The database names columns in snake_case (drizzle's casing option); the schema keeps camelCase. */
const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Row references between tenant tables: the foreign keys, and the id columns that have none. */
const references: { table: string; column: string; target: string }[] = [
  ...tenantTables.flatMap((t) =>
    getTableConfig(t).foreignKeys.flatMap((fk) => {
      const ref = fk.reference();
      const target = ref.foreignTable;
      if (ref.columns.length !== 1 || !tenantTables.includes(target)) return [];
      return [{ table: tableName(t), column: snake(ref.columns[0]!.name), target: tableName(target) }];
    }),
  ),
  { table: "users", column: "whatsapp_id", target: "whatsapps" },
  { table: "whatsapps", column: "send_id_queue", target: "queues" },
  { table: "whatsapps", column: "queue_id_import_messages", target: "queues" },
  { table: "messages", column: "quoted_msg_id", target: "messages" },
  { table: "messages", column: "user_id", target: "users" },
  { table: "messages", column: "queue_id", target: "queues" },
  { table: "tags", column: "next_lane_id", target: "tags" },
  { table: "tags", column: "rollback_lane_id", target: "tags" },
  { table: "tags", column: "user_id", target: "users" },
  { table: "schedules", column: "message_id", target: "messages" },
  { table: "contact_list_items", column: "contact_list_id", target: "contact_lists" },
  { table: "contact_list_imports", column: "contact_list_id", target: "contact_lists" },
  { table: "campaigns", column: "contact_list_id", target: "contact_lists" },
  { table: "campaigns", column: "tag_list_id", target: "tags" },
  { table: "campaigns", column: "whatsapp_id", target: "whatsapps" },
  { table: "campaigns", column: "user_id", target: "users" },
  { table: "campaigns", column: "queue_id", target: "queues" },
  { table: "campaign_shippings", column: "campaign_id", target: "campaigns" },
  { table: "campaign_shippings", column: "contact_id", target: "contacts" },
  { table: "campaign_shippings", column: "ticket_id", target: "tickets" },
];

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Rows of company `from` that point at another company's row, per reference. */
async function crossReferences(db: Db, from: number): Promise<string[]> {
  const query = references
    .map(
      (r) =>
        `SELECT '${r.table}.${r.column} -> ${r.target}' AS ref, count(*)::int AS n FROM "${r.table}" x ` +
        `JOIN "${r.target}" y ON y.id = x."${r.column}" WHERE x.company_id = ${from} AND y.company_id <> x.company_id`,
    )
    .join(" UNION ALL ");
  return rowsOf<{ ref: string; n: number }>(await db.execute(sql.raw(query)))
    .filter((r) => r.n > 0)
    .map((r) => `${r.ref}: ${r.n}`);
}

/** A digest of every row of the company, table by table: compared before and after a request. */
async function companyDigest(db: Db, companyId: number): Promise<Record<string, string>> {
  const query = [
    ...tenantTables.map(
      (t) =>
        `SELECT '${tableName(t)}' AS t, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d ` +
        `FROM "${tableName(t)}" x WHERE x.company_id = ${companyId}`,
    ),
    `SELECT 'companies' AS t, md5(x::text) AS d FROM companies x WHERE x.id = ${companyId}`,
  ].join(" UNION ALL ");
  return Object.fromEntries(
    rowsOf<{ t: string; d: string }>(await db.execute(sql.raw(query))).map((r) => [r.t, r.d]),
  );
}

/** Rows of company `from` holding one of the secrets: copied from the other company. */
async function rowsHolding(db: Db, from: number, secrets: string[]): Promise<string[]> {
  const like = secrets
    .map((s) => `x::text LIKE '%${s.replaceAll("'", "''").replace(/[%_\\]/g, "\\$&")}%'`)
    .join(" OR ");
  const query = tenantTables
    .map(
      (t) =>
        `SELECT '${tableName(t)}' AS t, left(x::text, 300) AS r FROM "${tableName(t)}" x ` +
        `WHERE x.company_id = ${from} AND (${like})`,
    )
    .join(" UNION ALL ");
  return rowsOf<{ t: string; r: string }>(await db.execute(sql.raw(query))).map((r) => `${r.t}: ${r.r}`);
}

describe("cross-tenant sweep of ids in bodies and query strings", () => {
  let worldA: World;
  const storageRoot = () => join(server.config.dataDir, "public");

  beforeAll(async () => {
    const db = server.database.db;
    worldA = await buildWorld(db, companyA, storageRoot());
    // Company B makes many records here: no plan limit may answer before the tenant check.
    const [b] = await db.select().from(companies).where(eq(companies.id, companyB));
    await db
      .update(schema.plans)
      .set({ users: 100_000, connections: 100_000, queues: 100_000 })
      .where(eq(schema.plans.id, b!.planId));
  });

  /** Every private route with id-like fields in its query or body, and what they name. */
  function idRoutes() {
    const out: {
      method: string;
      url: string;
      key: string;
      owner?: string;
      fields: {
        location: "query" | "body";
        path: string[];
        schema: JsonSchema;
        kind: Kind | { none: string } | undefined;
      }[];
    }[] = [];
    for (const route of server.app.routeList) {
      if (route.config?.public || route.url.startsWith("/public")) continue;
      const routeSchema = (route.schema ?? {}) as { querystring?: unknown; body?: unknown };
      for (const method of [route.method].flat()) {
        const key = `${method} ${route.url}`;
        const fields = (
          [
            ["query", jsonSchemaOf(routeSchema.querystring)],
            ["body", jsonSchemaOf(routeSchema.body)],
          ] as const
        ).flatMap(([location, s]) =>
          idFields(s).map((f) => ({
            location,
            ...f,
            kind:
              kindByField[`${key} ${location}.${f.path.join(".")}`] ?? kindByName[f.path.at(-1) as string],
          })),
        );
        if (fields.length) out.push({ method, url: route.url, key, owner: route.config?.owner, fields });
      }
    }
    return out;
  }

  it("finds the routes with ids in bodies and query strings", () => {
    const keys = idRoutes().map((r) => r.key);
    for (const key of [
      "GET /tickets",
      "POST /tickets",
      "POST /tags/sync",
      "POST /schedules",
      "PUT /users/:id",
    ])
      expect(keys).toContain(key);
  });

  it("every id-like field has a kind, and every route with one has a sample", () => {
    const missing: string[] = [];
    for (const route of idRoutes()) {
      for (const f of route.fields)
        if (!f.kind)
          missing.push(
            `${route.key} ${f.location}.${f.path.join(".")}: add its kind (kindByName/kindByField)`,
          );
      if (route.fields.some((f) => f.kind && typeof f.kind === "string") && !samples[route.key])
        missing.push(`${route.key}: add a sample request`);
    }
    expect(missing).toEqual([]);
  });

  it("company A's ids in company B's requests: refused, or a success that neither reveals nor touches A's rows", async () => {
    const db = server.database.db;
    const failures: string[] = [];

    async function send(route: ReturnType<typeof idRoutes>[number], sample: Sample) {
      const params = sample.params ?? (route.owner ? (await owners[route.owner]!(db, companyB)).params : {});
      const path = route.url.replace(/:([A-Za-z]+)/g, (_, name: string) =>
        encodeURIComponent(String(params[name] ?? params.id)),
      );
      const search = new URLSearchParams();
      for (const [name, value] of Object.entries(sample.query ?? {}))
        for (const item of [value].flat()) search.append(name, item);
      const query = search.toString();
      return server.app.inject({
        method: route.method as "GET",
        url: query ? `${path}?${query}` : path,
        headers: intruder.headers,
        ...(sample.body === undefined ? {} : { payload: sample.body as object }),
      });
    }

    for (const route of idRoutes()) {
      const sampleFor = samples[route.key];
      if (!sampleFor) continue; // reported by the test above
      // The sample as is, with B's own ids: it must succeed, or the sweep proves nothing.
      const control = await send(route, await sampleFor(await buildWorld(db, companyB, storageRoot()), db));
      if (control.statusCode >= 300)
        failures.push(
          `${route.key}: the sample with B's own ids answered ${control.statusCode}: ${control.body}`,
        );

      for (const field of route.fields) {
        if (!field.kind || typeof field.kind !== "string") continue;
        const name = `${route.key} ${field.location}.${field.path.join(".")}`;
        const worldB = await buildWorld(db, companyB, storageRoot());
        const base = await sampleFor(worldB, db);
        const container = field.location === "query" ? (base.query ?? {}) : base.body;
        const foreign = foreignValue(field.kind, field.path.at(-1) as string, worldA);
        const variants = foreignVariants(
          field.schema,
          getAt(container, field.path),
          foreign,
          field.location === "query",
        );
        for (const value of variants) {
          const sample = structuredClone(base);
          if (field.location === "query") sample.query = sample.query ?? {};
          const target = field.location === "query" ? sample.query : sample.body;
          if (!setAt(target, field.path, value)) {
            failures.push(`${name}: the sample has no item to put an id in`);
            continue;
          }
          const before = await companyDigest(db, companyA);
          const refsBefore = new Set(await crossReferences(db, companyB));
          const res = await send(route, sample);
          const label = `${name}=${JSON.stringify(value)} answered ${res.statusCode}`;
          if (![400, 403, 404].includes(res.statusCode) && (res.statusCode < 200 || res.statusCode >= 300))
            failures.push(`${label}: ${res.body.slice(0, 300)}`);
          for (const secret of worldA.secrets)
            if (res.body.includes(secret))
              failures.push(`${label} and revealed A's ${secret}: ${res.body.slice(0, 300)}`);
          const after = await companyDigest(db, companyA);
          for (const table of Object.keys(after))
            if (after[table] !== before[table]) failures.push(`${label} and changed A's ${table}`);
          for (const ref of await crossReferences(db, companyB))
            if (!refsBefore.has(ref)) failures.push(`${label} and left ${ref}`);
          for (const row of await rowsHolding(db, companyB, worldA.secrets))
            failures.push(`${label} and copied A's data into ${row}`);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);
});

describe("reads without ids", () => {
  it("GET /usersMoments: B's admin sees B's panel and nothing of A's", async () => {
    const db = server.database.db;
    const worldA = await buildWorld(db, companyA, join(server.config.dataDir, "public"));
    const res = await server.app.inject({ method: "GET", url: "/usersMoments", headers: intruder.headers });
    expect(res.statusCode).toBe(200);
    expect(worldA.secrets.filter((secret) => res.body.includes(secret))).toEqual([]);
    const body = res.json() as { tickets: { id: number }[]; users: { id: number }[] };
    expect(body.tickets.map((t) => t.id)).not.toContain(worldA.ids.ticket);
    expect(body.users.map((u) => u.id)).not.toContain(worldA.ids.user);
  });
});

describe("routes across companies (the platform owner's)", () => {
  it("GET /whatsapp/all: B's admin is refused; a super user sees A's connections without A's token", async () => {
    const db = server.database.db;
    const worldA = await buildWorld(db, companyA, join(server.config.dataDir, "public"));
    const refused = await server.app.inject({
      method: "GET",
      url: "/whatsapp/all",
      headers: intruder.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(worldA.secrets.filter((secret) => refused.body.includes(secret))).toEqual([]);

    const owner = await buildAdmin(db, companyB, { super: true });
    const listed = await server.app.inject({
      method: "GET",
      url: "/whatsapp/all",
      headers: (await login(server.app, owner.email)).headers,
    });
    expect(listed.statusCode).toBe(200);
    expect(listed.json()).toContainEqual(
      expect.objectContaining({ id: worldA.ids.connection, companyId: companyA }),
    );
    expect(listed.body).not.toContain(`${worldA.secrets[0]}-token`);
  });
});
