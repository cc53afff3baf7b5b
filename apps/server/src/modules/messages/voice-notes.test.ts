import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { ForwardResult, MessageDto } from "@inbox/shared";
import { and, eq } from "drizzle-orm";
import { OggOpusDecoder } from "ogg-opus-decoder";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildContact } from "../../../test/factories.js";
import { SAMPLE_FILES } from "../../../test/files.js";
import { connectedCompany, eventually, type MetaChannel, startMetaWorld } from "../../../test/meta.js";
import { ProviderError } from "../../channels/types.js";
import { messages, tickets, whatsapps } from "../../db/schema/index.js";
import { credentials } from "../../ingest/connection.js";
import { isOggOpus } from "../../media/audio/ogg.js";
import { streamSamples } from "../../media/audio/opus-packet.js";
import { encodeWav } from "../../media/audio/pcm.js";
import { CHROMIUM_WEBM, LAME_MP3 } from "../../media/audio/test-support.js";
import { readWebmOpus } from "../../media/audio/webm.js";

/**
 * A voice note recorded in Chromium (WebM/Opus) reaches each channel in a
 * format the channel takes, with meta-sim as Meta: it refuses what Meta
 * refuses (WebM uploads on the Cloud API, WebM/Ogg attachment URLs on
 * Messenger and Instagram), so its acceptance is the assertion.
 */

