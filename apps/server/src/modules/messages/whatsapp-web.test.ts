import type { MessageDto } from "@inbox/shared";
import { and, eq } from "drizzle-orm";
import { OggOpusDecoder } from "ogg-opus-decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../../test/factories.js";
import { SAMPLE_FILES } from "../../../test/files.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import { createWhatsappAdapter, sessionHooksFromSink } from "../../channels/whatsapp/adapter.js";
import { WhatsappSessionManager } from "../../channels/whatsapp/session-manager.js";
import { fakeSocketFactory, userKey, waMessage } from "../../channels/whatsapp/test-support.js";
import { messages, tickets, whatsapps } from "../../db/schema/index.js";
import { isOggOpus } from "../../media/audio/ogg.js";
import { streamSamples } from "../../media/audio/opus-packet.js";
import { CHROMIUM_WEBM } from "../../media/audio/test-support.js";
import { readWebmOpus } from "../../media/audio/webm.js";

/**
 * WhatsApp Web (Baileys) carries edits and deletes of our messages. The
 * session runs on the Baileys test socket (payloads built from Baileys' own
 * types), so what sendMessage received is the assertion.
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

async function connectedConversation() {
  const team = await buildTeam(server.app, db());
  const [connection] = await db()
    .insert(whatsapps)
    .values({ companyId: team.company.id, name: "web", channel: "whatsapp" })
    .returning();
  await manager.start({ id: connection!.id, companyId: team.company.id });
  const socket = sockets.last();
  socket.open();
  socket.emit("messages.upsert", {
    type: "notify",
    messages: [waMessage(userKey("IN1"), { conversation: "Olá" })],
  });
  // Ingest opens the ticket before it stores the message (and counts it unread, in one statement):
  // the conversation is ready once the message is there.
  const ticket = await eventually(async () => {
    const [row] = await db().select().from(tickets).where(eq(tickets.companyId, team.company.id));
    return row && row.unreadMessages > 0 && row;
  });
  return { team, socket, ticket, headers: team.adminSession.headers };
}

describe("messages over WhatsApp Web", () => {
  it("reading sends the receipt; a sent text can be edited and deleted on the channel", async () => {
    const { socket, ticket, headers } = await connectedConversation();
    await server.app.inject({ method: "GET", url: `/messages/${ticket.id}`, headers });
    await eventually(async () => socket.reads.flat().some((key) => key.id === "IN1"));

    const res = await server.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}`,
      headers,
      payload: { body: "primeiro texto" },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sent = res.json() as MessageDto;
    const providerId = await eventually(async () => {
      const [row] = await db().select().from(messages).where(eq(messages.id, sent.id));
      return row?.providerMessageId;
    });
    expect(socket.sent.map((s) => s.content)).toEqual([{ text: "primeiro texto" }]);
    expect(providerId).toBe(socket.sent[0]?.options?.messageId);

    const edited = await server.app.inject({
      method: "POST",
      url: `/messages/edit/${sent.id}`,
      headers,
      payload: { body: "texto corrigido" },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ body: "texto corrigido", isEdited: true });
    expect(socket.sent[1]?.content).toMatchObject({
      text: "texto corrigido",
      edit: { id: providerId, fromMe: true },
    });

    const deleted = await server.app.inject({ method: "DELETE", url: `/messages/${sent.id}`, headers });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(socket.sent[2]?.content).toMatchObject({ delete: { id: providerId, fromMe: true } });
    const [row] = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.id, sent.id), eq(messages.isDeleted, true)));
    expect(row?.extra).toMatchObject({ editedOnChannel: true, deletedOnChannel: true });
  });

  it("a resend after a crash names the same WhatsApp message id, so the contact gets one message", async () => {
    const { socket, ticket, headers } = await connectedConversation();
    const post = (body: string) =>
      server.app.inject({ method: "POST", url: `/messages/${ticket.id}`, headers, payload: { body } });
    const first = (await post("uma vez")).json() as MessageDto;
    const other = (await post("outra")).json() as MessageDto;
    await eventually(async () => socket.sent.length === 2);
    const stored = async (id: number) =>
      (await db().select().from(messages).where(eq(messages.id, id)))[0]?.providerMessageId;
    const firstId = await eventually(() => stored(first.id));
    // The crash window: WhatsApp took the message, we died before keeping its id.
    await db()
      .update(messages)
      .set({ providerMessageId: null, ack: 0, sendClaimedAt: null })
      .where(eq(messages.id, first.id));
    await server.outbound.send(ticket.companyId, first.id);
    expect(socket.sent).toHaveLength(3);
    expect(socket.sent[2]?.options?.messageId).toBe(socket.sent[0]?.options?.messageId);
    expect(await stored(first.id)).toBe(firstId);
    expect(await eventually(() => stored(other.id))).not.toBe(firstId);
  });

  it("a WebM recording goes out as an Ogg/Opus voice note (ptt); MP4 audio as a plain audio file", async () => {
    const { socket, ticket, headers } = await connectedConversation();
    const upload = (name: string, type: string, bytes: Buffer) => {
      const boundary = `----voice${Date.now()}`;
      return server.app.inject({
        method: "POST",
        url: `/messages/${ticket.id}`,
        headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
        payload: Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
          ),
          bytes,
          Buffer.from(`\r\n--${boundary}--\r\n`),
        ]),
      });
    };
    const voice = await upload("audio-1.webm", "audio/webm;codecs=opus", CHROMIUM_WEBM);
    expect(voice.statusCode, voice.body).toBe(200);
    await eventually(async () => socket.sent.length === 1);
    const content = socket.sent[0]?.content as { audio: Buffer; ptt: boolean; mimetype: string };
    expect(content).toMatchObject({ ptt: true, mimetype: "audio/ogg; codecs=opus" });
    expect(isOggOpus(content.audio)).toBe(true);
    const decoder = new OggOpusDecoder();
    await decoder.ready;
    const decoded = await decoder.decodeFile(content.audio);
    decoder.free();
    expect(decoded.errors).toEqual([]);
    expect(decoded.samplesDecoded).toBe(streamSamples(readWebmOpus(CHROMIUM_WEBM)));

    const song = await upload("song.m4a", "audio/mp4", SAMPLE_FILES.mp4);
    expect(song.statusCode, song.body).toBe(200);
    await eventually(async () => socket.sent.length === 2);
    expect(socket.sent[1]?.content).toMatchObject({ ptt: false, mimetype: "audio/mp4" });
  });

  it("a channel failure on delete answers ERR_DELETE_WAPP_MSG and leaves the message as it was", async () => {
    const { socket, ticket, headers } = await connectedConversation();
    const res = await server.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}`,
      headers,
      payload: { body: "fica" },
    });
    const id = (res.json() as MessageDto).id;
    await eventually(async () => socket.sent.length === 1);
    await eventually(async () => {
      const [row] = await db().select().from(messages).where(eq(messages.id, id));
      return row?.providerMessageId;
    });
    socket.failNextSend = Object.assign(new Error("not allowed"), { output: { statusCode: 403 } });
    const deleted = await server.app.inject({ method: "DELETE", url: `/messages/${id}`, headers });
    expect(deleted.statusCode).toBe(502);
    expect(deleted.json().error).toBe("ERR_DELETE_WAPP_MSG");
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    expect(row?.isDeleted).toBe(false);
  });
});
