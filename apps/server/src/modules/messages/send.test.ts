import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ForwardResult, MessageDto } from "@inbox/shared";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { metaConversations, multipart, newNumber } from "../../../test/conversations.js";
import {
  buildAdmin,
  buildCompany,
  buildContact,
  buildQueue,
  buildTicket,
  buildUser,
  login,
  type Session,
} from "../../../test/factories.js";
import { SAMPLE_FILES } from "../../../test/files.js";
import { startTestServer } from "../../../test/harness.js";
import { connectedCompany, eventually, startMetaWorld } from "../../../test/meta.js";
import { messages, tickets } from "../../db/schema/index.js";

/**
 * Sending and changing messages through the API, with meta-sim as Meta: what
 * the sim received is the assertion, never what the code says it sent.
 */

type World = Awaited<ReturnType<typeof startMetaWorld>>;
let world: World;
/** A stand-in for an OpenAI-compatible transcription API; records what it was asked. */
let fake: {
  server: Server;
  url: string;
  requests: { headers: IncomingMessage["headers"]; form: FormData }[];
};

beforeAll(async () => {
  fake = await startFakeTranscriber();
  world = await startMetaWorld({
    TRANSCRIPTION_URL: `${fake.url}/v1`,
    TRANSCRIPTION_API_KEY: "sk-test-key",
    TRANSCRIPTION_MODEL: "whisper-test",
  });
});
afterAll(async () => {
  await world.close();
  await new Promise((resolve) => fake.server.close(resolve));
});

const { db, conversation, post, sendsTo, messageRow, sentRow } = metaConversations(() => world);

