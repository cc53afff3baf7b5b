import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DisconnectReason } from "baileys";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { buildCompany, buildConnection } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { type InboundEvent, ProviderError } from "../types.js";
import { createWhatsappAdapter, sessionHooksFromSink } from "./adapter.js";
import { hasStoredCreds, useDatabaseAuthState } from "./auth-state.js";
import { WhatsappSessionManager } from "./session-manager.js";
import type { SessionStatusUpdate, WhatsappConnectionRef } from "./socket.js";
import { fakeSocketFactory, userKey, waMessage } from "./test-support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

async function newConnection(channel = "whatsapp"): Promise<WhatsappConnectionRef> {
  const db = server.database.db;
  const company = await buildCompany(db);
  const row = await buildConnection(db, company.id, { channel });
  return { id: row.id, companyId: company.id };
}

function newManager() {
  const sockets = fakeSocketFactory();
  const statuses: SessionStatusUpdate[] = [];
  const manager = new WhatsappSessionManager({
    db: server.database.db,
    socketFactory: sockets.factory,
    hooks: { onStatus: (_c, update) => void statuses.push(update), onEvents: async () => {} },
  });
  return { manager, sockets, statuses };
}

const scopeOf = (c: WhatsappConnectionRef) => ({ companyId: c.companyId, whatsappId: c.id });

