import type { AddressInfo } from "node:net";
import { contactListDto, contactRefDto, tagDto, ticketListDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
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
} from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { TestSockets } from "../../test/sockets.js";
import type { InboundEvent } from "../channels/types.js";
import { companySettings, messages, tags, userQueues } from "../db/schema/index.js";
import { assertMasksNumbers, carriesNumbers, maskContactRefs } from "./number-masks.js";

/**
 * LGPD (spec 1 section 6, spec 2 section 3): with enableLGPD and
 * lgpdHideNumber enabled, an ordinary user never receives a contact's
 * number — not in a REST answer, not in a socket event — and cannot find one
 * by searching digits. Admins see numbers whole; without the settings,
 * everyone does.
 */

let server: TestServer;
let url: string;
const clients = new TestSockets(() => url);

beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => clients.closeAll());
afterAll(() => server.close());

const db = () => server.database.db;
const settle = (ms = 50) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, what: string, timeoutMs = 5000) {
  const start = Date.now();
  while (!check()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await settle(20);
  }
}

let seq = 0;
/** A 13-digit Brazilian mobile, distinct per call; its mask is `${first 7}**-**${last 2}`. */
const mobile = (area: string) =>
  `55${area}9${String(Date.now() % 1e6).padStart(6, "0")}${String(seq++ % 100).padStart(2, "0")}`.slice(
    0,
    13,
  );
const maskOf = (n: string) => `${n.slice(0, -6)}**-**${n.slice(-2)}`;
/** A unique name without digits, so searching digits can only match numbers. */
const nameOf = (prefix: string) => unique(prefix).replace(/[0-9]/g, (d) => "abcdefghij"[Number(d)] ?? "x");

/** The company's two LGPD settings, as a settings change would leave them (the cache told). */
async function setLgpd(companyId: number, enableLGPD: boolean, lgpdHideNumber: boolean) {
  await db()
    .update(companySettings)
    .set({
      enableLGPD: enableLGPD ? "enabled" : "disabled",
      lgpdHideNumber: lgpdHideNumber ? "enabled" : "disabled",
    })
    .where(eq(companySettings.companyId, companyId));
  server.numbers.invalidate(companyId);
}

async function call(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  session: Session,
  payload?: object,
) {
  return server.app.inject({ method, url: path, headers: session.headers, ...(payload ? { payload } : {}) });
}

/**
 * A company with an admin and an ordinary user who sees every ticket
 * (allUserChat, groups, dashboard), a contact with a ticket assigned to the
 * user holding a contact card, and a group ticket holding a member's message.
 */
async function world() {
  const company = await buildCompany(db());
  const cid = company.id;
  const admin = await buildAdmin(db(), cid);
  const user = await buildUser(db(), cid, {
    allUserChat: "enabled",
    allowGroup: true,
    showDashboard: "enabled",
  });
  const connection = await buildConnection(db(), cid, { channel: "whatsappapi", allowGroup: true });
  const queue = await buildQueue(db(), cid);
  await db().insert(userQueues).values({ companyId: cid, userId: user.id, queueId: queue.id });
  const number = mobile("11");
  const cardNumber = mobile("21");
  const participant = mobile("31");
  const contact = await buildContact(db(), cid, {
    name: nameOf("Maria"),
    number,
    channel: "whatsapp",
    whatsappId: connection.id,
  });
  const ticket = await buildTicket(db(), cid, {
    contactId: contact.id,
    whatsappId: connection.id,
    userId: user.id,
    queueId: queue.id,
    status: "open",
    channel: "whatsappapi",
  });
  await db()
    .insert(messages)
    .values({
      companyId: cid,
      ticketId: ticket.id,
      contactId: contact.id,
      body: "Card",
      mediaType: "contactMessage",
      extra: { vcard: { name: "Card", number: cardNumber } },
    });
  const group = await buildContact(db(), cid, {
    name: unique("Grupo"),
    number: "120363000000000001@g.us",
    isGroup: true,
    channel: "whatsapp",
  });
  const groupTicket = await buildTicket(db(), cid, {
    contactId: group.id,
    whatsappId: connection.id,
    status: "group",
    isGroup: true,
    userId: user.id,
    channel: "whatsappapi",
  });
  await db()
    .insert(messages)
    .values({ companyId: cid, ticketId: groupTicket.id, body: "oi do grupo", participant });
  const [tag] = await db()
    .insert(tags)
    .values({ companyId: cid, name: unique("tag"), color: "#123456" })
    .returning();
  return {
    cid,
    admin,
    user,
    connection,
    queue,
    contact,
    ticket,
    groupTicket,
    tag: tag as NonNullable<typeof tag>,
    number,
    cardNumber,
    participant,
    adminSession: await login(server.app, admin.email),
    userSession: await login(server.app, user.email),
  };
}
type World = Awaited<ReturnType<typeof world>>;