describe("POST /messages/{ticketId}", () => {
  it("a text is stored, reaches the channel once, moves the ticket and reads the conversation", async () => {
    const { from, inboundId, ticket, headers, companyId } = await conversation();
    const emit = vi.spyOn(world.server.realtime, "toRooms");
    try {
      const res = await post(`/messages/${ticket.id}`, headers, {
        body: "  Olá, tudo bem?  ",
        fromMe: true,
        read: true,
      });
      expect(res.statusCode, res.body).toBe(200);
      const dto = res.json() as MessageDto;
      expect(dto).toMatchObject({ body: "Olá, tudo bem?", fromMe: true, ack: 0, isPrivate: false });
      const row = await sentRow(dto.id);
      expect(row).toMatchObject({ ack: 1, userId: expect.any(Number) });
      await new Promise((r) => setTimeout(r, 100));
      const sends = sendsTo(from);
      expect(sends).toHaveLength(1);
      expect(sends[0]?.body).toMatchObject({ type: "text", text: { body: "Olá, tudo bem?" } });
      expect(sends[0]?.id).toBe(row?.providerMessageId);
      // The contact's message is read here and on the channel.
      await eventually(async () => world.sim.reads.some((r) => r.messageId === inboundId));
      const [moved] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(moved).toMatchObject({ lastMessage: "Olá, tudo bem?", unreadMessages: 0 });
      expect(moved!.updatedAt.getTime()).toBeGreaterThan(ticket.updatedAt.getTime());
      const created = emit.mock.calls.find(
        ([company, , topic, payload]) =>
          company === companyId &&
          topic === "appMessage" &&
          (payload as { action: string }).action === "create",
      );
      expect(created?.[3]).toMatchObject({
        message: { id: dto.id },
        ticket: { id: ticket.id, lastMessage: "Olá, tudo bem?", unreadMessages: 0 },
      });
    } finally {
      emit.mockRestore();
    }
  });

  it("a reply carries the quoted message's provider id; a quote of another contact is refused", async () => {
    const { from, inboundId, ticket, headers, companyId } = await conversation();
    const [quoted] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.providerMessageId, inboundId)));
    const res = await post(`/messages/${ticket.id}`, headers, {
      body: "Respondendo",
      quotedMsg: { id: quoted!.id, body: "Oi" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().quotedMsgId).toBe(quoted!.id);
    const send = await world.sim.waitFor((s) => s.recipient === from && s.id !== undefined);
    expect(send.body).toMatchObject({ type: "text", context: { message_id: inboundId } });

    const other = await buildTicket(db(), companyId);
    const [foreignQuote] = await db()
      .insert(messages)
      .values({ companyId, ticketId: other.id, contactId: other.contactId, body: "x" })
      .returning();
    const refused = await post(`/messages/${ticket.id}`, headers, { body: "x", quotedMsg: foreignQuote!.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ error: "ERR_VALIDATION", field: "quotedMsg" });
  });

  it("a contact card goes out as a contacts message", async () => {
    const { from, ticket, headers } = await conversation();
    const res = await post(`/messages/${ticket.id}`, headers, {
      body: "",
      vCard: { id: 99, name: "Maria Souza", number: "5511988887777" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mediaType: "contactMessage", body: "Maria Souza" });
    const send = await world.sim.waitFor((s) => s.recipient === from && s.id !== undefined);
    expect(send.body).toMatchObject({
      type: "contacts",
      contacts: [{ name: { formatted_name: "Maria Souza" }, phones: [{ wa_id: "5511988887777" }] }],
    });
  });

  it("attachments: image, video, voice note and document each reach the channel once, in order", async () => {
    const { from, ticket, headers } = await conversation();
    const form = multipart([
      { name: "body", value: "a foto" },
      { name: "body", value: "o vídeo" },
      { name: "body", value: "" },
      { name: "body", value: "o contrato" },
      { name: "isPrivate", value: "false" },
      { name: "medias", filename: "foto.png", type: "image/png", bytes: SAMPLE_FILES.png },
      { name: "medias", filename: "clip.mp4", type: "video/mp4", bytes: SAMPLE_FILES.mp4 },
      { name: "medias", filename: "voz.ogg", type: "audio/ogg", bytes: SAMPLE_FILES.ogg },
      { name: "medias", filename: "contrato.pdf", type: "application/pdf", bytes: SAMPLE_FILES.pdf },
    ]);
    const res = await world.server.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await eventually(async () => {
      const all = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)))
        .orderBy(asc(messages.id));
      return all.length === 4 && all.every((r) => r.providerMessageId) ? all : undefined;
    });
    expect(rows.map((r) => [r.mediaType, r.body])).toEqual([
      ["image", "a foto"],
      ["video", "o vídeo"],
      ["audio", ""],
      ["application", "o contrato"],
    ]);
    for (const row of rows) expect(row.mediaUrl).toMatch(/^\/public\/company\d+\/media\//);
    const sends = sendsTo(from);
    expect(sends.map((s) => s.body.type)).toEqual(["image", "video", "audio", "document"]);
    expect(sends[0]?.body).toMatchObject({ image: { caption: "a foto" } });
    expect(sends[3]?.body).toMatchObject({ document: { caption: "o contrato", filename: "contrato.pdf" } });
    const uploads = world.sim.uploads.filter((u) => sends.some((s) => JSON.stringify(s.body).includes(u.id)));
    expect(uploads.map((u) => u.size)).toEqual(
      [SAMPLE_FILES.png, SAMPLE_FILES.mp4, SAMPLE_FILES.ogg, SAMPLE_FILES.pdf].map((b) => b.length),
    );
  });

  it("a file above the limit is refused with ERR_FILE_TOO_LARGE and stores nothing", async () => {
    const { ticket, headers } = await conversation();
    const form = multipart([
      {
        name: "medias",
        filename: "big.pdf",
        type: "application/pdf",
        bytes: Buffer.alloc(16 * 1024 * 1024 + 1),
      },
    ]);
    const res = await world.server.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(413);
    expect(res.json().error).toBe("ERR_FILE_TOO_LARGE");
    const rows = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
    expect(rows).toEqual([]);
  });

  it("a file type outside image, video, audio, application and text is refused; no file, no message", async () => {
    const { ticket, headers } = await conversation();
    for (const parts of [
      [
        { name: "medias", filename: "a.png", type: "image/png", bytes: Buffer.from("png") },
        { name: "medias", filename: "font.woff2", type: "font/woff2", bytes: Buffer.from("woff") },
      ],
      [{ name: "body", value: "sem arquivo" }],
    ]) {
      const form = multipart(parts);
      const res = await world.server.app.inject({
        method: "POST",
        url: `/messages/${ticket.id}`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "medias" });
    }
    const rows = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
    expect(rows).toEqual([]);
  });

  it("a private note is stored and shown but never reaches the channel, even through the sweeper", async () => {
    const { from, ticket, headers } = await conversation();
    const res = await post(`/messages/${ticket.id}`, headers, { body: "cliente difícil", isPrivate: true });
    expect(res.statusCode, res.body).toBe(200);
    const note = res.json() as MessageDto;
    expect(note).toMatchObject({ isPrivate: true, body: "cliente difícil" });
    const form = multipart([
      { name: "isPrivate", value: "true" },
      { name: "medias", filename: "print.png", type: "image/png", bytes: Buffer.from("png") },
    ]);
    const media = await world.server.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(media.statusCode, media.body).toBe(200);
    // What the sweeper would do after a crash: each send attempt is refused by the claim.
    const notes = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.isPrivate, true)));
    expect(notes).toHaveLength(2);
    for (const row of notes) await world.server.outbound.send(row.companyId, row.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(world.sim.sent.filter((s) => s.recipient === from)).toEqual([]);
    expect(world.sim.uploads.filter((u) => u.filename === "print.png")).toEqual([]);
    expect(await messageRow(note.id)).toMatchObject({ providerMessageId: null, ack: 0, isPrivate: true });
    const [after] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after?.lastMessage).toBe("Oi");
    const page = await world.server.app.inject({ method: "GET", url: `/messages/${ticket.id}`, headers });
    expect(page.json().messages.filter((m: MessageDto) => m.isPrivate)).toHaveLength(2);
  });

  it("empty text is refused; a stored file of this company can be sent by mediaUrl, another's cannot", async () => {
    const { from, ticket, headers, companyId } = await conversation();
    const empty = await post(`/messages/${ticket.id}`, headers, { body: "   " });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: "ERR_VALIDATION", field: "body" });
    const mine = await world.server.app.inject({ method: "GET", url: "/version" });
    expect(mine.statusCode).toBe(200);
    const { localStorage } = await import("../../storage/storage.js");
    const storage = localStorage(`${world.server.config.dataDir}/public`);
    const { path } = await storage.save(companyId, "quick", {
      bytes: Buffer.from("%PDF-1.4\n"),
      name: "tabela.pdf",
      use: "media",
    });
    const res = await post(`/messages/${ticket.id}`, headers, { body: "segue", mediaUrl: path });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ mediaType: "application", mediaUrl: path });
    const send = await world.sim.waitFor((s) => s.recipient === from && s.id !== undefined);
    expect(send.body).toMatchObject({
      type: "document",
      document: { caption: "segue", filename: expect.stringMatching(/\.pdf$/) },
    });
    const { path: foreign } = await storage.save(companyId + 100000, "quick", {
      bytes: Buffer.from("%PDF-1.4\n"),
      name: "x.pdf",
      use: "media",
    });
    for (const mediaUrl of [
      foreign,
      `/public/company${companyId}/../company${companyId + 100000}/quick/x.pdf`,
    ]) {
      const refused = await post(`/messages/${ticket.id}`, headers, { body: "x", mediaUrl });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: "ERR_VALIDATION", field: "mediaUrl" });
    }
  });

  it("follows the ticket's visibility: 403 for a hidden ticket, 404 for another company's; nothing stored or sent", async () => {
    const { ticket, account, companyId } = await conversation();
    const queue = await buildQueue(db(), companyId);
    await db().update(tickets).set({ queueId: queue.id }).where(eq(tickets.id, ticket.id));
    const hidden = await post(`/messages/${ticket.id}`, account.team.userSession.headers, { body: "oi" });
    expect(hidden.statusCode).toBe(403);
    expect(hidden.json().error).toBe("ERR_NO_PERMISSION");
    const outsider = await buildAdmin(db(), (await buildCompany(db())).id);
    const foreign = await post(
      `/messages/${ticket.id}`,
      (await login(world.server.app, outsider.email)).headers,
      {
        body: "oi",
      },
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error).toBe("ERR_NO_TICKET_FOUND");
    const rows = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
    expect(rows).toEqual([]);
  });
});

