import { readFile, rm } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DisconnectReason, encryptedStream, proto, WAMessageStatus } from "baileys";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildCompany, buildConnection } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import type { InboundEvent } from "../types.js";
import { hasStoredCreds, useDatabaseAuthState } from "./auth-state.js";
import { type WhatsappManagerOptions, WhatsappSessionManager } from "./session-manager.js";
import type { SessionStatusUpdate, WhatsappConnectionRef } from "./socket.js";
import { fakeSocketFactory, userKey, waMessage } from "./test-support.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A fresh connection, a manager on a fake socket factory, and recorders for the hooks. */
async function setup(options: Partial<WhatsappManagerOptions> = {}) {
  const db = server.database.db;
  const company = await buildCompany(db);
  const row = await buildConnection(db, company.id, { channel: "whatsapp" });
  const connection: WhatsappConnectionRef = { id: row.id, companyId: company.id };
  const statuses: SessionStatusUpdate[] = [];
  const delivered: InboundEvent[][] = [];
  const sockets = fakeSocketFactory();
  const manager = new WhatsappSessionManager({
    db,
    socketFactory: sockets.factory,
    hooks: {
      onStatus: (_c, update) => {
        statuses.push(update);
      },
      onEvents: async (_c, events) => {
        delivered.push(events);
      },
    },
    ...options,
  });
  const lastStatus = () => statuses.at(-1)?.status;
  return { db, connection, manager, sockets, statuses, delivered, lastStatus };
}

