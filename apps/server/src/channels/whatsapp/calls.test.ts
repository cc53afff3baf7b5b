import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import { companySettings, contacts, messages, tickets, whatsapps } from "../../db/schema/index.js";
import { parseCloudApiWebhook } from "../whatsappapi/parse.js";
import { createWhatsappAdapter, sessionHooksFromSink } from "./adapter.js";
import { callsToEvents } from "./events.js";
import { WhatsappSessionManager } from "./session-manager.js";
import type { WhatsappConnectionRef } from "./socket.js";
import { type FakeSocket, fakeSocketFactory, TIMESTAMP, userKey, waMessage } from "./test-support.js";

/**
 * acceptCallWhatsapp (issue 9 rule 8): a call to a WhatsApp Web connection is
 * declined and answered with AcceptCallWhatsappMessage when the company does
 * not accept calls. The session runs on the Baileys test socket; what
 * rejectCall and sendMessage received is the assertion.
 */

let server: TestServer;
let manager: WhatsappSessionManager;
const sockets = fakeSocketFactory();

beforeAll(async () => {
  server = await startTestServer();
  manager = new WhatsappSessionManager({
    db: server.database.db,
    socketFactory: sockets.factory,
    hooks: sessionHooksFromSink(server.ingest),
  });
  server.channels.register(createWhatsappAdapter(manager));
});
afterAll(async () => {
  await manager.stopAll();
  await server.close();
});

const db = () => server.database.db;
const CALLER = "5511912345678";
const CALLER_JID = `${CALLER}@s.whatsapp.net`;

/** A company with a connected WhatsApp Web session and its calls setting. */
async function connected(acceptCallWhatsapp: "enabled" | "disabled", message: string | null) {
  const team = await buildTeam(server.app, db());
  const companyId = team.company.id;
  await db()
    .update(companySettings)
    .set({ acceptCallWhatsapp, acceptCallWhatsappMessage: message })
    .where(eq(companySettings.companyId, companyId));
  const [row] = await db()
    .insert(whatsapps)
    .values({ companyId, name: "web", channel: "whatsapp" })
    .returning();
  const connection: WhatsappConnectionRef = { id: row!.id, companyId };
  await manager.start(connection);
  const socket: FakeSocket = sockets.last();
  socket.open();
  const ticketsOf = () =>
    db().select().from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id));
  const messagesOf = () =>
    db().select().from(messages).where(eq(messages.companyId, companyId)).orderBy(asc(messages.id));
  /** Every event the socket emitted so far has gone through ingest. */
  const settled = () => manager.settled(connection);
  return { team, companyId, connection, socket, ticketsOf, messagesOf, settled };
}

const textsTo = (socket: FakeSocket, jid: string) =>
  socket.sent.filter((s) => s.jid === jid).map((s) => ("text" in s.content ? s.content.text : ""));

