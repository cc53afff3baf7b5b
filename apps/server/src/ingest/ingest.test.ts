import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildConnection, unique } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import type { InboundEvent, InboundMessage } from "../channels/types.js";
import { companySettings, contacts, messages, ticketLogs, tickets } from "../db/schema/index.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const text = (
  from: string,
  id = unique("wamid"),
  body = "Olá",
  extra: Partial<InboundMessage> = {},
): InboundEvent => ({
  kind: "message",
  message: {
    providerMessageId: id,
    timestamp: new Date(),
    fromMe: false,
    contact: { id: from, name: "Cliente" },
    body,
    mediaType: "chat",
    isForwarded: false,
    ...extra,
  },
});

async function setup(overrides: Parameters<typeof buildConnection>[2] = {}) {
  const company = await buildCompany(server.database.db);
  const connection = await buildConnection(server.database.db, company.id, {
    channel: "whatsappapi",
    ...overrides,
  });
  return { company, connection };
}

const rowsOf = async (companyId: number) => ({
  contacts: await server.database.db.select().from(contacts).where(eq(contacts.companyId, companyId)),
  tickets: await server.database.db.select().from(tickets).where(eq(tickets.companyId, companyId)),
  messages: await server.database.db.select().from(messages).where(eq(messages.companyId, companyId)),
});