describe("connection status machine", () => {
  it("shows each QR code, then CONNECTED with our number once the phone links", async () => {
    const { connection, manager, sockets, statuses } = await setup();
    await manager.start(connection);
    const socket = sockets.last();
    expect(socket.config.auth?.creds.registered).toBe(false);
    expect(socket.config).toMatchObject({ syncFullHistory: false, markOnlineOnConnect: false });

    socket.emit("connection.update", { connection: "connecting" });
    socket.qr("2@QRCODE-ONE");
    socket.qr("2@QRCODE-TWO");
    socket.emit("connection.update", { isNewLogin: true });
    socket.open();
    await manager.settled(connection);
    expect(statuses).toEqual([
      { status: "OPENING", qrcode: "", number: undefined, retries: 0 },
      { status: "OPENING", qrcode: "", number: undefined, retries: 0 },
      { status: "qrcode", qrcode: "2@QRCODE-ONE", number: undefined, retries: 1 },
      { status: "qrcode", qrcode: "2@QRCODE-TWO", number: undefined, retries: 2 },
      { status: "PAIRING", qrcode: "", number: undefined, retries: 2 },
      { status: "CONNECTED", qrcode: "", number: "5511988887777", retries: 0 },
    ]);
    expect(manager.statusOf(connection)).toBe("CONNECTED");
  });

  it("opens a new socket at once on 515 (restart required after the scan) and drops the old one", async () => {
    const { connection, manager, sockets } = await setup();
    await manager.start(connection);
    const first = sockets.last();
    first.qr("QR");
    first.close(DisconnectReason.restartRequired);
    expect(sockets.sockets).toHaveLength(2);
    expect(first.listenerCount()).toBe(0);
    // The same in-memory creds carry the pairing into the new socket.
    expect(sockets.last().config.auth?.creds).toBe(first.config.auth?.creds);
    sockets.last().open();
    await manager.settled(connection);
    expect(manager.statusOf(connection)).toBe("CONNECTED");
  });

  it("on 401 (logged out) wipes the auth rows, reports DISCONNECTED and never reconnects", async () => {
    const { db, connection, manager, sockets, lastStatus } = await setup();
    await manager.start(connection);
    const socket = sockets.last();
    socket.open();
    socket.emit("creds.update", {});
    await manager.settled(connection);
    const scope = { companyId: connection.companyId, whatsappId: connection.id };
    expect(await hasStoredCreds(db, scope)).toBe(true);

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    socket.close(DisconnectReason.loggedOut);
    await vi.waitFor(() => expect(lastStatus()).toBe("DISCONNECTED"));
    expect(await hasStoredCreds(db, scope)).toBe(false);
    vi.advanceTimersByTime(10 * 60_000);
    expect(sockets.sockets).toHaveLength(1);
    expect(manager.statusOf(connection)).toBeUndefined();
  });

  it("reconnects other closes with exponential backoff, shows TIMEOUT after 5 failures, resets on open", async () => {
    const { connection, manager, sockets, lastStatus } = await setup();
    await manager.start(connection);
    sockets.last().open();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });

    const failAndWait = (expectedDelay: number) => {
      const before = sockets.sockets.length;
      sockets.last().close(DisconnectReason.connectionLost);
      vi.advanceTimersByTime(expectedDelay - 1);
      expect(sockets.sockets).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(sockets.sockets).toHaveLength(before + 1);
    };
    for (const delay of [1_000, 2_000, 4_000, 8_000]) failAndWait(delay);
    await manager.settled(connection);
    expect(lastStatus()).toBe("OPENING");
    failAndWait(16_000);
    await manager.settled(connection);
    expect(lastStatus()).toBe("TIMEOUT");
    // Baileys says "connecting" on each new socket; TIMEOUT stays until one opens.
    sockets.last().emit("connection.update", { connection: "connecting" });
    await manager.settled(connection);
    expect(lastStatus()).toBe("TIMEOUT");
    for (const delay of [32_000, 60_000, 60_000]) failAndWait(delay);

    sockets.last().open();
    failAndWait(1_000);
    await manager.settled(connection);
    expect(lastStatus()).toBe("OPENING");
  });

  it("gives up after maxQrCodes unscanned codes: DISCONNECTED with an empty QR, auth wiped, no retry", async () => {
    const { db, connection, manager, sockets, statuses, lastStatus } = await setup({ maxQrCodes: 2 });
    await manager.start(connection);
    const socket = sockets.last();
    socket.emit("creds.update", {});
    socket.qr("QR1");
    socket.qr("QR2");
    socket.qr("QR3");
    await vi.waitFor(() => expect(lastStatus()).toBe("DISCONNECTED"));
    expect(statuses.at(-1)?.qrcode).toBe("");
    expect(socket.endCalls).toBe(1);
    expect(sockets.sockets).toHaveLength(1);
    expect(await hasStoredCreds(db, { companyId: connection.companyId, whatsappId: connection.id })).toBe(
      false,
    );
  });

  it("also gives up when Baileys closes an unpaired socket after the QR codes ran out (408)", async () => {
    const { connection, manager, sockets, lastStatus } = await setup({ maxQrCodes: 2 });
    await manager.start(connection);
    sockets.last().qr("QR1");
    sockets.last().qr("QR2");
    sockets.last().close(DisconnectReason.timedOut);
    await vi.waitFor(() => expect(lastStatus()).toBe("DISCONNECTED"));
    expect(sockets.sockets).toHaveLength(1);
  });

  it("persists every creds.update", async () => {
    const { db, connection, manager, sockets } = await setup();
    await manager.start(connection);
    const socket = sockets.last();
    const creds = socket.config.auth?.creds;
    if (!creds) throw new Error("no creds");
    // Baileys merges the update into the creds object before our listener runs.
    creds.me = { id: "5511988887777:3@s.whatsapp.net" };
    socket.emit("creds.update", { me: creds.me });
    await manager.settled(connection);
    const stored = await useDatabaseAuthState(db, {
      companyId: connection.companyId,
      whatsappId: connection.id,
    });
    expect(stored.state.creds.me?.id).toBe("5511988887777:3@s.whatsapp.net");
  });
});

describe("inbound events", () => {
  it("hands upserts, acks and reactions to the sink in order, without doubling reactions", async () => {
    const { connection, manager, sockets, delivered } = await setup();
    await manager.start(connection);
    const socket = sockets.last();
    socket.open();
    const reaction = waMessage(userKey("REACT"), {
      reactionMessage: { key: userKey("MINE", { fromMe: true }), text: "🙏" },
    });
    socket.emit("messages.upsert", {
      type: "notify",
      messages: [waMessage(userKey("IN1"), { conversation: "hello" })],
    });
    socket.emit("messages.upsert", { type: "notify", messages: [reaction] });
    // What Baileys' processMessage emits for the same reaction message.
    socket.emit("messages.reaction", [
      {
        key: userKey("MINE", { fromMe: true }),
        reaction: { ...reaction.message?.reactionMessage, key: reaction.key },
      },
    ]);
    socket.emit("messages.update", [
      { key: userKey("MINE", { fromMe: true }), update: { status: WAMessageStatus.READ } },
    ]);
    await manager.settled(connection);
    expect(delivered.map((batch) => batch.map((e) => e.kind))).toEqual([["message"], ["reaction"], ["ack"]]);
  });
});

