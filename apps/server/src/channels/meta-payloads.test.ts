import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from "vitest";
import { connectedCompany, eventually, startMetaWorld } from "../../test/meta.js";
import { contacts, messages, tickets, webhookDeliveries } from "../db/schema/index.js";
import { PREVIEW_MAX_CHARS } from "../modules/messages/preview.js";

/**
 * Meta's payloads as they really come (issue 8, section 7): each shape is sent
 * through meta-sim to a real server, and what is stored and what the API
 * answers are checked.
 */
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
    return rows.length >= count ? rows : undefined;
  });
/** Warn lines of the server's logger (webhooks and ingest share it). */
let warn: MockInstance;
const warned = () => warn.mock.calls.map((call) => [call[1], call[0]] as [string, Record<string, unknown>]);
beforeAll(() => {
  const logger = (world.server.webhooks as unknown as { deps: { logger: object } }).deps.logger;
  warn = vi.spyOn(logger as { warn: () => void }, "warn");
});
afterEach(() => warn.mockClear());

/** The first page of a ticket's conversation, as the API answers it. */
async function conversation(account: Awaited<ReturnType<typeof connectedCompany>>) {
  const [ticket] = await db().select().from(tickets).where(eq(tickets.companyId, account.team.company.id));
  if (!ticket) throw new Error("no ticket");
  const res = await world.server.app.inject({
    method: "GET",
    url: `/messages/${ticket.id}`,
    headers: account.team.adminSession.headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().messages as Array<Record<string, unknown> & { details?: Record<string, unknown> }>;
}

const api = async (headers: Record<string, string>, url: string) => {
  const res = await world.server.app.inject({ method: "GET", url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return { json: res.json(), bytes: res.body.length };
};

describe("a very long text", () => {
  it("is stored whole, but lastMessage in lists and ticket payloads is a bounded preview", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const companyId = account.team.company.id;
    const long = `${"Olá 👋 ".repeat(150_000)}fim`;
    const sent = await world.sim.cloud.text(account.accountId, { from: "5511955550001", body: long });
    expect(sent.status).toBe(200);
    const [row] = await waitMessages(companyId, 1);
    expect(row?.body).toBe(long);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
    if (!ticket) throw new Error("no ticket");
    expect(ticket.lastMessage.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    expect(long.startsWith(ticket.lastMessage.slice(0, -1))).toBe(true);

    const headers = account.team.adminSession.headers;
    const list = await api(headers, "/tickets?showAll=true&status=pending");
    expect(list.bytes).toBeLessThan(20_000);
    const listed = list.json.tickets.find((t: { id: number }) => t.id === ticket.id);
    expect(listed.lastMessage.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    expect(listed.lastMessage.endsWith("…")).toBe(true);
    const one = await api(headers, `/tickets/u/${ticket.uuid}`);
    expect(one.bytes).toBeLessThan(20_000);
    expect(one.json.lastMessage.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
    // The conversation itself carries the whole text.
    const conversation = await api(headers, `/messages/${ticket.id}`);
    expect(conversation.json.messages[0].body).toBe(long);
  });

  it("a row stored whole before previews were bounded is cut when presented", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const companyId = account.team.company.id;
    await world.sim.cloud.text(account.accountId, { from: "5511955550002", body: "curto" });
    await waitMessages(companyId, 1);
    await db()
      .update(tickets)
      .set({ lastMessage: "x".repeat(100_000) })
      .where(eq(tickets.companyId, companyId));
    const list = await api(account.team.adminSession.headers, "/tickets?showAll=true&status=pending");
    expect(list.json.tickets[0].lastMessage.length).toBeLessThanOrEqual(PREVIEW_MAX_CHARS);
  });
});

describe("what Meta sends that is not a plain message", () => {
  it("WhatsApp unsupported types show what they were: type, error code and title", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    await world.sim.cloud.unsupported(account.accountId, {
      from: "5511955550010",
      unsupportedType: "poll_creation",
    });
    await world.sim.cloud.unsupported(account.accountId, { from: "5511955550010" });
    await waitMessages(account.team.company.id, 2);
    const [poll, unknown] = await conversation(account);
    expect(poll).toMatchObject({
      mediaType: "unsupported",
      details: { unsupported: { type: "poll_creation", code: 131051, title: "Message type unknown" } },
    });
    expect(unknown?.details?.unsupported).toEqual({
      type: null,
      code: 131051,
      title: "Message type unknown",
    });
  });

  it("Instagram unsupported messages are labelled unsupported, not an empty bubble", async () => {
    const account = await connectedCompany(world, "instagram");
    await world.sim.instagram.unsupported(account.accountId, { from: "2900001" });
    await waitMessages(account.team.company.id, 1);
    const [row] = await conversation(account);
    expect(row).toMatchObject({ mediaType: "unsupported", details: { unsupported: { type: null } } });
  });

  it("Messenger stickers are images", async () => {
    const account = await connectedCompany(world, "facebook");
    await world.sim.messenger.sticker(account.accountId, { from: "1900001" });
    const [row] = await waitMessages(account.team.company.id, 1);
    expect(row?.mediaType).toBe("image");
    expect(row?.mediaUrl).toMatch(/^\/public\//);
    const [shown] = await conversation(account);
    expect(shown?.details).toMatchObject({ sticker: true });
  });

  it("postbacks and quick replies keep their titles and their real time, in seconds or milliseconds", async () => {
    const account = await connectedCompany(world, "facebook");
    const at = new Date("2026-03-01T12:00:00.000Z");
    await world.sim.messenger.postback(account.accountId, {
      from: "1900002",
      title: "Ver planos",
      payload: "PLANS",
      timestamp: at,
      timestampUnit: "s",
    });
    await world.sim.messenger.quickReply(account.accountId, {
      from: "1900002",
      text: "Sim, quero",
      payload: "YES",
      timestamp: new Date(at.getTime() + 5_000),
    });
    const rows = await waitMessages(account.team.company.id, 2);
    expect(rows.map((r) => [r.body, r.createdAt.toISOString()])).toEqual([
      ["Ver planos", "2026-03-01T12:00:00.000Z"],
      ["Sim, quero", "2026-03-01T12:00:05.000Z"],
    ]);
  });

  it("an event whose sender is a user_ref is logged and ignored", async () => {
    const account = await connectedCompany(world, "facebook");
    const sent = await world.sim.messenger.userRef(account.accountId, {
      from: "ignored",
      userRef: "ref-abc-123",
      text: "olá do plugin",
    });
    expect(sent.status).toBe(200);
    await world.sim.messenger.text(account.accountId, { from: "1900003", text: "depois" });
    const rows = await waitMessages(account.team.company.id, 1);
    expect(rows.map((r) => r.body)).toEqual(["depois"]);
    expect(warned().find(([msg]) => msg.includes("user_ref ref-abc-123"))).toBeTruthy();
  });

  it("a signed body that is not a JSON object answers 400 with a log line; nothing is stored", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    for (const body of ["[1,2,3]", "not json", "null", '"text"']) {
      const res = await world.sim.deliver(account.accountId, body);
      expect(res.status, body).toBe(400);
      expect(JSON.parse(res.body)).toMatchObject({ error: "ERR_VALIDATION" });
    }
    expect(warned().filter(([msg]) => msg.includes("not a JSON object"))).toHaveLength(4);
    const stored = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.whatsappId, account.connectionId));
    expect(stored).toEqual([]);
  });

  it("a payload of another channel's object type is answered, logged and not kept", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const page = { object: "page", entry: [{ id: account.accountId, time: Date.now(), messaging: [] }] };
    expect((await world.sim.deliver(account.accountId, page)).status).toBe(200);
    expect(
      warned().find(([msg, obj]) => msg.includes("another channel") && obj.object === "page"),
    ).toBeTruthy();
    const stored = await db()
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.whatsappId, account.connectionId));
    expect(stored).toEqual([]);
  });

  it("a reaction redelivered after its removal does not come back (WhatsApp and Messenger)", async () => {
    const wa = await connectedCompany(world, "whatsappapi");
    const text = await world.sim.cloud.text(wa.accountId, { from: "5511955550020", body: "oi" });
    await waitMessages(wa.team.company.id, 1);
    const t0 = Date.now() - 60_000;
    const react = await world.sim.cloud.reaction(wa.accountId, {
      from: "5511955550020",
      messageId: text.providerMessageId as string,
      emoji: "👍",
      timestamp: t0,
    });
    const reactionsOf = async (companyId: number) => (await messagesOf(companyId))[0]?.reactions ?? [];
    await eventually(async () => (await reactionsOf(wa.team.company.id)).length === 1);
    await world.sim.cloud.reaction(wa.accountId, {
      from: "5511955550020",
      messageId: text.providerMessageId as string,
      timestamp: t0 + 2_000,
    });
    await eventually(async () => (await reactionsOf(wa.team.company.id)).length === 0);
    await world.sim.redeliver(react.deliveryId);
    await world.server.webhooks.idle();
    await eventually(async () => {
      const rows = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.whatsappId, wa.connectionId));
      return rows.length === 0; // every delivery processed (a processed one is deleted)
    });
    expect(await reactionsOf(wa.team.company.id)).toEqual([]);

    const fb = await connectedCompany(world, "facebook");
    const hello = await world.sim.messenger.text(fb.accountId, { from: "1900004", text: "oi" });
    await waitMessages(fb.team.company.id, 1);
    const mid = hello.providerMessageId as string;
    const love = await world.sim.messenger.reaction(fb.accountId, { from: "1900004", mid, timestamp: t0 });
    await eventually(async () => (await reactionsOf(fb.team.company.id)).length === 1);
    await world.sim.messenger.reaction(fb.accountId, {
      from: "1900004",
      mid,
      action: "unreact",
      timestamp: t0 + 1,
    });
    await eventually(async () => (await reactionsOf(fb.team.company.id)).length === 0);
    await world.sim.redeliver(love.deliveryId);
    await eventually(async () => {
      const rows = await db()
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.whatsappId, fb.connectionId));
      return rows.length === 0; // every delivery processed (a processed one is deleted)
    });
    expect(await reactionsOf(fb.team.company.id)).toEqual([]);
    // A new reaction after the removal still lands.
    await world.sim.messenger.reaction(fb.accountId, {
      from: "1900004",
      mid,
      reaction: "like",
      timestamp: t0 + 5,
    });
    await eventually(async () => (await reactionsOf(fb.team.company.id)).length === 1);
  });
});