describe("ingest", () => {
  it("a first message creates the contact, a pending ticket with one unread message, and a create log", async () => {
    const { company, connection } = await setup();
    await server.ingest.deliver(connection, [text("556199998888", "wamid.1", "Bom dia")]);
    const rows = await rowsOf(company.id);
    expect(rows.contacts).toMatchObject([{ number: "5561999998888", name: "Cliente", channel: "whatsapp" }]);
    expect(rows.tickets).toMatchObject([
      { status: "pending", unreadMessages: 1, lastMessage: "Bom dia", channel: "whatsappapi" },
    ]);
    expect(rows.messages).toMatchObject([
      { body: "Bom dia", fromMe: false, providerMessageId: "wamid.1", ack: 0 },
    ]);
    const logs = await server.database.db
      .select()
      .from(ticketLogs)
      .where(eq(ticketLogs.ticketId, rows.tickets[0]!.id));
    expect(logs.map((l) => l.type)).toEqual(["create"]);
  });

  it("the same delivery twice stores one message and counts one unread", async () => {
    const { company, connection } = await setup();
    const event = text("5511988887777", "wamid.dup");
    await server.ingest.deliver(connection, [event]);
    await server.ingest.deliver(connection, [event]);
    const rows = await rowsOf(company.id);
    expect(rows.messages).toHaveLength(1);
    expect(rows.tickets[0]?.unreadMessages).toBe(1);
  });

  it("50 concurrent first messages from one new contact: one contact, one ticket, 50 messages", async () => {
    const { company, connection } = await setup();
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        server.ingest.deliver(connection, [text("5511977776666", `wamid.c${i}`, `m${i}`)]),
      ),
    );
    const rows = await rowsOf(company.id);
    expect(rows.contacts).toHaveLength(1);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.messages).toHaveLength(50);
    expect(rows.tickets[0]?.unreadMessages).toBe(50);
  });

  it("one person with and without Brazil's ninth digit is one contact", async () => {
    const { company, connection } = await setup();
    await server.ingest.deliver(connection, [text("556188887777"), text("5561988887777")]);
    const rows = await rowsOf(company.id);
    expect(rows.contacts).toHaveLength(1);
    expect(rows.tickets).toHaveLength(1);
    expect(rows.messages).toHaveLength(2);
  });

  it("acks only move forward, in whatever order statuses arrive", async () => {
    const { company, connection } = await setup();
    await server.ingest.deliver(connection, [text("5511966665555", "wamid.out", "x", { fromMe: true })]);
    await server.ingest.deliver(connection, [{ kind: "ack", providerMessageId: "wamid.out", ack: 3 }]);
    await server.ingest.deliver(connection, [
      { kind: "ack", providerMessageId: "wamid.out", ack: 2 },
      { kind: "ack", providerMessageId: "wamid.out", ack: 1 },
    ]);
    const [row] = (await rowsOf(company.id)).messages;
    expect(row?.ack).toBe(3);
  });

  it("a status for a message not stored yet is refused so the delivery is retried", async () => {
    const { connection } = await setup();
    await expect(
      server.ingest.deliver(connection, [{ kind: "ack", providerMessageId: "wamid.unknown", ack: 2 }]),
    ).rejects.toThrow(/not stored/);
  });

  it("a failed status with 131047 marks the message as outside the 24-hour window", async () => {
    const { company, connection } = await setup();
    await server.ingest.deliver(connection, [text("5511955554444", "wamid.late", "x", { fromMe: true })]);
    await server.ingest.deliver(connection, [
      {
        kind: "ack",
        providerMessageId: "wamid.late",
        ack: 0,
        error: { code: 131047, title: "Re-engagement message" },
      },
    ]);
    const [row] = (await rowsOf(company.id)).messages;
    expect(row).toMatchObject({
      sendError: "ERR_OUTSIDE_24H_WINDOW",
      sendErrorMessage: "Re-engagement message",
    });
  });

  it("reactions are applied to the right message, replaced per sender and removed with an empty emoji", async () => {
    const { company, connection } = await setup();
    await server.ingest.deliver(connection, [
      text("5511944443333", "wamid.r1"),
      text("5511944443333", "wamid.r2"),
    ]);
    const react = (emoji: string): InboundEvent => ({
      kind: "reaction",
      contact: { id: "5511944443333" },
      fromMe: false,
      targetProviderMessageId: "wamid.r1",
      emoji,
      timestamp: new Date(),
    });
    await server.ingest.deliver(connection, [react("👍"), react("❤️")]);
    let rows = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, company.id), eq(messages.providerMessageId, "wamid.r1")));
    expect(rows[0]?.reactions.map((r) => r.emoji)).toEqual(["❤️"]);
    await server.ingest.deliver(connection, [react("")]);
    rows = await server.database.db
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, company.id), eq(messages.providerMessageId, "wamid.r1")));
    expect(rows[0]?.reactions).toEqual([]);
    expect((await rowsOf(company.id)).messages).toHaveLength(2);
  });

  it("edits and deletes change the right message", async () => {
    const { company, connection } = await setup();
    await server.ingest.deliver(connection, [text("5511933332222", "wamid.e1", "antes")]);
    await server.ingest.deliver(connection, [
      { kind: "edit", providerMessageId: "wamid.e1", body: "depois" },
    ]);
    await server.ingest.deliver(connection, [{ kind: "delete", providerMessageId: "wamid.e1" }]);
    const [row] = (await rowsOf(company.id)).messages;
    expect(row).toMatchObject({ body: "depois", isEdited: true, isDeleted: true });
  });

  it("LGPD with lgpdDeleteMessage: a message the contact deletes is erased, not only marked", async () => {
    const { company, connection } = await setup();
    await server.database.db
      .update(companySettings)
      .set({ enableLGPD: "enabled", lgpdDeleteMessage: "enabled" })
      .where(eq(companySettings.companyId, company.id));
    await server.ingest.deliver(connection, [text("5511933332299", "wamid.lgpd1", "meu CPF é 123")]);
    await server.ingest.deliver(connection, [{ kind: "delete", providerMessageId: "wamid.lgpd1" }]);
    const [row] = (await rowsOf(company.id)).messages;
    expect(row).toMatchObject({ body: "", isDeleted: true, mediaUrl: null });
  });

  it("an echo of our own message neither counts as unread nor duplicates", async () => {
    const { company, connection } = await setup();
    await server.ingest.deliver(connection, [text("5511922221111", "wamid.in")]);
    const echo = text("5511922221111", "wamid.echo", "resposta", { fromMe: true });
    await server.ingest.deliver(connection, [echo, echo]);
    const rows = await rowsOf(company.id);
    expect(rows.messages).toHaveLength(2);
    expect(rows.tickets[0]?.unreadMessages).toBe(1);
  });

  it("group messages become group tickets only when the connection allows groups", async () => {
    const grouped = text("5511911110000", "wamid.g1", "no grupo", {
      group: { id: "120363000000000001", name: "Equipe" },
    });
    const closed = await setup({ allowGroup: false });
    await server.ingest.deliver(closed.connection, [grouped]);
    expect((await rowsOf(closed.company.id)).messages).toHaveLength(0);

    const open = await setup({ allowGroup: true });
    await server.ingest.deliver(open.connection, [grouped]);
    const rows = await rowsOf(open.company.id);
    expect(rows.tickets).toMatchObject([{ isGroup: true, status: "group" }]);
    expect(rows.contacts).toMatchObject([{ isGroup: true, number: "120363000000000001", name: "Equipe" }]);
    expect(rows.messages).toMatchObject([{ participant: "5511911110000" }]);
  });

  it("history sync (Baileys append) is stored without counting unread", async () => {
    const { company, connection } = await setup();
    await server.ingest.deliver(connection, [
      text("5511900009999", "wamid.h", "antiga", { extra: { append: true } }),
    ]);
    const rows = await rowsOf(company.id);
    expect(rows.messages).toHaveLength(1);
    expect(rows.tickets[0]?.unreadMessages).toBe(0);
  });
});