/** Every REST answer that carries the contact, its card or its group member, as `session` receives them. */
async function answers(w: World, session: Session) {
  const got: Record<string, string> = {};
  const take = async (name: string, res: Awaited<ReturnType<typeof call>>) => {
    expect(res.statusCode, `${name}: ${res.body}`).toBeLessThan(300);
    got[name] = res.body;
    return res.json();
  };
  const list = await take("GET /tickets", await call("GET", "/tickets?showAll=true", session));
  expect(list.tickets.map((t: { id: number }) => t.id)).toContain(w.ticket.id);
  await take("GET /tickets/u/{uuid}", await call("GET", `/tickets/u/${w.ticket.uuid}`, session));
  const page = await take("GET /messages/{ticketId}", await call("GET", `/messages/${w.ticket.id}`, session));
  expect(page.messages.some((m: { contactCards?: unknown[] }) => m.contactCards?.length)).toBe(true);
  const groupPage = await take(
    "GET /messages/{group}",
    await call("GET", `/messages/${w.groupTicket.id}`, session),
  );
  expect(groupPage.messages.some((m: { participant?: string }) => m.participant)).toBe(true);
  await take(
    "PUT /tickets/{id}",
    await call("PUT", `/tickets/${w.ticket.id}`, session, {
      status: "open",
      userId: w.user.id,
      queueId: w.queue.id,
    }),
  );
  await take("GET /contacts", await call("GET", "/contacts", session));
  await take("GET /contacts/list", await call("GET", "/contacts/list", session));
  await take("GET /contacts/{id}", await call("GET", `/contacts/${w.contact.id}`, session));
  await take(
    "PUT /contacts/{id}",
    await call("PUT", `/contacts/${w.contact.id}`, session, { name: w.contact.name }),
  );
  await take(
    "PUT /contacts/toggleDisableBot/{id}",
    await call("PUT", `/contacts/toggleDisableBot/${w.contact.id}`, session),
  );
  await take(
    "POST /tags/sync",
    await call("POST", "/tags/sync", session, { contactId: w.contact.id, tags: [{ id: w.tag.id }] }),
  );
  await take("GET /dashboard/moments", await call("GET", "/dashboard/moments?showAll=true", session));
  return got;
}

