import type { MessageDto, TicketDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { SAMPLE_FILES } from "../../../test/files.js";
import { connectedCompany, eventually, startMetaWorld } from "../../../test/meta.js";
import { messages, tickets } from "../../db/schema/index.js";
import { CHROMIUM_WEBM, LAME_MP3 } from "../../media/audio/test-support.js";

/**
 * Previews people read (issue 14): the ticket's lastMessage and the message
 * event's ticket say '📷 Foto', '🎤 Áudio 0:01', '📄 nota-fiscal.pdf' instead
 * of '[image]'; an audio's length and a file's size are read once from the
 * bytes when stored and come with the message.
 */

type World = Awaited<ReturnType<typeof startMetaWorld>>;
let world: World;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
let counter = 0;
const newNumber = () => `55119${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

const ticketOf = (companyId: number) =>
  eventually(async () => (await db().select().from(tickets).where(eq(tickets.companyId, companyId)))[0]);
const messageCount = async (companyId: number) =>
  (await db().select({ id: messages.id }).from(messages).where(eq(messages.companyId, companyId))).length;

describe("previews of inbound media (Cloud API through meta-sim and the real ingest)", () => {
  it("sets each media type's readable preview on the ticket and on the message event", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const companyId = account.team.company.id;
    const from = newNumber();
    const sim = world.sim.cloud;
    const created = vi.spyOn(world.server.events, "messageCreated");
    const cases: [string, () => Promise<unknown>][] = [
      ["📷 Foto", () => sim.image(account.accountId, { from })],
      ["📷 Foto olha isso", () => sim.image(account.accountId, { from, caption: "olha isso" })],
      ["🎥 Vídeo", () => sim.video(account.accountId, { from })],
      [
        "🎤 Áudio 0:01",
        () =>
          sim.audio(account.accountId, {
            from,
            voice: true,
            media: { bytes: LAME_MP3, mimeType: "audio/mpeg", filename: "voz.mp3" },
          }),
      ],
      [
        "📄 nota-fiscal.pdf",
        () =>
          sim.document(account.accountId, {
            from,
            filename: "nota-fiscal.pdf",
            media: { bytes: SAMPLE_FILES.pdf, mimeType: "application/pdf" },
          }),
      ],
      [
        "📄 contrato.pdf assine",
        () => sim.document(account.accountId, { from, filename: "contrato.pdf", caption: "assine" }),
      ],
      ["💟 Figurinha", () => sim.sticker(account.accountId, { from })],
      ["📍 Localização", () => sim.location(account.accountId, { from, latitude: -23.5, longitude: -46.6 })],
      [
        "👤 Contato",
        () => sim.contacts(account.accountId, { from, contacts: [{ name: "João", phone: "5511988887777" }] }),
      ],
    ];
    try {
      for (const [i, [expected, send]] of cases.entries()) {
        await send();
        await eventually(async () => (await messageCount(companyId)) === i + 1);
        const ticket = await ticketOf(companyId);
        expect(ticket.lastMessage, expected).toBe(expected);
        const event = created.mock.calls.filter(([company]) => company === companyId).at(-1);
        expect((event?.[1] as TicketDto | undefined)?.lastMessage, expected).toBe(expected);
      }
    } finally {
      created.mockRestore();
    }

    // The audio's length and the document's size came with their messages.
    const page = await world.server.app.inject({
      method: "GET",
      url: `/messages/${(await ticketOf(companyId)).id}`,
      headers: account.team.adminSession.headers,
    });
    expect(page.statusCode, page.body).toBe(200);
    const list = (page.json() as { messages: MessageDto[] }).messages;
    const audio = list.find((m) => m.mediaType === "audio");
    expect(audio?.details?.durationSeconds).toBeCloseTo(1.04, 1);
    expect(audio?.details?.fileSize).toBe(LAME_MP3.length);
    const pdf = list.find((m) => m.details?.fileName === "nota-fiscal.pdf");
    expect(pdf?.details?.fileSize).toBe(SAMPLE_FILES.pdf.length);
  });
});

/** POST /messages/{ticketId} with one file, as the web app sends it. */
function sendFile(
  ticketId: number,
  headers: Record<string, string>,
  file: { name: string; type: string; bytes: Buffer },
) {
  const boundary = `----preview${Date.now()}`;
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

describe("previews of outbound media", () => {
  it("stores a recorded voice note's length and a document's name and size; the ticket reads them", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const companyId = account.team.company.id;
    await world.sim.cloud.text(account.accountId, { from: newNumber(), body: "Oi" });
    const ticket = await ticketOf(companyId);
    const headers = account.team.adminSession.headers;

    const voice = await sendFile(ticket.id, headers, {
      name: "audio-1.webm",
      type: "audio/webm;codecs=opus",
      bytes: CHROMIUM_WEBM,
    });
    expect(voice.statusCode, voice.body).toBe(200);
    const sentVoice = voice.json() as MessageDto;
    // Converted to Ogg/Opus for WhatsApp, and its length read from the stored file.
    expect(sentVoice.details?.durationSeconds).toBeCloseTo(0.96, 1);
    expect((await ticketOf(companyId)).lastMessage).toBe("🎤 Áudio 0:01");

    const doc = await sendFile(ticket.id, headers, {
      name: "nota-fiscal.pdf",
      type: "application/pdf",
      bytes: SAMPLE_FILES.pdf,
    });
    expect(doc.statusCode, doc.body).toBe(200);
    expect((doc.json() as MessageDto).details).toMatchObject({
      fileName: "nota-fiscal.pdf",
      fileSize: SAMPLE_FILES.pdf.length,
    });
    expect((await ticketOf(companyId)).lastMessage).toBe("📄 nota-fiscal.pdf");
  });

  it("reads a last message stored before previews ('[image]') as its label", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const companyId = account.team.company.id;
    await world.sim.cloud.text(account.accountId, { from: newNumber(), body: "Oi" });
    // Stored and moved, not only opened: the loop opens the ticket first and moves it on its message's
    // commit, which would overwrite the old preview written here in between.
    const ticket = await eventually(async () => {
      const opened = await ticketOf(companyId);
      return opened.lastMessage === "Oi" && opened;
    });
    await db().update(tickets).set({ lastMessage: "[image]" }).where(eq(tickets.id, ticket.id));
    const res = await world.server.app.inject({
      method: "GET",
      url: `/tickets/u/${ticket.uuid}`,
      headers: account.team.adminSession.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as TicketDto).lastMessage).toBe("📷 Foto");
  });
});
