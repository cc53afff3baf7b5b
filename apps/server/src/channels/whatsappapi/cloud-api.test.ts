import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectedCompany, eventually, startMetaWorld } from "../../../test/meta.js";
import { contacts, messages, tickets, webhookDeliveries } from "../../db/schema/index.js";

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
const messagesOf = (companyId: number) =>
  db().select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);
const ticketsOf = (companyId: number) => db().select().from(tickets).where(eq(tickets.companyId, companyId));

describe("WhatsApp Cloud API webhooks", () => {
  it("answers the handshake with the challenge for the right verify token, 403 otherwise", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const ok = await world.sim.verifyWebhook(account.accountId);
    expect(ok).toMatchObject({ status: 200, ok: true });
    const wrong = await fetch(
      `${account.webhookUrl}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=123`,
    );
    expect(wrong.status).toBe(403);
  });

  it("refuses unsigned and tampered deliveries and stores nothing", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const payload = { object: "whatsapp_business_account", entry: [] };
    expect((await world.sim.deliver(account.accountId, payload, { sign: false })).status).toBe(401);
    expect((await world.sim.deliver(account.accountId, payload, { sign: "tamper" })).status).toBe(401);
    const stored = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.whatsappId, account.connectionId));
    expect(stored).toEqual([]);
  });

  it("stores a signed text once, even when delivered twice", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const first = await world.sim.cloud.text(account.accountId, {
      from: "5511912345678",
      name: "Maria",
      body: "Oi!",
    });
    expect(first.status).toBe(200);
    await world.sim.redeliver(first.deliveryId);
    const [stored] = await eventually(async () => {
      const rows = await messagesOf(account.team.company.id);
      return rows.length ? rows : undefined;
    });
    expect(stored).toMatchObject({ body: "Oi!", fromMe: false, providerMessageId: first.providerMessageId });
    await eventually(async () => {
      const rows = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.whatsappId, account.connectionId));
      return rows.length === 0; // every delivery processed (a processed one is deleted)
    });
    expect(await messagesOf(account.team.company.id)).toHaveLength(1);
    const [contact] = await db()
      .select()
      .from(contacts)
      .where(eq(contacts.companyId, account.team.company.id));
    expect(contact).toMatchObject({ name: "Maria", number: "5511912345678" });
    expect((await ticketsOf(account.team.company.id))[0]).toMatchObject({
      status: "pending",
      unreadMessages: 1,
    });
  });

  it("stores every inbound type of channels.md, downloading media into storage", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const from = "5511933334444";
    const sim = world.sim.cloud;
    const text = await sim.text(account.accountId, { from, body: "primeira" });
    await sim.image(account.accountId, { from, caption: "foto" });
    await sim.video(account.accountId, { from });
    await sim.audio(account.accountId, { from, voice: true });
    await sim.document(account.accountId, { from, filename: "nota.pdf", caption: "nota" });
    await sim.sticker(account.accountId, { from });
    await sim.location(account.accountId, {
      from,
      latitude: -23.5,
      longitude: -46.6,
      placeName: "Escritório",
      address: "Av. Paulista",
    });
    await sim.contacts(account.accountId, { from, contacts: [{ name: "João", phone: "+55 11 98888-7777" }] });
    await sim.buttonReply(account.accountId, { from, buttonId: "b1", title: "Sim" });
    await sim.listReply(account.accountId, { from, rowId: "r1", title: "Opção 2" });
    await sim.button(account.accountId, { from, payload: "P", text: "Quero" });
    await sim.unsupported(account.accountId, { from });
    await sim.text(account.accountId, {
      from,
      body: "respondendo",
      context: { id: text.providerMessageId } as never,
    });
    const rows = await eventually(async () => {
      const all = await messagesOf(account.team.company.id);
      return all.length === 13 ? all : undefined;
    });
    const byType = Object.fromEntries(rows.map((r) => [r.mediaType + (r.body ? `:${r.body}` : ""), r]));
    expect(rows.map((r) => r.mediaType)).toEqual([
      "chat",
      "image",
      "video",
      "audio",
      "application",
      "sticker",
      "locationMessage",
      "contactMessage",
      "interactive",
      "interactive",
      "interactive",
      "unsupported",
      "chat",
    ]);
    for (const media of rows.slice(1, 6)) {
      expect(media.mediaUrl, media.mediaType).toMatch(/^\/public\/company\d+\/media\//);
      const file = await world.server.app.inject({ method: "GET", url: media.mediaUrl as string });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.length).toBeGreaterThan(0);
    }
    expect(byType["image:foto"]).toBeDefined();
    expect(rows[6]?.body).toBe("Escritório - Av. Paulista");
    expect(rows[7]?.body).toBe("João");
    expect(rows[8]?.body).toBe("Sim");
    expect(rows[12]?.quotedMsgId).toBe(rows[0]?.id);
  });

  it("applies statuses in any order without moving an ack back, and reactions to the right message", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const from = "5511955556666";
    const inbound = await world.sim.cloud.text(account.accountId, { from, body: "oi" });
    const ticket = await eventually(async () => (await ticketsOf(account.team.company.id))[0]);
    const sent = await world.server.outbound.queue({
      companyId: account.team.company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: account.connectionId,
      body: "Olá, em que posso ajudar?",
    });
    const send = await world.sim.waitFor((s) => s.recipient === from && s.id !== undefined);
    const wamid = send.id as string;
    expect(send.body).toMatchObject({
      messaging_product: "whatsapp",
      to: from,
      type: "text",
      text: { body: "Olá, em que posso ajudar?" },
    });
    // The statuses are about a message we stored: one that outruns the stored id is retried when
    // the id is stored (webhooks/waiting-for-sends.test.ts), which this test is not about. The sim
    // saw the request before the server stored the answer's id.
    await eventually(async () => {
      const [row] = await db().select().from(messages).where(eq(messages.id, sent.id));
      return row?.providerMessageId === wamid;
    });
    await world.sim.sendStatus(account.accountId, { id: wamid, status: "read", recipientId: from });
    await world.sim.sendStatus(account.accountId, { id: wamid, status: "delivered", recipientId: from });
    await world.sim.sendStatus(account.accountId, { id: wamid, status: "sent", recipientId: from });
    await world.sim.cloud.reaction(account.accountId, {
      from,
      messageId: inbound.providerMessageId as string,
      emoji: "👍",
    });
    await eventually(async () => {
      const [row] = await db().select().from(messages).where(eq(messages.id, sent.id));
      return row?.ack === 3;
    });
    await new Promise((r) => setTimeout(r, 200));
    const [row] = await db().select().from(messages).where(eq(messages.id, sent.id));
    expect(row).toMatchObject({ ack: 3, providerMessageId: wamid });
    const [reacted] = await eventually(async () => {
      const r = await db()
        .select()
        .from(messages)
        .where(
          and(
            eq(messages.companyId, account.team.company.id),
            eq(messages.providerMessageId, inbound.providerMessageId as string),
          ),
        );
      return r[0]?.reactions.length ? r : undefined;
    });
    expect(reacted?.reactions).toMatchObject([{ emoji: "👍", fromMe: false }]);
  });

  it("a batch of many updates in one delivery stores them all", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const specs = Array.from({ length: 40 }, (_, i) => ({
      type: "text" as const,
      from: `55119000000${String(i % 4).padStart(2, "0")}`,
      body: `b${i}`,
    }));
    const result = await world.sim.batch(account.accountId, specs as never);
    expect(result.status).toBe(200);
    const rows = await eventually(async () => {
      const all = await messagesOf(account.team.company.id);
      return all.length === 40 ? all : undefined;
    });
    expect(new Set(rows.map((r) => r.body)).size).toBe(40);
    expect(await ticketsOf(account.team.company.id)).toHaveLength(4);
  });

  it("50 concurrent first messages from one new contact: one contact, one ticket, 50 messages", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        world.sim.cloud.text(account.accountId, { from: "5511977778888", body: `m${i}` }),
      ),
    );
    expect(results.every((r) => r.status === 200)).toBe(true);
    await eventually(async () => (await messagesOf(account.team.company.id)).length === 50);
    expect(
      await db().select().from(contacts).where(eq(contacts.companyId, account.team.company.id)),
    ).toHaveLength(1);
    expect(await ticketsOf(account.team.company.id)).toHaveLength(1);
  });

  it("a provider error becomes ERR_SENDING_WAPP_MSG; the 24-hour window error is recognised as such", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const from = "5511922223333";
    await world.sim.cloud.text(account.accountId, { from, body: "oi" });
    const ticket = await eventually(async () => (await ticketsOf(account.team.company.id))[0]);
    const base = {
      companyId: account.team.company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: account.connectionId,
    };

    world.sim.failNextSend(account.accountId, world.sim.errors.reEngagement);
    const late = await world.server.outbound.queue({ ...base, body: "tarde demais" });
    const lateRow = await eventually(async () =>
      (await db().select().from(messages).where(eq(messages.id, late.id)))[0]?.sendError
        ? (await db().select().from(messages).where(eq(messages.id, late.id)))[0]
        : undefined,
    );
    expect(lateRow).toMatchObject({ sendError: "ERR_OUTSIDE_24H_WINDOW", providerMessageId: null });

    world.sim.failNextSend(account.accountId, {
      httpStatus: 400,
      error: { message: "(#100) Invalid parameter", type: "OAuthException", code: 100 },
    } as never);
    const bad = await world.server.outbound.queue({ ...base, body: "inválida" });
    const badRow = await eventually(async () =>
      (await db().select().from(messages).where(eq(messages.id, bad.id)))[0]?.sendError
        ? (await db().select().from(messages).where(eq(messages.id, bad.id)))[0]
        : undefined,
    );
    expect(badRow?.sendError).toBe("ERR_SENDING_WAPP_MSG");
  });

  it("a retryable provider error leaves the message for the sweeper, which sends it exactly once", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const from = "5511944445555";
    await world.sim.cloud.text(account.accountId, { from, body: "oi" });
    const ticket = await eventually(async () => (await ticketsOf(account.team.company.id))[0]);
    world.sim.failNextSend(account.accountId, world.sim.errors.generic);
    const queued = await world.server.outbound.queue({
      companyId: account.team.company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: account.connectionId,
      body: "de novo",
    });
    await world.sim.waitFor((s) => s.recipient === from && s.httpStatus >= 500);
    // Let its backoff pass, then sweep twice at once.
    await eventually(
      async () => (await db().select().from(messages).where(eq(messages.id, queued.id)))[0]?.sendRetryAt,
    );
    await db()
      .update(messages)
      .set({ sendRetryAt: new Date(Date.now() - 1_000) })
      .where(eq(messages.id, queued.id));
    await Promise.all([world.server.outbound.sweep(30), world.server.outbound.sweep(30)]);
    const [row] = await db().select().from(messages).where(eq(messages.id, queued.id));
    expect(row?.providerMessageId).toMatch(/^wamid\./);
    expect(world.sim.sent.filter((s) => s.recipient === from && s.id)).toHaveLength(1);
  });
});