type World = Awaited<ReturnType<typeof startMetaWorld>>;
let world: World;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
let counter = 0;
const newId = () => `55119${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;
const RECORDING_SAMPLES = streamSamples(readWebmOpus(CHROMIUM_WEBM));

/** A company on `channel` where a contact wrote "Oi": the ticket and the admin's headers. */
async function conversation(channel: MetaChannel) {
  const account = await connectedCompany(world, channel);
  const from = newId();
  if (channel === "whatsappapi") await world.sim.cloud.text(account.accountId, { from, body: "Oi" });
  else
    await (channel === "facebook" ? world.sim.messenger : world.sim.instagram).text(account.accountId, {
      from,
      text: "Oi",
    });
  const companyId = account.team.company.id;
  const ticket = await eventually(async () => {
    const [row] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
    return row;
  });
  return { account, from, ticket, companyId, headers: account.team.adminSession.headers };
}

/** POST /messages/{ticketId} with one recorded file, as the web app sends it (answers the message). */
function sendRecording(
  ticketId: number,
  headers: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
) {
  const boundary = `----voice${Date.now()}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="medias"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return world.server.app.inject({
    method: "POST",
    url: `/messages/${ticketId}`,
    headers: { ...headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

const recording = { name: "audio-1700000000000.webm", type: "audio/webm;codecs=opus", bytes: CHROMIUM_WEBM };

const sentRow = (id: number) =>
  eventually(async () => {
    const [row] = await db().select().from(messages).where(eq(messages.id, id));
    return row?.providerMessageId ? row : undefined;
  });

/** The stored file, as the attendant's player fetches it. */
async function served(mediaUrl: string) {
  const res = await world.server.app.inject({ method: "GET", url: mediaUrl });
  expect(res.statusCode).toBe(200);
  return { bytes: res.rawPayload, type: res.headers["content-type"] };
}

async function decodeOgg(bytes: Uint8Array) {
  const decoder = new OggOpusDecoder();
  await decoder.ready;
  try {
    return await decoder.decodeFile(bytes);
  } finally {
    decoder.free();
  }
}

describe("recorded voice notes", () => {
  it("Cloud API: the WebM recording is stored and uploaded as Ogg/Opus, which meta-sim takes", async () => {
    const { account, from, ticket, headers } = await conversation("whatsappapi");
    const res = await sendRecording(ticket.id, headers, recording);
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json() as MessageDto;
    expect(dto).toMatchObject({ mediaType: "audio", body: "" });
    const row = await sentRow(dto.id);
    expect(row.extra).toMatchObject({
      mimeType: "audio/ogg; codecs=opus",
      filename: "audio-1700000000000.ogg",
    });

    // What the attendant's bubble plays is the file the contact got, and it is the whole recording.
    const file = await served(row.mediaUrl!);
    expect(file.type).toBe("audio/ogg");
    expect(isOggOpus(file.bytes)).toBe(true);
    const decoded = await decodeOgg(file.bytes);
    expect(decoded.errors).toEqual([]);
    expect(decoded.samplesDecoded).toBe(RECORDING_SAMPLES);

    const send = world.sim.sent.find((s) => s.recipient === from && s.id === row.providerMessageId);
    expect(send?.body).toMatchObject({ type: "audio", audio: { id: expect.any(String) } });
    const upload = world.sim.uploads.find(
      (u) => u.id === (send?.body.audio as { id: string } | undefined)?.id,
    );
    expect(upload).toMatchObject({
      accountId: account.accountId,
      mimeType: "audio/ogg",
      size: file.bytes.length,
    });
    expect(upload?.sha256).toBe(createHash("sha256").update(file.bytes).digest("hex"));
  });

  it.each<"facebook" | "instagram">(["facebook", "instagram"])(
    "%s: the WebM recording is stored and sent as a 16 kHz WAV by URL, which meta-sim takes",
    async (channel) => {
      const { from, ticket, headers } = await conversation(channel);
      const res = await sendRecording(ticket.id, headers, recording);
      expect(res.statusCode, res.body).toBe(200);
      const row = await sentRow((res.json() as MessageDto).id);
      expect(row.mediaUrl).toMatch(/\.wav$/);
      expect(row.extra).toMatchObject({ mimeType: "audio/wav", filename: "audio-1700000000000.wav" });
      const send = world.sim.sent.find((s) => s.recipient === from && s.id === row.providerMessageId);
      expect(send).toMatchObject({ httpStatus: 200 });
      expect(send?.body.message).toEqual({
        attachment: { type: "audio", payload: { url: expect.stringMatching(/\.wav$/), is_reusable: false } },
      });
      const { attachment } = send!.body.message as { attachment: { payload: { url: string } } };
      expect(attachment.payload.url.endsWith(row.mediaUrl!)).toBe(true);

      const file = await served(row.mediaUrl!);
      expect(file.type).toBe("audio/wav");
      expect(file.bytes.toString("latin1", 8, 12)).toBe("WAVE");
      expect([file.bytes.readUInt16LE(22), file.bytes.readUInt32LE(24)]).toEqual([1, 16_000]);
      expect(file.bytes.readUInt32LE(40) / 2).toBe(Math.floor(RECORDING_SAMPLES / 3));
    },
  );

  it("an MP3 goes to Messenger as it is and to Instagram (which takes no MP3) as WAV", async () => {
    for (const [channel, ext] of [
      ["facebook", "mp3"],
      ["instagram", "wav"],
    ] as const) {
      const { from, ticket, headers } = await conversation(channel);
      const res = await sendRecording(ticket.id, headers, {
        name: "song.mp3",
        type: "audio/mpeg",
        bytes: LAME_MP3,
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = await sentRow((res.json() as MessageDto).id);
      expect(row.mediaUrl?.endsWith(`.${ext}`), channel).toBe(true);
      const send = world.sim.sent.find((s) => s.recipient === from && s.id === row.providerMessageId);
      expect(send?.httpStatus).toBe(200);
    }
  });

  it("MP4/AAC (Safari) and Ogg/Opus (Firefox) on WhatsApp go as they are", async () => {
    const { ticket, headers } = await conversation("whatsappapi");
    const ogg = await served(
      (await sentRow((await sendRecording(ticket.id, headers, recording)).json().id)).mediaUrl!,
    );
    const firefox = await sendRecording(ticket.id, headers, {
      name: "firefox.ogg",
      type: "audio/ogg;codecs=opus",
      bytes: ogg.bytes,
    });
    expect(firefox.statusCode, firefox.body).toBe(200);
    const row = await sentRow((firefox.json() as MessageDto).id);
    expect((await served(row.mediaUrl!)).bytes.equals(ogg.bytes)).toBe(true);
    expect(row.extra).toMatchObject({ filename: "firefox.ogg" });

    const safari = await sendRecording(ticket.id, headers, {
      name: "audio-1.m4a",
      type: "audio/mp4",
      bytes: SAMPLE_FILES.mp4,
    });
    expect(safari.statusCode, safari.body).toBe(200);
    const mp4 = await sentRow((safari.json() as MessageDto).id);
    expect(mp4.extra).toMatchObject({ mimeType: "audio/mp4", filename: "audio-1.m4a" });
    expect((await served(mp4.mediaUrl!)).bytes.equals(SAMPLE_FILES.mp4)).toBe(true);
    const send = world.sim.sent.find((s) => s.id === mp4.providerMessageId);
    const upload = world.sim.uploads.find(
      (u) => u.id === (send?.body.audio as { id: string } | undefined)?.id,
    );
    expect(upload).toMatchObject({ mimeType: "audio/mp4", size: SAMPLE_FILES.mp4.length });
  });

  it("an audio the channel does not take and cannot be converted: ERR_AUDIO_CONVERSION, nothing stored or sent", async () => {
    const { from, ticket, headers, account } = await conversation("whatsappapi");
    const wav = { name: "gravacao.wav", type: "audio/wav", bytes: encodeWav(new Float32Array(1600), 16_000) };
    const damaged = {
      ...recording,
      bytes: Buffer.concat([CHROMIUM_WEBM.subarray(0, 40), Buffer.alloc(400, 0x42)]),
    };
    for (const [file, reason] of [
      [wav, /^WAV audio cannot be sent on WhatsApp$/],
      [damaged, /^The WebM audio could not be converted for WhatsApp: /],
    ] as const) {
      const res = await sendRecording(ticket.id, headers, file);
      expect(res.statusCode, file.name).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_AUDIO_CONVERSION", field: "medias" });
      expect(res.json().message).toMatch(reason);
    }
    const mine = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
    expect(mine).toEqual([]);
    expect(world.sim.uploads.filter((u) => u.accountId === account.accountId)).toEqual([]);
    expect(world.sim.sent.filter((s) => s.recipient === from)).toEqual([]);
  });

  it("a stored WebM (quick message) and a forward of one are converted too, once per file and channel", async () => {
    const { account, from, ticket, headers, companyId } = await conversation("whatsappapi");
    const folder = join(world.server.config.dataDir, "public", `company${companyId}`, "media");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "legacy-voice.webm"), CHROMIUM_WEBM);
    const quick = await world.server.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}`,
      headers,
      payload: { body: "", mediaUrl: `/public/company${companyId}/media/legacy-voice.webm` },
    });
    expect(quick.statusCode, quick.body).toBe(200);
    const quickRow = await sentRow((quick.json() as MessageDto).id);
    expect(quickRow.mediaUrl).not.toMatch(/legacy-voice/);
    expect(isOggOpus((await served(quickRow.mediaUrl!)).bytes)).toBe(true);

    // A message stored before conversion existed, forwarded to two contacts.
    const [legacy] = await db()
      .insert(messages)
      .values({
        companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId: account.connectionId,
        fromMe: true,
        ack: 1,
        mediaType: "audio",
        mediaUrl: `/public/company${companyId}/media/legacy-voice.webm`,
        providerMessageId: `wamid.legacy${Date.now()}`,
        extra: { kind: "audio", mimeType: "audio/webm", filename: "legacy-voice.webm" },
      })
      .returning();
    const numbers = [newId(), newId()];
    const contacts = await Promise.all(
      numbers.map((number) => buildContact(db(), companyId, { number, whatsappId: account.connectionId })),
    );
    const forward = await world.server.app.inject({
      method: "POST",
      url: "/message/forward",
      headers,
      payload: { messageId: [legacy!.id], contactId: contacts.map((c) => c.id), signMessage: false },
    });
    expect(forward.statusCode, forward.body).toBe(200);
    const copies = (forward.json() as ForwardResult).messages;
    expect(new Set(copies.map((m) => m.mediaUrl)).size).toBe(1);
    expect(copies[0]?.mediaUrl).toMatch(/\.opus$/);
    await eventually(
      async () => numbers.every((n) => world.sim.sent.some((s) => s.recipient === n && s.id)),
      10_000,
    );
    for (const number of numbers) {
      const send = world.sim.sent.find((s) => s.recipient === number && s.id);
      const upload = world.sim.uploads.find(
        (u) => u.id === (send?.body.audio as { id: string } | undefined)?.id,
      );
      expect(upload?.mimeType).toBe("audio/ogg");
    }
    expect(world.sim.sent.filter((s) => s.recipient === from && s.httpStatus !== 200)).toEqual([]);

    // A message whose file is gone forwards as before (its send fails on the message), never a 500.
    const [gone] = await db()
      .insert(messages)
      .values({
        ...legacy!,
        id: undefined,
        providerMessageId: `${legacy!.providerMessageId}b`,
        mediaUrl: `/public/company${companyId}/media/gone.webm`,
      })
      .returning();
    const again = await world.server.app.inject({
      method: "POST",
      url: "/message/forward",
      headers,
      payload: { messageId: [gone!.id], contactId: [contacts[0]!.id], signMessage: false },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe("without the conversion, meta-sim refuses the raw recording as Meta does", () => {
  async function connection(channel: MetaChannel) {
    const account = await connectedCompany(world, channel);
    const [row] = await db().select().from(whatsapps).where(eq(whatsapps.id, account.connectionId));
    return credentials(row!);
  }

  it("Cloud API: uploading the WebM answers 131053 Media upload error", async () => {
    const adapter = world.server.channels.get("whatsappapi")!;
    const send = adapter.send(await connection("whatsappapi"), {
      kind: "audio",
      to: newId(),
      voice: true,
      media: { url: "/public/x.webm", mimeType: "audio/webm", filename: "voice.webm", bytes: CHROMIUM_WEBM },
    });
    await expect(send).rejects.toBeInstanceOf(ProviderError);
    await expect(send).rejects.toMatchObject({ code: 131053, message: "(#131053) Media upload error" });
  });

  it.each<"facebook" | "instagram">(["facebook", "instagram"])(
    "%s: an attachment URL to the WebM answers 100/2018047 Upload attachment failure",
    async (channel) => {
      const adapter = world.server.channels.get(channel)!;
      const send = adapter.send(await connection(channel), {
        kind: "audio",
        to: newId(),
        media: { url: "/public/company1/media/voice.webm", mimeType: "audio/webm" },
      });
      await expect(send).rejects.toMatchObject({
        code: 100,
        options: { subcode: 2018047 },
        message: "(#100) Upload attachment failure.",
      });
    },
  );
});