describe("sessions", () => {
  it("never opens two sockets for one connection", async () => {
    const connection = await newConnection();
    const { manager, sockets } = newManager();
    await Promise.all([manager.start(connection), manager.start(connection)]);
    expect(sockets.sockets).toHaveLength(1);
    sockets.last().open();
    await manager.start(connection);
    expect(sockets.sockets).toHaveLength(1);
  });

  it("a start while waiting out the backoff connects at once, still with one socket", async () => {
    const connection = await newConnection();
    const { manager, sockets } = newManager();
    await manager.start(connection);
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    try {
      sockets.last().close(DisconnectReason.connectionClosed);
      await manager.start(connection);
      expect(sockets.sockets).toHaveLength(2);
      vi.advanceTimersByTime(60_000);
      expect(sockets.sockets).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("restoreAll starts only whatsapp connections with stored creds", async () => {
    const db = server.database.db;
    const paired = await newConnection();
    const unpaired = await newConnection();
    const cloudApi = await newConnection("whatsappapi");
    await (await useDatabaseAuthState(db, scopeOf(paired))).saveCreds();
    // Rows of another channel are not Baileys sessions, whatever they hold.
    await (await useDatabaseAuthState(db, scopeOf(cloudApi))).saveCreds();

    const { manager, sockets } = newManager();
    await manager.restoreAll();
    expect(sockets.sockets.length).toBeGreaterThanOrEqual(1);
    expect(manager.statusOf(paired)).toBe("OPENING");
    expect(manager.statusOf(unpaired)).toBeUndefined();
    expect(manager.statusOf(cloudApi)).toBeUndefined();
  });

  it("stop keeps the auth state; stop with logout unlinks the phone and wipes it", async () => {
    const db = server.database.db;
    const connection = await newConnection();
    const { manager, sockets, statuses } = newManager();
    await manager.start(connection);
    sockets.last().open();
    sockets.last().emit("creds.update", {});
    await manager.settled(connection);

    await manager.stop(connection);
    expect(sockets.last().endCalls).toBe(1);
    expect(await hasStoredCreds(db, scopeOf(connection))).toBe(true);
    expect(statuses.at(-1)?.status).toBe("DISCONNECTED");

    await manager.start(connection);
    sockets.last().open();
    await manager.stop(connection, { logout: true });
    expect(sockets.last().logoutCalls).toBe(1);
    expect(await hasStoredCreds(db, scopeOf(connection))).toBe(false);
    expect(manager.statusOf(connection)).toBeUndefined();
  });

  it("renew logs the old pairing out, wipes it and starts again unpaired", async () => {
    const db = server.database.db;
    const connection = await newConnection();
    const { manager, sockets } = newManager();
    await manager.start(connection);
    const old = sockets.last();
    const creds = old.config.auth?.creds;
    if (creds) creds.me = { id: "5511988887777:3@s.whatsapp.net" };
    old.open();
    old.emit("creds.update", {});
    await manager.settled(connection);
    await manager.renew(connection);
    expect(old.logoutCalls).toBe(1);
    expect(sockets.sockets).toHaveLength(2);
    expect(sockets.last().config.auth?.creds.me).toBeUndefined();
    expect(await hasStoredCreds(db, scopeOf(connection))).toBe(false);
  });

  it("does not let another company's id reach a session", async () => {
    const connection = await newConnection();
    const { manager, sockets } = newManager();
    await manager.start(connection);
    sockets.last().open();
    const intruder = { id: connection.id, companyId: connection.companyId + 1000 };
    expect(manager.statusOf(intruder)).toBeUndefined();
    await manager.stop(intruder, { logout: true });
    expect(sockets.last().logoutCalls).toBe(0);
    await expect(
      manager.send(intruder, { kind: "text", to: "5511912345678", body: "x" }),
    ).rejects.toBeInstanceOf(ProviderError);
  });
});

describe("send", () => {
  async function connected() {
    const connection = await newConnection();
    const { manager, sockets } = newManager();
    await manager.start(connection);
    const socket = sockets.last();
    socket.open();
    return { connection, manager, socket, adapter: createWhatsappAdapter(manager) };
  }

  it("sends text to the phone jid and answers the provider id", async () => {
    const { connection, socket, adapter } = await connected();
    const credentials = {
      ...connection,
      channel: "whatsapp" as const,
      phoneNumberId: null,
      pageId: null,
      instagramId: null,
      accessToken: null,
    };
    const result = await adapter.send(credentials, {
      kind: "text",
      to: "+55 (11) 91234-5678",
      body: "Olá",
    });
    expect(result).toEqual({ providerMessageId: "SENT1" });
    expect(socket.sent[0]).toMatchObject({ jid: "5511912345678@s.whatsapp.net", content: { text: "Olá" } });
  });

  it("sends media from a URL or an absolute local path, audio as a voice note, documents with a name", async () => {
    const { connection, manager, socket } = await connected();
    const dir = mkdtempSync(join(tmpdir(), "wa-media-"));
    const file = join(dir, "report.pdf");
    writeFileSync(file, "%PDF");
    const to = "120363041234567890@g.us";
    await manager.send(connection, {
      kind: "image",
      to,
      body: "caption",
      media: { url: "https://files.example/a.png", mimeType: "image/png" },
    });
    await manager.send(connection, { kind: "audio", to, media: { url: file, mimeType: "audio/ogg" } });
    await manager.send(connection, {
      kind: "document",
      to,
      media: { url: file, mimeType: "application/pdf" },
    });
    expect(socket.sent.map((s) => s.jid)).toEqual([to, to, to]);
    expect(socket.sent[0]?.content).toEqual({
      image: { url: "https://files.example/a.png" },
      caption: "caption",
      mimetype: "image/png",
    });
    expect(socket.sent[1]?.content).toMatchObject({ audio: { url: file }, ptt: true });
    expect(socket.sent[2]?.content).toMatchObject({ document: { url: file }, fileName: "report.pdf" });

    const missing = manager.send(connection, {
      kind: "video",
      to,
      media: { url: join(dir, "nope.mp4"), mimeType: "video/mp4" },
    });
    await expect(missing).rejects.toMatchObject({ options: { retryable: false } });
    expect(socket.sent).toHaveLength(3);
  });

  it("sends contact cards as vcards", async () => {
    const { connection, manager, socket } = await connected();
    await manager.send(connection, {
      kind: "contact",
      to: "5511912345678",
      vcard: { name: "Ana", number: "55 11 95555-4444" },
    });
    expect(socket.sent[0]?.content).toEqual({
      contacts: {
        displayName: "Ana",
        contacts: [
          {
            displayName: "Ana",
            vcard:
              "BEGIN:VCARD\nVERSION:3.0\nFN:Ana\nTEL;type=CELL;type=VOICE;waid=5511955554444:+5511955554444\nEND:VCARD",
          },
        ],
      },
    });
  });

  it("uses the real key of a recent message for quotes, reactions and read receipts", async () => {
    const { connection, manager, socket } = await connected();
    const inbound = waMessage(userKey("IN1"), { conversation: "question?" });
    socket.emit("messages.upsert", { type: "notify", messages: [inbound] });
    const ours = await manager.send(connection, {
      kind: "text",
      to: "5511912345678",
      body: "answer",
      quotedProviderMessageId: "IN1",
    });
    expect(socket.sent[0]?.options?.quoted).toBe(inbound);

    await manager.send(connection, {
      kind: "reaction",
      to: "5511912345678",
      reaction: { targetProviderMessageId: ours.providerMessageId, emoji: "👍" },
    });
    // Our own message: the key says fromMe, which a key built from the id alone could not know.
    expect(socket.sent[1]?.content).toEqual({
      react: { text: "👍", key: { remoteJid: "5511912345678@s.whatsapp.net", fromMe: true, id: "SENT1" } },
    });

    await manager.send(connection, { kind: "read", to: "5511912345678", readProviderMessageId: "IN1" });
    expect(socket.reads).toEqual([[inbound.key]]);
  });

  it("builds a minimal key for messages it no longer remembers", async () => {
    const { connection, manager, socket } = await connected();
    await manager.send(connection, {
      kind: "text",
      to: "5511912345678",
      body: "re",
      quotedProviderMessageId: "OLD",
    });
    expect(socket.sent[0]?.options?.quoted).toEqual({
      key: { remoteJid: "5511912345678@s.whatsapp.net", id: "OLD", fromMe: false },
      message: { conversation: "" },
    });
  });

  it("turns failures into ProviderErrors: retryable when not connected or the socket dropped", async () => {
    const { connection, manager, socket } = await connected();
    socket.failNextSend = Object.assign(new Error("Connection Closed"), { output: { statusCode: 428 } });
    const dropped = manager.send(connection, { kind: "text", to: "5511912345678", body: "x" });
    await expect(dropped).rejects.toMatchObject({ code: 428, options: { retryable: true } });

    socket.failNextSend = Object.assign(new Error("bad request"), { output: { statusCode: 400 } });
    const refused = manager.send(connection, { kind: "text", to: "5511912345678", body: "x" });
    await expect(refused).rejects.toMatchObject({ code: 400, options: { retryable: false } });

    socket.close(DisconnectReason.connectionLost);
    const offline = manager.send(connection, { kind: "text", to: "5511912345678", body: "x" });
    await expect(offline).rejects.toBeInstanceOf(ProviderError);
    await expect(offline).rejects.toMatchObject({ options: { retryable: true } });
    await manager.stop(connection);
  });
});

describe("sessionHooksFromSink", () => {
  it("passes statuses to ingest as session events and events unchanged", async () => {
    const got: InboundEvent[][] = [];
    const hooks = sessionHooksFromSink({ deliver: async (_c, events) => void got.push(events) });
    const connection = { id: 1, companyId: 1 };
    await hooks.onStatus(connection, { status: "qrcode", qrcode: "QR", retries: 1 });
    await hooks.onEvents(connection, [{ kind: "delete", providerMessageId: "X" }]);
    expect(got).toEqual([
      [{ kind: "session", status: "qrcode", qrcode: "QR", number: undefined, retries: 1 }],
      [{ kind: "delete", providerMessageId: "X" }],
    ]);
  });
});
