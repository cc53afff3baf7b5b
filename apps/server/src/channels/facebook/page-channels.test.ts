import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectedCompany, eventually, type MetaChannel, startMetaWorld } from "../../../test/meta.js";
import { contacts, messages, tickets } from "../../db/schema/index.js";

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
const messagesOf = (companyId: number) =>
  db().select().from(messages).where(eq(messages.companyId, companyId)).orderBy(messages.id);
const waitMessages = (companyId: number, count: number) =>
  eventually(async () => {
    const rows = await messagesOf(companyId);
    return rows.length === count ? rows : undefined;
  });

/** The sim's builders for the two page channels share their shape. */
const page = (channel: "facebook" | "instagram") =>
  channel === "facebook" ? world.sim.messenger : world.sim.instagram;

describe.each<MetaChannel & ("facebook" | "instagram")>(["facebook", "instagram"])(
  "%s webhooks",
  (channel) => {
    // The sim keeps every send of the file: contacts differ per channel so lookups cannot match the other's.
    const psid = (n: number) => `${channel === "facebook" ? 1 : 2}${n}`;
    it("handshake, unsigned and tampered deliveries", async () => {
      const account = await connectedCompany(world, channel);
      expect(await world.sim.verifyWebhook(account.accountId)).toMatchObject({ status: 200, ok: true });
      expect((await world.sim.verifyWebhook(account.accountId, "wrong")).status).toBe(403);
      const envelope = { object: channel === "facebook" ? "page" : "instagram", entry: [] };
      expect((await world.sim.deliver(account.accountId, envelope, { sign: false })).status).toBe(401);
      expect((await world.sim.deliver(account.accountId, envelope, { sign: "tamper" })).status).toBe(401);
    });

    it("a text, redelivered, is stored once for one contact and one ticket", async () => {
      const account = await connectedCompany(world, channel);
      const first = await page(channel).text(account.accountId, {
        from: psid(7001),
        name: "Ana",
        text: "Olá",
      });
      expect(first.status).toBe(200);
      await world.sim.redeliver(first.deliveryId);
      const [row] = await waitMessages(account.team.company.id, 1);
      expect(row).toMatchObject({ body: "Olá", fromMe: false, providerMessageId: first.providerMessageId });
      await new Promise((r) => setTimeout(r, 200));
      expect(await messagesOf(account.team.company.id)).toHaveLength(1);
      const [contact] = await db()
        .select()
        .from(contacts)
        .where(eq(contacts.companyId, account.team.company.id));
      expect(contact).toMatchObject({ number: psid(7001), channel });
    });

    it("attachments are downloaded into storage", async () => {
      const account = await connectedCompany(world, channel);
      await page(channel).attachment(account.accountId, { from: psid(7002), attachmentType: "image" });
      const [row] = await waitMessages(account.team.company.id, 1);
      expect(row?.mediaType).toBe("image");
      expect(row?.mediaUrl).toMatch(/^\/public\/company\d+\/media\//);
    });

    it("an echo of our own send is not stored twice; reactions land on the right message", async () => {
      const account = await connectedCompany(world, channel);
      const inbound = await page(channel).text(account.accountId, { from: psid(7003), text: "Oi" });
      const [, ticket] = [
        await waitMessages(account.team.company.id, 1),
        (await db().select().from(tickets).where(eq(tickets.companyId, account.team.company.id)))[0],
      ];
      if (!ticket) throw new Error("no ticket");
      const sent = await world.server.outbound.queue({
        companyId: account.team.company.id,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId: account.connectionId,
        body: "Resposta",
      });
      const request = await world.sim.waitFor((s) => s.recipient === psid(7003) && s.id !== undefined);
      expect(request.body).toMatchObject({
        recipient: { id: psid(7003) },
        messaging_type: "RESPONSE",
        message: { text: "Resposta" },
      });
      await eventually(
        async () =>
          (await db().select().from(messages).where(eq(messages.id, sent.id)))[0]?.providerMessageId,
      );
      await page(channel).echo(account.accountId, { from: psid(7003), text: "Resposta", mid: request.id });
      await page(channel).reaction(account.accountId, {
        from: psid(7003),
        mid: inbound.providerMessageId as string,
        reaction: "love",
      });
      await eventually(async () => {
        const [row] = await db()
          .select()
          .from(messages)
          .where(
            and(
              eq(messages.companyId, account.team.company.id),
              eq(messages.providerMessageId, inbound.providerMessageId as string),
            ),
          );
        return row?.reactions.length ? row : undefined;
      });
      expect(await messagesOf(account.team.company.id)).toHaveLength(2);
    });

    it("the 24-hour window error is recognised", async () => {
      const account = await connectedCompany(world, channel);
      await page(channel).text(account.accountId, { from: psid(7004), text: "Oi" });
      await waitMessages(account.team.company.id, 1);
      const [ticket] = await db()
        .select()
        .from(tickets)
        .where(eq(tickets.companyId, account.team.company.id));
      if (!ticket) throw new Error("no ticket");
      world.sim.failNextSend(account.accountId, world.sim.errors.messengerWindow);
      const sent = await world.server.outbound.queue({
        companyId: account.team.company.id,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId: account.connectionId,
        body: "Tarde",
      });
      const row = await eventually(async () => {
        const [r] = await db().select().from(messages).where(eq(messages.id, sent.id));
        return r?.sendError ? r : undefined;
      });
      expect(row.sendError).toBe("ERR_OUTSIDE_24H_WINDOW");
    });
  },
);

describe("Messenger specifics", () => {
  it("delivery and read watermarks raise the acks of our messages, never lowering them", async () => {
    const account = await connectedCompany(world, "facebook");
    await world.sim.messenger.text(account.accountId, { from: "7100", text: "Oi" });
    await waitMessages(account.team.company.id, 1);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.companyId, account.team.company.id));
    if (!ticket) throw new Error("no ticket");
    const sent = await world.server.outbound.queue({
      companyId: account.team.company.id,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: account.connectionId,
      body: "Tudo bem?",
    });
    const request = await world.sim.waitFor((s) => s.recipient === "7100" && s.id !== undefined);
    await eventually(
      async () => (await db().select().from(messages).where(eq(messages.id, sent.id)))[0]?.providerMessageId,
    );
    await world.sim.messenger.read(account.accountId, { from: "7100", watermark: Date.now() + 1000 });
    await world.sim.messenger.delivery(account.accountId, { from: "7100", mids: [request.id as string] });
    const row = await eventually(async () => {
      const [r] = await db().select().from(messages).where(eq(messages.id, sent.id));
      return r?.ack === 3 ? r : undefined;
    });
    await new Promise((r) => setTimeout(r, 200));
    expect((await db().select().from(messages).where(eq(messages.id, row.id)))[0]?.ack).toBe(3);
  });
});