describe("the send path keeps its promises", () => {
  it("a retryable failure keeps the stored message; the next attempt sends it exactly once", async () => {
    const { account, from, ticket, headers } = await conversation();
    world.sim.failNextSend(account.accountId, world.sim.errors.generic);
    const res = await post(`/messages/${ticket.id}`, headers, { body: "de novo" });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json() as MessageDto).id;
    await world.sim.waitFor((s) => s.recipient === from && s.httpStatus >= 500);
    await eventually(async () => (await messageRow(id))?.sendClaimedAt === null);
    expect(await messageRow(id)).toMatchObject({ providerMessageId: null, sendError: null, ack: 0 });
    // What the sweeper does, twice at once: one send.
    await Promise.all([
      world.server.outbound.send(ticket.companyId, id),
      world.server.outbound.send(ticket.companyId, id),
    ]);
    expect(await messageRow(id)).toMatchObject({
      ack: 1,
      providerMessageId: expect.stringMatching(/^wamid\./),
    });
    expect(sendsTo(from)).toHaveLength(1);
  });

  it("retryable failures back off (30 s, doubled, capped) and the sweeper waits for each retry's time", async () => {
    const { account, from, ticket } = await conversation();
    const { OutboundRepo, retryDelaySeconds, MAX_SEND_ATTEMPTS } = await import("./outbound-repo.js");
    expect([1, 2, 3, 7, 20].map(retryDelaySeconds)).toEqual([30, 60, 120, 1800, 1800]);
    world.sim.failNextSend(account.accountId, world.sim.errors.generic);
    const queued = await world.server.outbound.queue({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      whatsappId: ticket.whatsappId as number,
      body: "com espera",
    });
    const failed = await eventually(async () => {
      const row = await messageRow(queued.id);
      return row?.sendAttempts === 1 ? row : undefined;
    });
    const wait = (failed.sendRetryAt as Date).getTime() - Date.now();
    expect(wait).toBeGreaterThan(20_000);
    expect(wait).toBeLessThanOrEqual(31_000);
    // Old enough for the crash sweep, but its retry is not due: left alone.
    await db()
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(messages.id, queued.id));
    const unsent = async () => (await new OutboundRepo(db()).unsent(30, 100_000)).map((u) => u.id);
    expect(await unsent()).not.toContain(queued.id);
    await db()
      .update(messages)
      .set({ sendRetryAt: new Date(Date.now() - 1_000) })
      .where(eq(messages.id, queued.id));
    expect(await unsent()).toContain(queued.id);
    await world.server.outbound.sweep(30);
    expect(await messageRow(queued.id)).toMatchObject({ ack: 1, sendAttempts: 1 });
    expect(sendsTo(from).filter((s) => s.httpStatus < 300)).toHaveLength(1);
    expect(MAX_SEND_ATTEMPTS).toBeGreaterThan(1);
  });

  it("after the last retryable failure the message fails for good, with the provider's reason, and the attendant is told", async () => {
    const { account, from, ticket, headers } = await conversation();
    const { MAX_SEND_ATTEMPTS } = await import("./outbound-repo.js");
    const res = await post(`/messages/${ticket.id}`, headers, { body: "nunca chega" });
    const id = (res.json() as MessageDto).id;
    await eventually(async () => (await messageRow(id))?.ack === 1);
    // The same message again, as if all but one attempt had already failed.
    await db()
      .update(messages)
      .set({ providerMessageId: null, ack: 0, sendClaimedAt: null, sendAttempts: MAX_SEND_ATTEMPTS - 1 })
      .where(eq(messages.id, id));
    world.sim.failNextSend(account.accountId, world.sim.errors.generic);
    await expect(world.server.outbound.send(ticket.companyId, id)).resolves.toBeUndefined();
    const row = await messageRow(id);
    expect(row).toMatchObject({
      sendError: "ERR_SENDING_WAPP_MSG",
      sendAttempts: MAX_SEND_ATTEMPTS,
      sendRetryAt: null,
    });
    expect(row?.sendErrorMessage).toContain(world.sim.errors.generic.error.message);
    // The conversation shows the failure: GET /messages carries it.
    const list = await world.server.app.inject({ method: "GET", url: `/messages/${ticket.id}`, headers });
    const shown = (list.json() as { messages: MessageDto[] }).messages.find((m) => m.id === id);
    expect(shown).toMatchObject({ sendError: "ERR_SENDING_WAPP_MSG" });
    expect(shown?.sendErrorMessage).toBeTruthy();
    // Nothing sends it again.
    const before = sendsTo(from).length;
    await world.server.outbound.sweep(0);
    expect(sendsTo(from)).toHaveLength(before);
  });

  it("the sweeper leaves a paced forward alone until its time", async () => {
    const { ticket, companyId } = await conversation();
    const { OutboundRepo } = await import("./outbound-repo.js");
    const unsentIds = async () =>
      new Set((await new OutboundRepo(db()).unsent(30, 100_000)).map((u) => u.id));
    const [paced] = await db()
      .insert(messages)
      .values({
        companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        fromMe: true,
        body: "paced",
        createdAt: new Date(Date.now() - 3_600_000),
        extra: { kind: "text", sendAfter: new Date(Date.now() + 3_600_000).toISOString() },
      })
      .returning();
    expect((await unsentIds()).has(paced!.id)).toBe(false);
    await db()
      .update(messages)
      .set({ extra: { kind: "text", sendAfter: new Date(Date.now() - 120_000).toISOString() } })
      .where(eq(messages.id, paced!.id));
    expect((await unsentIds()).has(paced!.id)).toBe(true);
    await db().delete(messages).where(eq(messages.id, paced!.id));
  });

  it("Messenger: a text goes out once, reading marks the conversation seen, a private note stays here", async () => {
    const account = await connectedCompany(world, "facebook");
    const psid = newNumber(); // any unused digits make a page-scoped id
    await world.sim.messenger.text(account.accountId, { from: psid, text: "Olá página" });
    const ticket = await eventually(async () => {
      const [row] = await db().select().from(tickets).where(eq(tickets.companyId, account.team.company.id));
      return row;
    });
    const headers = account.team.adminSession.headers;
    const note = await post(`/messages/${ticket.id}`, headers, { body: "nota", isPrivate: true });
    expect(note.statusCode, note.body).toBe(200);
    await eventually(async () => world.sim.reads.some((r) => r.recipient === psid));
    const res = await post(`/messages/${ticket.id}`, headers, { body: "Oi, como posso ajudar?" });
    await sentRow((res.json() as MessageDto).id);
    const sends = world.sim.sent.filter((s) => s.recipient === psid && s.id);
    expect(sends.map((s) => s.body.message)).toEqual([{ text: "Oi, como posso ajudar?" }]);
  });
});