describe("echoes of our own sends", () => {
  it("are not handed to the sink, while messages we typed on the phone are", async () => {
    const { connection, manager, sockets, delivered } = await setup();
    await manager.start(connection);
    const socket = sockets.last();
    socket.open();
    const { providerMessageId } = await manager.send(connection, {
      kind: "text",
      to: "5511912345678",
      body: "hi",
    });
    const mine = (id: string) => waMessage(userKey(id, { fromMe: true }), { conversation: "hi" });
    socket.emit("messages.upsert", { type: "append", messages: [mine(providerMessageId)] });
    socket.emit("messages.upsert", { type: "notify", messages: [mine("FROM-PHONE")] });
    await manager.settled(connection);
    const ids = delivered.flat().map((e) => (e.kind === "message" ? e.message.providerMessageId : e.kind));
    expect(ids).toEqual(["FROM-PHONE"]);
  });
});

describe("media downloads through Baileys", () => {
  let media: Server;
  let base = "";
  const plain = Buffer.from("a real jpeg would be here");
  let encrypted: Buffer = Buffer.alloc(0);
  let mediaKey: Buffer = Buffer.alloc(0);

  beforeAll(async () => {
    // Encrypted exactly as WhatsApp's media servers hold it, by Baileys' own encoder.
    const enc = await encryptedStream(plain, "image");
    encrypted = await readFile(enc.encFilePath);
    mediaKey = enc.mediaKey;
    await rm(enc.encFilePath, { force: true });
    media = createServer((req, res) => {
      if (req.url === "/ok") res.end(encrypted);
      else if (req.url === "/expired") res.writeHead(410).end();
      else res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => media.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(media.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => media.close(() => resolve())));

  const imageAt = (id: string, path: string) =>
    waMessage(userKey(id), {
      imageMessage: { url: `${base}${path}`, mediaKey, mimetype: "image/jpeg", caption: "pic" },
    });

  async function receive(id: string, path: string) {
    const ctx = await setup();
    await ctx.manager.start(ctx.connection);
    const socket = ctx.sockets.last();
    socket.open();
    socket.reuploadAnswer = (m) => ({
      ...m,
      message: proto.Message.fromObject({ imageMessage: { ...m.message?.imageMessage, url: `${base}/ok` } }),
    });
    socket.emit("messages.upsert", { type: "notify", messages: [imageAt(id, path)] });
    await ctx.manager.settled(ctx.connection);
    const [event] = ctx.delivered.flat();
    if (event?.kind !== "message") throw new Error("no message delivered");
    return { message: event.message, socket };
  }

  it("puts the decrypted bytes, mimetype and a file name on the message", async () => {
    const { message } = await receive("IMG1", "/ok");
    expect(message.media?.bytes?.equals(plain)).toBe(true);
    expect(message.media).toMatchObject({ mimeType: "image/jpeg", filename: "IMG1.jpeg" });
  });

  it("asks the phone to re-upload expired media through sock.updateMediaMessage", async () => {
    const { message, socket } = await receive("IMG2", "/expired");
    expect(socket.reuploads.map((m) => m.key.id)).toEqual(["IMG2"]);
    expect(message.media?.bytes?.equals(plain)).toBe(true);
  });

  it("keeps the message, mediaType and caption without bytes when the download fails", async () => {
    const { message } = await receive("IMG3", "/broken");
    expect(message).toMatchObject({ mediaType: "image", body: "pic" });
    expect(message.media?.bytes).toBeUndefined();
    expect(message.extra?.mediaError).toEqual(expect.any(String));
  });
});