describe("acceptCallWhatsapp disabled", () => {
  it("the call is rejected and the caller gets the message on a ticket opened for them, once per call", async () => {
    const c = await connected("disabled", "Não atendemos ligações, {{firstName}}. Escreva aqui!");
    c.socket.offerCall({ id: "CALL-1", from: CALLER_JID, isVideo: true });
    await c.settled();
    expect(c.socket.rejectedCalls).toEqual([{ callId: "CALL-1", from: CALLER_JID }]);

    const sent = await eventually(async () => {
      const texts = textsTo(c.socket, CALLER_JID);
      return texts.length > 0 && texts;
    });
    expect(sent).toEqual(["Não atendemos ligações, 5511912345678. Escreva aqui!"]);
    const [contact] = await db().select().from(contacts).where(eq(contacts.companyId, c.companyId));
    expect(contact).toMatchObject({ number: CALLER, channel: "whatsapp" });
    const [ticket] = await c.ticketsOf();
    expect(ticket).toMatchObject({
      status: "pending",
      contactId: contact!.id,
      whatsappId: c.connection.id,
      unreadMessages: 0,
      lastMessage: "Não atendemos ligações, 5511912345678. Escreva aqui!",
    });
    const stored = await eventually(async () => {
      const [m] = await c.messagesOf();
      return m?.providerMessageId ? m : undefined;
    });
    expect(stored).toMatchObject({ fromMe: true, ticketId: ticket!.id, userId: null, ack: 1 });
    expect(stored.extra).toMatchObject({ sentBy: "bot", rejectedCallId: "CALL-1" });

    // The same offer again (a repeated event): rejected again, answered once.
    c.socket.offerCall({ id: "CALL-1", from: CALLER_JID });
    await c.settled();
    expect(c.socket.rejectedCalls).toHaveLength(2);
    expect(await c.messagesOf()).toHaveLength(1);
    expect(await c.ticketsOf()).toHaveLength(1);
  });

  it("a caller with an open conversation gets the answer in it; a later call is answered again", async () => {
    const c = await connected("disabled", "Só atendemos por mensagem.");
    c.socket.emit("messages.upsert", {
      type: "notify",
      messages: [waMessage(userKey("IN-1", { remoteJid: CALLER_JID }), { conversation: "Olá" })],
    });
    await c.settled();
    const [ticket] = await c.ticketsOf();
    c.socket.offerCall({ id: "CALL-A", from: CALLER_JID });
    c.socket.offerCall({ id: "CALL-B", from: CALLER_JID });
    await c.settled();
    await eventually(async () => textsTo(c.socket, CALLER_JID).length === 2);
    expect(await c.ticketsOf()).toHaveLength(1);
    const rows = await db()
      .select({ body: messages.body, fromMe: messages.fromMe })
      .from(messages)
      .where(eq(messages.ticketId, ticket!.id))
      .orderBy(asc(messages.id));
    expect(rows).toEqual([
      { body: "Olá", fromMe: false },
      { body: "Só atendemos por mensagem.", fromMe: true },
      { body: "Só atendemos por mensagem.", fromMe: true },
    ]);
  });

  it("a caller hidden behind a privacy id is answered at that id and stored by their number when WhatsApp gives it", async () => {
    const c = await connected("disabled", "Sem ligações.");
    c.socket.offerCall({ id: "CALL-LID", from: "123456789@lid", callerPn: CALLER_JID });
    await c.settled();
    expect(c.socket.rejectedCalls).toEqual([{ callId: "CALL-LID", from: "123456789@lid" }]);
    const [contact] = await db().select().from(contacts).where(eq(contacts.companyId, c.companyId));
    expect(contact).toMatchObject({ number: CALLER, lid: "123456789@lid" });
    await eventually(async () => textsTo(c.socket, CALLER_JID).length === 1);
  });
});

describe("acceptCallWhatsapp enabled (the default)", () => {
  it("nothing happens: no rejection, no message, no ticket", async () => {
    const c = await connected("enabled", "Não atendemos ligações");
    c.socket.offerCall({ id: "CALL-2", from: CALLER_JID });
    await c.settled();
    expect(c.socket.rejectedCalls).toEqual([]);
    expect(c.socket.sent).toEqual([]);
    expect(await c.ticketsOf()).toEqual([]);
    expect(await db().select().from(contacts).where(eq(contacts.companyId, c.companyId))).toEqual([]);
  });
});

describe("call events", () => {
  const offer = { chatId: CALLER_JID, date: new Date(TIMESTAMP * 1000), offline: false } as const;

  it("only an offer of a one-to-one call from someone else becomes an event", () => {
    const me = { id: "5511988887777:3@s.whatsapp.net", lid: "99887766@lid" };
    const events = callsToEvents(
      [
        { ...offer, id: "A", from: CALLER_JID, status: "offer", isVideo: false },
        { ...offer, id: "A", from: CALLER_JID, status: "ringing" },
        { ...offer, id: "A", from: CALLER_JID, status: "timeout" },
        { ...offer, id: "G", from: CALLER_JID, status: "offer", isGroup: true, groupJid: "1203@g.us" },
        { ...offer, id: "M", from: "5511988887777@s.whatsapp.net", status: "offer" },
      ],
      me,
    );
    expect(events).toEqual([
      {
        kind: "call",
        callId: "A",
        contact: { id: CALLER },
        providerFrom: CALLER_JID,
        isVideo: false,
        timestamp: new Date(TIMESTAMP * 1000),
      },
    ]);
  });

  it("Cloud API calls webhooks are not handled yet: no event, a logged notice", () => {
    const parsed = parseCloudApiWebhook({
      object: "whatsapp_business_account",
      entry: [
        {
          id: "waba",
          changes: [
            {
              field: "calls",
              value: {
                messaging_product: "whatsapp",
                metadata: { display_phone_number: "15550001111", phone_number_id: "1234" },
                calls: [{ id: "wacid.1", from: CALLER, to: "15550001111", event: "connect" }],
              },
            },
          ],
        },
      ],
    });
    expect(parsed).toEqual([
      {
        channel: "whatsappapi",
        accountId: "1234",
        events: [],
        notices: ["ignored a calls webhook (1 call event(s)): Cloud API calls are not handled yet"],
      },
    ]);
  });
});