describe("LGPD: an ordinary user never receives a contact's number", () => {
  it("every REST answer that carries a contact masks its number, group members and card numbers; admins get them whole", async () => {
    const w = await world();
    await setLgpd(w.cid, true, true);

    const asUser = await answers(w, w.userSession);
    for (const [route, body] of Object.entries(asUser)) {
      for (const whole of [w.number, w.cardNumber, w.participant]) expect(body, route).not.toContain(whole);
    }
    for (const route of Object.keys(asUser).filter((r) => !r.includes("group")))
      expect(asUser[route], route).toContain(maskOf(w.number));
    expect(asUser["GET /messages/{ticketId}"]).toContain(maskOf(w.cardNumber));
    expect(asUser["GET /messages/{group}"]).toContain(maskOf(w.participant));

    const asAdmin = await answers(w, w.adminSession);
    for (const route of Object.keys(asAdmin).filter((r) => !r.includes("group")))
      expect(asAdmin[route], route).toContain(w.number);
    expect(asAdmin["GET /messages/{ticketId}"]).toContain(w.cardNumber);
    expect(asAdmin["GET /messages/{group}"]).toContain(w.participant);
  });

  it("a ticket opened by the user, and a contact they create, come back masked", async () => {
    const w = await world();
    await setLgpd(w.cid, true, true);
    const number = mobile("41");
    const created = await call("POST", "/contacts", w.userSession, { name: nameOf("Novo"), number });
    expect(created.statusCode).toBe(201);
    expect(created.json().number).toBe(maskOf(number));
    expect(created.body).not.toContain(number);
    const opened = await call("POST", "/tickets", w.userSession, {
      contactId: created.json().id,
      whatsappId: w.connection.id,
      queueId: w.queue.id,
      status: "open",
    });
    expect(opened.statusCode, opened.body).toBe(201);
    expect(opened.json().contact.number).toBe(maskOf(number));
  });

  it("searching digits finds no ticket or contact for the user (names still match); admins find them", async () => {
    const w = await world();
    await setLgpd(w.cid, true, true);
    const digits = w.number.slice(4, 10);
    const ids = (body: { tickets: { id: number }[] }) => body.tickets.map((t) => t.id);

    const byDigits = await call("GET", `/tickets?showAll=true&searchParam=${digits}`, w.userSession);
    expect(ids(byDigits.json())).toEqual([]);
    const tail = await call("GET", `/tickets?showAll=true&searchParam=${w.number.slice(-2)}`, w.userSession);
    expect(ids(tail.json())).not.toContain(w.ticket.id);
    const byName = await call("GET", `/tickets?showAll=true&searchParam=${w.contact.name}`, w.userSession);
    expect(ids(byName.json())).toEqual([w.ticket.id]);
    expect(byName.json().tickets[0].contact.number).toBe(maskOf(w.number));
    const contacts = await call("GET", `/contacts?searchParam=${digits}`, w.userSession);
    expect(contacts.json().contacts).toEqual([]);
    const picker = await call("GET", `/contacts/list?searchParam=${digits}`, w.userSession);
    expect(picker.json()).toEqual([]);
    // A lookup by number would say whose number it is.
    const profile = await call("GET", `/contacts/profile/${w.number}`, w.userSession);
    expect(profile.statusCode).toBe(404);

    const adminByDigits = await call("GET", `/tickets?showAll=true&searchParam=${digits}`, w.adminSession);
    expect(ids(adminByDigits.json())).toEqual([w.ticket.id]);
    expect(
      (await call("GET", `/contacts?searchParam=${digits}`, w.adminSession)).json().contacts,
    ).toHaveLength(1);
  });

  it("without LGPD, or with only one of its two settings, the user sees and searches numbers", async () => {
    const w = await world();
    const digits = w.number.slice(4, 10);
    for (const [enableLGPD, lgpdHideNumber] of [
      [false, false],
      [false, true],
      [true, false],
    ] as const) {
      await setLgpd(w.cid, enableLGPD, lgpdHideNumber);
      const label = `enableLGPD ${enableLGPD}, lgpdHideNumber ${lgpdHideNumber}`;
      const asUser = await answers(w, w.userSession);
      for (const route of Object.keys(asUser).filter((r) => !r.includes("group")))
        expect(asUser[route], `${label}: ${route}`).toContain(w.number);
      expect(asUser["GET /messages/{group}"], label).toContain(w.participant);
      const found = await call("GET", `/tickets?showAll=true&searchParam=${digits}`, w.userSession);
      expect(
        found.json().tickets.map((t: { id: number }) => t.id),
        label,
      ).toEqual([w.ticket.id]);
    }
  });

  it("the setting is cached per company and read again once a settings change invalidates it", async () => {
    const w = await world();
    await setLgpd(w.cid, false, false);
    expect((await call("GET", `/contacts/${w.contact.id}`, w.userSession)).json().number).toBe(w.number);
    // Written without telling the cache: still the old value within the period.
    await db()
      .update(companySettings)
      .set({ enableLGPD: "enabled", lgpdHideNumber: "enabled" })
      .where(eq(companySettings.companyId, w.cid));
    expect((await call("GET", `/contacts/${w.contact.id}`, w.userSession)).json().number).toBe(w.number);
    server.numbers.invalidate(w.cid);
    expect((await call("GET", `/contacts/${w.contact.id}`, w.userSession)).json().number).toBe(
      maskOf(w.number),
    );
  });

  it("every route whose answer holds a number names its mask (the app refuses to start otherwise)", () => {
    expect(carriesNumbers(ticketListDto)).toBe(true);
    expect(carriesNumbers(z.object({ page: z.array(contactListDto).optional() }))).toBe(true);
    expect(carriesNumbers(tagDto)).toBe(false);
    const route = { method: "GET", url: "/x", schema: { response: { 200: z.array(contactRefDto) } } };
    expect(() => assertMasksNumbers(route)).toThrow(
      "GET /x answers contacts' numbers without config.numbers",
    );
    expect(() => assertMasksNumbers({ ...route, config: { numbers: maskContactRefs } })).not.toThrow();
    expect(() => assertMasksNumbers({ ...route, schema: { response: { 200: tagDto } } })).not.toThrow();
    const masked = server.app.routeList
      .filter((route) => route.config?.numbers)
      .map((r) => `${r.method} ${r.url}`);
    for (const route of [
      "GET /tickets",
      "GET /tickets/u/:uuid",
      "GET /messages/:ticketId",
      "GET /dashboard/moments",
    ])
      expect(masked).toContain(route);
  });
});