describe("what a message is about", () => {
  it("WhatsApp: a catalogue product and an ad referral show the product and the ad", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const from = "5511955550030";
    await world.sim.cloud.text(account.accountId, {
      from,
      body: "Tem em azul?",
      context: { referredProduct: { catalogId: "cat-123", productRetailerId: "sku-azul-42" } },
    });
    await world.sim.cloud.text(account.accountId, {
      from,
      body: "Vim pelo anúncio",
      referral: {
        source_url: "https://fb.me/ad-999",
        source_id: "120000000000999",
        source_type: "ad",
        headline: "Promoção de verão",
        body: "Fale conosco",
        media_type: "image",
        image_url: "https://scontent.xx.fbcdn.net/ad.png",
      },
    });
    await waitMessages(account.team.company.id, 2);
    const [product, ad] = await conversation(account);
    expect(product).toMatchObject({
      body: "Tem em azul?",
      details: { product: { catalogId: "cat-123", productRetailerId: "sku-azul-42" } },
    });
    expect(ad?.details?.referral).toMatchObject({
      sourceType: "ad",
      sourceId: "120000000000999",
      sourceUrl: "https://fb.me/ad-999",
      headline: "Promoção de verão",
      body: "Fale conosco",
      mediaType: "image",
      imageUrl: "https://scontent.xx.fbcdn.net/ad.png",
    });
  });

  it("Instagram: story mentions and story replies are labelled with the story's media; expired and disappearing media say so", async () => {
    const account = await connectedCompany(world, "instagram");
    const from = "2900010";
    const ig = world.sim.instagram;
    await ig.attachment(account.accountId, { from, attachmentType: "story_mention" });
    await ig.text(account.accountId, { from, text: "Amei o story", replyTo: { story: { id: "story-1" } } });
    await ig.text(account.accountId, {
      from,
      text: "E esse?",
      replyTo: { story: { id: "story-2", url: `${world.sim.url}/_media/expired-story/story.jpg` } },
    });
    await ig.attachment(account.accountId, { from, attachmentType: "ephemeral" });
    await waitMessages(account.team.company.id, 4);
    const [mention, reply, expired, ephemeral] = await conversation(account);
    expect(mention).toMatchObject({ mediaType: "image", details: { story: { kind: "mention" } } });
    expect(mention?.mediaUrl).toMatch(/^\/public\//);
    expect(reply).toMatchObject({
      body: "Amei o story",
      details: { story: { kind: "reply", id: "story-1" } },
    });
    expect(reply?.mediaUrl).toMatch(/^\/public\//);
    expect(reply?.details?.mediaGone).toBeUndefined();
    expect(expired).toMatchObject({
      body: "E esse?",
      mediaUrl: null,
      details: { story: { kind: "reply", id: "story-2" }, mediaGone: "expired" },
    });
    expect(ephemeral).toMatchObject({ mediaUrl: null, details: { mediaGone: "disappearing" } });
  });

  it("documents keep their file name for display (WhatsApp and Messenger)", async () => {
    const wa = await connectedCompany(world, "whatsappapi");
    await world.sim.cloud.document(wa.accountId, {
      from: "5511955550040",
      filename: "Contrato final.pdf",
      caption: "segue",
    });
    await waitMessages(wa.team.company.id, 1);
    expect((await conversation(wa))[0]).toMatchObject({
      mediaType: "application",
      details: { fileName: "Contrato final.pdf" },
    });
    const fb = await connectedCompany(world, "facebook");
    await world.sim.messenger.attachment(fb.accountId, {
      from: "1900040",
      attachmentType: "file",
      media: {
        bytes: Buffer.from("%PDF-1.4 relatorio"),
        mimeType: "application/pdf",
        filename: "relatório 2026.pdf",
      },
    });
    await waitMessages(fb.team.company.id, 1);
    expect((await conversation(fb))[0]).toMatchObject({
      mediaType: "application",
      details: { fileName: "relatório 2026.pdf" },
    });
  });

  it("locations show name, address, coordinates and a map link", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    await world.sim.cloud.location(account.accountId, {
      from: "5511955550050",
      latitude: -23.561684,
      longitude: -46.655981,
      placeName: "MASP",
      address: "Av. Paulista, 1578 - São Paulo",
    });
    await waitMessages(account.team.company.id, 1);
    const [row] = await conversation(account);
    expect(row).toMatchObject({
      mediaType: "locationMessage",
      details: {
        location: {
          latitude: -23.561684,
          longitude: -46.655981,
          name: "MASP",
          address: "Av. Paulista, 1578 - São Paulo",
          mapUrl: "https://www.google.com/maps/search/?api=1&query=-23.561684,-46.655981",
        },
      },
    });
  });
});