describe("Messenger interactive events", () => {
  it("quick replies, postbacks and replies are stored with what the contact chose", async () => {
    const account = await connectedCompany(world, "facebook");
    const first = await world.sim.messenger.text(account.accountId, { from: "7300", text: "Oi" });
    await world.sim.messenger.quickReply(account.accountId, {
      from: "7300",
      text: "Suporte",
      payload: "QUEUE_SUPPORT",
    });
    await world.sim.messenger.postback(account.accountId, {
      from: "7300",
      title: "Começar",
      payload: "GET_STARTED",
    });
    await world.sim.messenger.text(account.accountId, {
      from: "7300",
      text: "sobre isso",
      replyTo: first.providerMessageId,
    });
    const rows = await waitMessages(account.team.company.id, 4);
    expect(rows.map((r) => [r.body, r.mediaType])).toEqual([
      ["Oi", "chat"],
      ["Suporte", "chat"],
      ["Começar", "interactive"],
      ["sobre isso", "chat"],
    ]);
    expect(rows[1]?.extra).toMatchObject({ quickReply: { payload: "QUEUE_SUPPORT" } });
    expect(rows[2]?.extra).toMatchObject({ postback: { payload: "GET_STARTED" } });
    expect(rows[3]?.quotedMsgId).toBe(rows[0]?.id);
  });
});

describe("Instagram specifics", () => {
  it("a reply to a story keeps the story for display", async () => {
    const account = await connectedCompany(world, "instagram");
    await world.sim.instagram.text(account.accountId, {
      from: "7400",
      text: "que lindo",
      replyTo: { story: { id: "story-1" } },
    });
    const [row] = await waitMessages(account.team.company.id, 1);
    expect(row?.body).toBe("que lindo");
    expect(row?.extra).toMatchObject({ story: { id: "story-1" } });
  });

  it("a deleted message is marked deleted; unsupported messages are kept", async () => {
    const account = await connectedCompany(world, "instagram");
    const text = await world.sim.instagram.text(account.accountId, { from: "7200", text: "apagar" });
    await world.sim.instagram.unsupported(account.accountId, { from: "7200" });
    await waitMessages(account.team.company.id, 2);
    await world.sim.instagram.deleted(account.accountId, {
      from: "7200",
      mid: text.providerMessageId as string,
    });
    const row = await eventually(async () => {
      const [r] = await db()
        .select()
        .from(messages)
        .where(eq(messages.providerMessageId, text.providerMessageId as string));
      return r?.isDeleted ? r : undefined;
    });
    expect(row.isDeleted).toBe(true);
    expect((await messagesOf(account.team.company.id)).map((m) => m.mediaType)).toEqual([
      "chat",
      "unsupported",
    ]);
  });
});
