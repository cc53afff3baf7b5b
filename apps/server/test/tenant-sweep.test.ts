import { type MetaSim, startMetaSim } from "@inbox/meta-sim";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../src/db/client.js";
import {
  companySettings,
  contactCustomFields,
  contacts,
  contactTags,
  messages,
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
  const [other] = await db
    .insert(tags)
    .values({ companyId, name: unique("tag"), color: "#333333" })
    .returning();
  await db.insert(ticketTags).values({ companyId, ticketId: ticket.id, tagId: lane!.id });
  return {
    params: { id: ticket.id, ticketId: ticket.id, tagId: other!.id },
    snapshot: async () => ({
      ticket: await db.select().from(tickets).where(eq(tickets.id, ticket.id)),
      tags: await db.select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id)),
    }),
  };
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
  snapshot: () => db.select().from(companySettings).where(eq(companySettings.companyId, companyId)),
});

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

const png = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
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

/** A valid body per route, so validation cannot answer before the tenant check does. */
const bodies: Record<string, { payload: unknown; headers?: Record<string, string> }> = {
  "PUT /users/:id": { payload: { name: "Taken Over", profile: "admin", password: "hacked1" } },
  "PUT /users/toggleChangeWidht/:id": { payload: { defaultTicketsManagerWidth: 500 } },
  "PUT /whatsapp/:id": { payload: { name: "Taken Over", accessToken: "stolen", isDefault: true } },
  "POST /whatsappsession/:id": { payload: {} },
  "PUT /tickets/:id": { payload: { status: "closed", sendFarewellMessage: false } },
  "PUT /whatsappsession/:id": { payload: {} },
  "PUT /contacts/:id": {
    payload: { name: "Taken Over", number: "5511999990000", email: "x@example.com", extraInfo: [] },
  },
  "PUT /contacts/block/:id": { payload: { active: false } },
  "PUT /contacts/toggleAcceptAudio/:id": { payload: {} },
  "PUT /contacts/toggleDisableBot/:id": { payload: {} },
  "PUT /ticket-tags/:ticketId/:tagId": { payload: {} },
  "POST /users/:id/media-upload": {
    payload: multipartImage,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
  "POST /messages/:ticketId": { payload: { body: "taken over" } },
  "POST /messages/edit/:id": { payload: { body: "taken over" } },
  "POST /messages/:id/reactions": { payload: { type: "👍" } },
  "PUT /schedules/:id": {
    payload: { body: "Taken over schedule", sendAt: new Date(Date.now() - 60_000).toISOString() },
  },
  "POST /schedules/:id/media-upload": {
    payload: multipartScheduleImage,
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  },
};

let server: TestServer;
let intruder: Session;
let companyA: number;
/** Graph stand-in for the routes that call Meta (POST /facebook). */
let sim: MetaSim;

beforeAll(async () => {
  sim = await startMetaSim();
  server = await startTestServer({ env: { META_GRAPH_URL: sim.url, META_GRAPH_VERSION: sim.graphVersion } });
  companyA = (await buildCompany(server.database.db)).id;
  await buildAdmin(server.database.db, companyA);
  const companyB = await buildCompany(server.database.db);
  const admin = await buildAdmin(server.database.db, companyB.id, { super: false });
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

  it("POST /facebook names a page company A connected: company B gets its own, A's stays unchanged", async () => {
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
    expect(res.json()).toMatchObject({ created: 1, updated: 0 });
    expect(await snapshot()).toEqual(before);
  });
});