describe("changing messages", () => {
  /** A conversation with one message the admin sent (delivered to the sim). */
  async function sent(body = "mensagem") {
    const c = await conversation();
    const res = await post(`/messages/${c.ticket.id}`, c.headers, { body });
    const row = await sentRow((res.json() as MessageDto).id);
    return { ...c, message: row! };
  }

  it("edit: own text within 15 minutes is changed and marked; Cloud API has no edit, so only here", async () => {
    const { message, headers, from } = await sent();
    const res = await post(`/messages/edit/${message.id}`, headers, { body: "mensagem corrigida" });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ body: "mensagem corrigida", isEdited: true });
    expect((await messageRow(message.id))?.extra).toMatchObject({
      editedOnChannel: false,
      previousBody: "mensagem",
    });
    expect(sendsTo(from)).toHaveLength(1);
  });

  it("edit: another user's message is refused (403); older than 15 minutes answers ERR_EDIT_WINDOW_EXPIRED", async () => {
    const { message, headers, account, companyId } = await sent();
    const colleague = await buildAdmin(db(), companyId);
    const other = await post(
      `/messages/edit/${message.id}`,
      (await login(world.server.app, colleague.email)).headers,
      {
        body: "não é meu",
      },
    );
    expect(other.statusCode).toBe(403);
    expect(other.json().error).toBe("ERR_NO_PERMISSION");
    await db()
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 15 * 60_000 - 1000) })
      .where(eq(messages.id, message.id));
    const late = await post(`/messages/edit/${message.id}`, headers, { body: "tarde" });
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe("ERR_EDIT_WINDOW_EXPIRED");
    await db()
      .update(messages)
      .set({ createdAt: new Date(Date.now() - 14 * 60_000) })
      .where(eq(messages.id, message.id));
    const inTime = await post(`/messages/edit/${message.id}`, headers, { body: "a tempo" });
    expect(inTime.statusCode).toBe(200);
    expect(account.team.admin.id).toBe((await messageRow(message.id))?.userId);
  });

  it("edit: the contact's messages cannot be edited", async () => {
    const { inboundId, headers, companyId } = await sent();
    const [theirs] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.providerMessageId, inboundId)));
    const res = await post(`/messages/edit/${theirs!.id}`, headers, { body: "x" });
    expect(res.statusCode).toBe(403);
  });

  it("delete: own message is marked deleted and announced; another user's is refused; an admin may", async () => {
    const { message, headers, companyId, ticket } = await sent();
    const emit = vi.spyOn(world.server.realtime, "toRoom");
    const emitMany = vi.spyOn(world.server.realtime, "toRooms");
    try {
      const res = await world.server.app.inject({
        method: "DELETE",
        url: `/messages/${message.id}`,
        headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: message.id, isDeleted: true, body: "mensagem" });
      const calls = [...emit.mock.calls, ...emitMany.mock.calls].filter(
        ([c, , topic]) => c === companyId && topic === "appMessage",
      );
      expect(calls.map((c) => c[3])).toContainEqual({
        action: "update",
        message: expect.objectContaining({ isDeleted: true }),
      });
    } finally {
      emit.mockRestore();
      emitMany.mockRestore();
    }
    const user = await buildUser(db(), companyId);
    await db().update(tickets).set({ userId: user.id, status: "open" }).where(eq(tickets.id, ticket.id));
    const userSession = await login(world.server.app, user.email);
    const theirs = await post(`/messages/${ticket.id}`, userSession.headers, { body: "do usuário" });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const other = await buildUser(db(), companyId, { allUserChat: "enabled" } as never);
    const refused = await world.server.app.inject({
      method: "DELETE",
      url: `/messages/${theirs.json().id}`,
      headers: (await login(world.server.app, other.email)).headers,
    });
    expect([403, 404]).toContain(refused.statusCode);
    const byAdmin = await world.server.app.inject({
      method: "DELETE",
      url: `/messages/${theirs.json().id}`,
      headers,
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().isDeleted).toBe(true);
  });

  it("reactions go through the channel to the right message and replace our previous one", async () => {
    const { inboundId, headers, companyId, from } = await sent();
    const [theirs] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.providerMessageId, inboundId)));
    const first = await post(`/messages/${theirs!.id}/reactions`, headers, { type: "👍" });
    expect(first.statusCode, first.body).toBe(200);
    const second = await post(`/messages/${theirs!.id}/reactions`, headers, { type: "❤️" });
    expect(second.json().reactions).toMatchObject([{ emoji: "❤️", fromMe: true, by: "me" }]);
    const reactions = world.sim.sent.filter((s) => s.recipient === from && s.body.type === "reaction");
    expect(reactions.map((s) => s.body.reaction)).toEqual([
      { message_id: inboundId, emoji: "👍" },
      { message_id: inboundId, emoji: "❤️" },
    ]);
    const removed = await post(`/messages/${theirs!.id}/reactions`, headers, { type: "" });
    expect(removed.json().reactions).toEqual([]);
  });

  it("a message of another company is not found for edit, delete and reactions", async () => {
    const { message } = await sent();
    const outsider = await buildAdmin(db(), (await buildCompany(db())).id);
    const headers = (await login(world.server.app, outsider.email)).headers;
    const answers = await Promise.all([
      post(`/messages/edit/${message.id}`, headers, { body: "x" }),
      world.server.app.inject({ method: "DELETE", url: `/messages/${message.id}`, headers }),
      post(`/messages/${message.id}/reactions`, headers, { type: "👍" }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([404, 404, 404]);
    expect(await messageRow(message.id)).toMatchObject({ body: "mensagem", isDeleted: false, reactions: [] });
  });
});

describe("POST /message/forward", () => {
  it("sends each message to each contact 900 ms apart, marked forwarded, signed on request", async () => {
    const { account, companyId, headers, ticket } = await conversation();
    const first = await post(`/messages/${ticket.id}`, headers, { body: "primeira" });
    const second = await post(`/messages/${ticket.id}`, headers, { body: "segunda" });
    await sentRow(second.json().id);
    const numbers = [newNumber(), newNumber()];
    const contacts = await Promise.all(
      numbers.map((number) => buildContact(db(), companyId, { number, whatsappId: account.connectionId })),
    );
    const res = await post("/message/forward", headers, {
      messageId: [first.json().id, second.json().id],
      contactId: contacts.map((c) => c.id),
      signMessage: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ForwardResult;
    expect(result.messages).toHaveLength(4);
    expect(result.messages.every((m) => m.isForwarded)).toBe(true);
    const name = account.team.admin.name;
    expect(result.messages.map((m) => m.body)).toEqual([
      `*${name}:*\nprimeira`,
      `*${name}:*\nsegunda`,
      `*${name}:*\nprimeira`,
      `*${name}:*\nsegunda`,
    ]);
    await eventually(async () => numbers.every((n) => sendsTo(n).length === 2), 10_000);
    const sends = world.sim.sent
      .filter((s) => numbers.includes(s.recipient ?? "") && s.id)
      .sort((a, b) => a.at.getTime() - b.at.getTime());
    expect(sends.map((s) => [s.recipient, (s.body.text as { body: string }).body])).toEqual([
      [numbers[0], `*${name}:*\nprimeira`],
      [numbers[0], `*${name}:*\nsegunda`],
      [numbers[1], `*${name}:*\nprimeira`],
      [numbers[1], `*${name}:*\nsegunda`],
    ]);
    for (let i = 1; i < sends.length; i++) {
      expect(sends[i]!.at.getTime() - sends[i - 1]!.at.getTime()).toBeGreaterThanOrEqual(900);
    }
    // Each contact got a ticket of its own, opened by the forwarding user.
    const opened = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
    expect(opened).toHaveLength(3);
    expect(opened.filter((t) => t.id !== ticket.id).map((t) => [t.status, t.userId])).toEqual([
      ["open", account.team.admin.id],
      ["open", account.team.admin.id],
    ]);
  });

  it("refuses private notes, other companies' contacts and messages, and hidden tickets", async () => {
    const { account, companyId, headers, ticket } = await conversation();
    const contact = await buildContact(db(), companyId, {
      number: newNumber(),
      whatsappId: account.connectionId,
    });
    const note = await post(`/messages/${ticket.id}`, headers, { body: "interno", isPrivate: true });
    const privateForward = await post("/message/forward", headers, {
      messageId: note.json().id,
      contactId: contact.id,
    });
    expect(privateForward.statusCode).toBe(400);
    const text = await post(`/messages/${ticket.id}`, headers, { body: "pública" });
    const otherCompany = await buildCompany(db());
    const foreignContact = await buildContact(db(), otherCompany.id);
    const toForeign = await post("/message/forward", headers, {
      messageId: text.json().id,
      contactId: foreignContact.id,
    });
    expect(toForeign.statusCode).toBe(404);
    expect(toForeign.json().error).toBe("ERR_NO_CONTACT_FOUND");
    const outsider = await buildAdmin(db(), otherCompany.id);
    const outsiderHeaders = (await login(world.server.app, outsider.email)).headers;
    const ofForeign = await post("/message/forward", outsiderHeaders, {
      messageId: text.json().id,
      contactId: foreignContact.id,
    });
    expect(ofForeign.statusCode).toBe(404);
    const queue = await buildQueue(db(), companyId);
    await db().update(tickets).set({ queueId: queue.id }).where(eq(tickets.id, ticket.id));
    const hidden = await post("/message/forward", account.team.userSession.headers, {
      messageId: text.json().id,
      contactId: contact.id,
    });
    expect(hidden.statusCode).toBe(403);
    await new Promise((r) => setTimeout(r, 100));
    expect(sendsTo(contact.number)).toEqual([]);
  });
});

describe("POST /message/forward into another's conversation (issue 8 section 5)", () => {
  it("refuses to forward into a contact's open ticket the user may not see; nothing is stored or sent", async () => {
    const { account, companyId, ticket } = await conversation();
    const { team } = account;
    // The user's own conversation: a message they may forward.
    await db().update(tickets).set({ userId: team.user.id, status: "open" }).where(eq(tickets.id, ticket.id));
    const text = await post(`/messages/${ticket.id}`, team.userSession.headers, { body: "encaminhe isto" });
    expect(text.statusCode, text.body).toBe(200);
    // The target contact is being attended by the admin on the same connection.
    const contact = await buildContact(db(), companyId, {
      number: newNumber(),
      whatsappId: account.connectionId,
    });
    const theirs = await buildTicket(db(), companyId, {
      contactId: contact.id,
      whatsappId: account.connectionId,
      status: "open",
      userId: team.admin.id,
    });

    const res = await post("/message/forward", team.userSession.headers, {
      messageId: text.json().id,
      contactId: contact.id,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe("ERR_NO_PERMISSION");
    expect(await db().select().from(messages).where(eq(messages.ticketId, theirs.id))).toEqual([]);
    const [after] = await db().select().from(tickets).where(eq(tickets.id, theirs.id));
    expect(after?.userId).toBe(team.admin.id);
    await new Promise((r) => setTimeout(r, 100));
    expect(sendsTo(contact.number)).toEqual([]);

    // The admin, who may see it, forwards into it.
    const byAdmin = await post("/message/forward", team.adminSession.headers, {
      messageId: text.json().id,
      contactId: contact.id,
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect((byAdmin.json() as ForwardResult).messages.map((m) => m.ticketId)).toEqual([theirs.id]);
  });
});

describe("GET /messages/transcribeAudio/{file}", () => {
  async function receivedAudio() {
    const c = await conversation();
    await world.sim.cloud.audio(c.account.accountId, { from: c.from, voice: true });
    const audio = await eventually(async () => {
      const [row] = await db()
        .select()
        .from(messages)
        .where(and(eq(messages.ticketId, c.ticket.id), eq(messages.mediaType, "audio")));
      return row?.mediaUrl ? row : undefined;
    });
    return { ...c, audio, file: audio.mediaUrl!.split("/").at(-1)! };
  }

  it("sends the stored audio to the configured service as multipart and answers its text, once", async () => {
    const { file, headers, audio } = await receivedAudio();
    const before = fake.requests.length;
    const res = await world.server.app.inject({
      method: "GET",
      url: `/messages/transcribeAudio/${file}`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ transcribedText: "olá, quero saber do meu pedido" });
    expect(fake.requests).toHaveLength(before + 1);
    const request = fake.requests.at(-1)!;
    expect(request.headers.authorization).toBe("Bearer sk-test-key");
    expect(request.form.get("model")).toBe("whisper-test");
    const sentFile = request.form.get("file") as File;
    expect(sentFile.name).toBe(file);
    const stored = await world.server.app.inject({ method: "GET", url: audio.mediaUrl! });
    expect(Buffer.from(await sentFile.arrayBuffer())).toEqual(stored.rawPayload);
    // Kept: asking again costs no second call.
    const again = await world.server.app.inject({
      method: "GET",
      url: `/messages/transcribeAudio/${file}`,
      headers,
    });
    expect(again.json().transcribedText).toBe("olá, quero saber do meu pedido");
    expect(fake.requests).toHaveLength(before + 1);
  });

  it("refuses our own audio, unknown files, other companies and hidden tickets", async () => {
    const { file, headers, account, ticket, companyId } = await receivedAudio();
    await db()
      .update(messages)
      .set({ fromMe: true })
      .where(eq(messages.mediaUrl, `/public/company${companyId}/media/${file}`));
    const own = await world.server.app.inject({
      method: "GET",
      url: `/messages/transcribeAudio/${file}`,
      headers,
    });
    expect(own.statusCode).toBe(403);
    await db()
      .update(messages)
      .set({ fromMe: false })
      .where(eq(messages.mediaUrl, `/public/company${companyId}/media/${file}`));
    const unknown = await world.server.app.inject({
      method: "GET",
      url: "/messages/transcribeAudio/nope.ogg",
      headers,
    });
    expect(unknown.statusCode).toBe(404);
    const traversal = await world.server.app.inject({
      method: "GET",
      url: "/messages/transcribeAudio/..%2Fsecrets.json",
      headers,
    });
    expect(traversal.statusCode).toBe(400);
    const outsider = await buildAdmin(db(), (await buildCompany(db())).id);
    const foreign = await world.server.app.inject({
      method: "GET",
      url: `/messages/transcribeAudio/${file}`,
      headers: (await login(world.server.app, outsider.email)).headers,
    });
    expect(foreign.statusCode).toBe(404);
    const queue = await buildQueue(db(), companyId);
    await db().update(tickets).set({ queueId: queue.id }).where(eq(tickets.id, ticket.id));
    const hidden = await world.server.app.inject({
      method: "GET",
      url: `/messages/transcribeAudio/${file}`,
      headers: account.team.userSession.headers,
    });
    expect(hidden.statusCode).toBe(403);
  });

  it("answers ERR_TRANSCRIPTION_NOT_CONFIGURED without TRANSCRIPTION_URL, and ERR_TRANSCRIPTION_FAILED when the service fails", async () => {
    const plain = await startTestServer();
    try {
      const company = await buildCompany(plain.database.db);
      const admin = await buildAdmin(plain.database.db, company.id);
      const session: Session = await login(plain.app, admin.email);
      const ticket = await buildTicket(plain.database.db, company.id);
      await plain.database.db.insert(messages).values({
        companyId: company.id,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        mediaType: "audio",
        mediaUrl: `/public/company${company.id}/media/voz.ogg`,
      });
      const res = await plain.app.inject({
        method: "GET",
        url: "/messages/transcribeAudio/voz.ogg",
        headers: session.headers,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error).toBe("ERR_TRANSCRIPTION_NOT_CONFIGURED");
    } finally {
      await plain.close();
    }
    const { file, headers } = await receivedAudio();
    fakeFailure = { status: 500, body: { error: { message: "model overloaded" } } };
    const failed = await world.server.app.inject({
      method: "GET",
      url: `/messages/transcribeAudio/${file}`,
      headers,
    });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toEqual({ error: "ERR_TRANSCRIPTION_FAILED", message: "model overloaded" });
  });
});

let fakeFailure: { status: number; body: unknown } | undefined;

async function startFakeTranscriber(): Promise<typeof fake> {
  const requests: typeof fake.requests = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (req.method !== "POST" || req.url !== "/v1/audio/transcriptions")
      return reply(404, { error: { message: `no route ${req.method} ${req.url}` } });
    const contentType = req.headers["content-type"] ?? "";
    if (!contentType.startsWith("multipart/form-data"))
      return reply(400, { error: { message: "not multipart" } });
    const form = await new Response(Buffer.concat(chunks), {
      headers: { "content-type": contentType },
    }).formData();
    requests.push({ headers: req.headers, form });
    if (fakeFailure) {
      const failure = fakeFailure;
      fakeFailure = undefined;
      return reply(failure.status, failure.body);
    }
    if (!(form.get("file") instanceof File) || !form.get("model"))
      return reply(400, { error: { message: "file and model are required" } });
    reply(200, { text: " olá, quero saber do meu pedido " });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}