describe("Messenger and Instagram contacts", () => {
  const contactOf = async (companyId: number) =>
    (await db().select().from(contacts).where(eq(contacts.companyId, companyId)))[0];

  it.each(["facebook", "instagram"] as const)(
    "%s: get their name and picture from the Graph profile lookup, stored with our files",
    async (channel) => {
      const account = await connectedCompany(world, channel);
      const page = channel === "facebook" ? world.sim.messenger : world.sim.instagram;
      const from = channel === "facebook" ? "1900060" : "2900060";
      await page.text(account.accountId, { from, name: "Beatriz Ramos", text: "Oi" });
      await waitMessages(account.team.company.id, 1);
      const contact = await contactOf(account.team.company.id);
      expect(contact).toMatchObject({ number: from, name: "Beatriz Ramos" });
      expect(contact?.profilePicUrl).toMatch(/^\/public\/company\d+\/contacts\//);
      const picture = await world.server.app.inject({ method: "GET", url: contact?.profilePicUrl as string });
      expect(picture.statusCode).toBe(200);
      expect(picture.headers["content-type"]).toMatch(/^image\//);
      // The API shows the name, not the id.
      const list = await api(account.team.adminSession.headers, "/tickets?showAll=true&status=pending");
      expect(list.json.tickets[0].contact).toMatchObject({ name: "Beatriz Ramos", number: from });
    },
  );

  it("a failed lookup keeps the id; a name an attendant gave is never replaced", async () => {
    const account = await connectedCompany(world, "facebook");
    // The sim knows no name for this PSID: its profile lookup answers an error.
    await world.sim.messenger.text(account.accountId, { from: "1900061", text: "Oi" });
    await waitMessages(account.team.company.id, 1);
    expect(await contactOf(account.team.company.id)).toMatchObject({ name: "1900061", profilePicUrl: null });
    await db()
      .update(contacts)
      .set({ name: "Cliente VIP" })
      .where(eq(contacts.companyId, account.team.company.id));
    await world.sim.messenger.text(account.accountId, {
      from: "1900061",
      name: "Outro Nome",
      text: "De novo",
    });
    await waitMessages(account.team.company.id, 2);
    expect((await contactOf(account.team.company.id))?.name).toBe("Cliente VIP");
  });
});