/** Drives every kind of event that carries a contact and waits until both sockets heard each. */
async function driveEvents(w: World) {
  const admin = await clients.hearingAll(w.adminSession.token);
  const user = await clients.hearingAll(w.userSession.token);
  for (const s of [admin, user]) {
    s.socket.emit("joinChatBox", String(w.ticket.id));
    s.socket.emit("joinChatBox", String(w.groupTicket.id));
  }
  await settle(150);
  const both = async (what: string, test: (e: { name: string; payload: unknown }) => boolean) => {
    await until(() => admin.events.some(test) && user.events.some(test), what);
  };
  const body = (e: { payload: unknown }) => (e.payload as { message?: { body?: string } }).message?.body;
  const ev = (topic: string) => `company-${w.cid}-${topic}`;

  // company-{id}-contact
  expect(
    (await call("PUT", `/contacts/${w.contact.id}`, w.adminSession, { name: nameOf("Maria") })).statusCode,
  ).toBe(200);
  await both("contact update", (e) => e.name === ev("contact"));

  // company-{id}-appMessage create (+ ticket update): a private note
  const note = unique("nota");
  const sent = await call("POST", `/messages/${w.ticket.id}`, w.adminSession, {
    body: note,
    isPrivate: true,
  });
  expect(sent.statusCode, sent.body).toBe(200);
  await both("note", (e) => e.name === ev("appMessage") && body(e) === note);

  // Inbound: a group member writes, and a contact card arrives, then a reaction updates the member's message.
  const groupMessageId = unique("wamid");
  const groupBody = unique("grupo");
  const cardBody = unique("cartao");
  const inbound: InboundEvent[] = [
    {
      kind: "message",
      message: {
        providerMessageId: groupMessageId,
        timestamp: new Date(),
        fromMe: false,
        contact: { id: w.participant, name: "Membro" },
        group: { id: "120363000000000001@g.us", name: "Grupo" },
        body: groupBody,
        mediaType: "chat",
        isForwarded: false,
      },
    },
    {
      kind: "message",
      message: {
        providerMessageId: unique("wamid"),
        timestamp: new Date(),
        fromMe: false,
        contact: { id: w.number, name: "Maria" },
        body: cardBody,
        mediaType: "contactMessage",
        isForwarded: false,
        extra: { contacts: [{ name: { formatted_name: "Card" }, phones: [{ wa_id: w.cardNumber }] }] },
      },
    },
  ];
  await server.ingest.deliver(w.connection, inbound);
  await both("group message", (e) => e.name === ev("appMessage") && body(e) === groupBody);
  await both("card", (e) => e.name === ev("appMessage") && body(e) === cardBody);
  await server.ingest.deliver(w.connection, [
    {
      kind: "reaction",
      contact: { id: w.participant },
      fromMe: false,
      targetProviderMessageId: groupMessageId,
      emoji: "👍",
      timestamp: new Date(),
    },
  ]);
  await both(
    "reaction",
    (e) =>
      e.name === ev("appMessage") &&
      (e.payload as { action: string }).action === "update" &&
      body(e) === groupBody,
  );

  // company-{id}-ticket: a transfer, then a delete.
  const moved = await call("PUT", `/tickets/${w.ticket.id}`, w.adminSession, {
    status: "pending",
    userId: null,
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await both(
    "ticket update",
    (e) =>
      e.name === ev("ticket") && (e.payload as { ticket?: { status?: string } }).ticket?.status === "pending",
  );
  expect((await call("DELETE", `/tickets/${w.ticket.id}`, w.adminSession)).statusCode).toBe(200);
  await both(
    "ticket delete",
    (e) => e.name === ev("ticket") && (e.payload as { action: string }).action === "delete",
  );
  await settle(100);
  return { admin: admin.events, user: user.events };
}

const carrying = (events: { name: string; payload: unknown }[]) =>
  events.filter((e) => /-(ticket|appMessage|contact)$/.test(e.name)).map((e) => JSON.stringify(e.payload));

describe("LGPD over the sockets: each audience gets its own payload", () => {
  it("ordinary users' sockets get every contact, ticket and message event with numbers masked; admins' whole", async () => {
    const w = await world();
    await setLgpd(w.cid, true, true);
    const heard = await driveEvents(w);

    const userPayloads = carrying(heard.user);
    expect(userPayloads.length).toBeGreaterThanOrEqual(8);
    for (const payload of userPayloads)
      for (const whole of [w.number, w.cardNumber, w.participant]) expect(payload).not.toContain(whole);
    const userText = userPayloads.join("\n");
    for (const mask of [maskOf(w.number), maskOf(w.cardNumber), maskOf(w.participant)])
      expect(userText).toContain(mask);

    const adminText = carrying(heard.admin).join("\n");
    for (const whole of [w.number, w.cardNumber, w.participant]) expect(adminText).toContain(whole);
    expect(adminText).not.toContain("**-**");
  });

  it("without the settings, the user's socket gets the numbers", async () => {
    const w = await world();
    await setLgpd(w.cid, false, false);
    const heard = await driveEvents(w);
    const userText = carrying(heard.user).join("\n");
    for (const whole of [w.number, w.cardNumber, w.participant]) expect(userText).toContain(whole);
    expect(userText).not.toContain("**-**");
  });

  it("a user made admin gets numbers whole on their next socket; made user again, masked", async () => {
    const w = await world();
    await setLgpd(w.cid, true, true);
    const numbersIn = async (profile: "admin" | "user") => {
      const res = await call("PUT", `/users/${w.user.id}`, w.adminSession, { profile });
      expect(res.statusCode, res.body).toBe(200);
      // A profile change may end the user's sessions: the next socket is opened with a new login.
      const user = await clients.hearingAll((await login(server.app, w.user.email)).token);
      const name = nameOf("Maria");
      await call("PUT", `/contacts/${w.contact.id}`, w.adminSession, { name });
      const named = (e: { payload: unknown }) =>
        (e.payload as { contact?: { name?: string } }).contact?.name === name;
      await until(() => user.events.some(named), `contact ${name}`);
      const event = user.events.find(named);
      return (event?.payload as { contact?: { number?: string } } | undefined)?.contact?.number;
    };
    expect(await numbersIn("admin")).toBe(w.number);
    expect(await numbersIn("user")).toBe(maskOf(w.number));
  });
});
