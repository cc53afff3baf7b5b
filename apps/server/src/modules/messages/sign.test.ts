import type { ForwardResult, MessageDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { metaConversations, multipart, newNumber } from "../../../test/conversations.js";
import { buildContact } from "../../../test/factories.js";
import { SAMPLE_FILES } from "../../../test/files.js";
import { eventually, startMetaWorld } from "../../../test/meta.js";
import { companySettings, messages, tickets } from "../../db/schema/index.js";
import { signedBody } from "./signature.js";

/**
 * Signatures (sendSignMessage, issue 9 rule 7): the attendant's typed text
 * and captions go out as `*Name:*\n…` when the company allows it and the
 * input's sign toggle asks for it. meta-sim plays Meta: what it received is
 * the assertion, and the stored body must be the same text.
 */

type World = Awaited<ReturnType<typeof startMetaWorld>>;
let world: World;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const { db, conversation, post, sentRow } = metaConversations(() => world);

const textOf = (body: Record<string, unknown>) => (body.text as { body?: string } | undefined)?.body;

/** The one send the sim accepted for this message (waits for the outbound path). */
async function sentBody(id: number, to: string) {
  const row = await sentRow(id);
  const send = world.sim.sent.find((s) => s.recipient === to && s.id === row.providerMessageId);
  if (!send) throw new Error("the sim has no send for this message");
  return { row, send: send.body };
}

describe("signedBody", () => {
  it("puts the name in bold on its own first line, once; an empty caption stays empty", () => {
    expect(signedBody("Olá", "Ana")).toBe("*Ana:*\nOlá");
    expect(signedBody("*Ana:*\nOlá", "Ana")).toBe("*Ana:*\nOlá");
    expect(signedBody("*Bruno:*\nOlá", "Ana")).toBe("*Ana:*\n*Bruno:*\nOlá");
    expect(signedBody("", "Ana")).toBe("");
  });
});

describe("POST /messages/{ticketId} with signMessage", () => {
  it("signs the text the contact gets and stores that text (sendSignMessage enabled, the default)", async () => {
    const { from, ticket, headers, name } = await conversation();
    const res = await post(`/messages/${ticket.id}`, headers, {
      body: "  Olá, tudo bem?  ",
      signMessage: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    const dto = res.json() as MessageDto;
    expect(dto.body).toBe(`*${name}:*\nOlá, tudo bem?`);
    const { row, send } = await sentBody(dto.id, from);
    expect(textOf(send)).toBe(`*${name}:*\nOlá, tudo bem?`);
    expect(row.body).toBe(`*${name}:*\nOlá, tudo bem?`);
    // The list's preview shows what was sent.
    const [moved] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(moved?.lastMessage).toBe(`*${name}:*\nOlá, tudo bem?`);
  });

  it("leaves the text alone without the toggle, for a private note, and when it already carries the signature", async () => {
    const { from, ticket, headers, name, companyId } = await conversation();
    const plain = await post(`/messages/${ticket.id}`, headers, { body: "sem assinatura" });
    expect(plain.json().body).toBe("sem assinatura");
    expect(textOf((await sentBody(plain.json().id, from)).send)).toBe("sem assinatura");

    const off = await post(`/messages/${ticket.id}`, headers, { body: "desligado", signMessage: false });
    expect(textOf((await sentBody(off.json().id, from)).send)).toBe("desligado");

    const signedByClient = await post(`/messages/${ticket.id}`, headers, {
      body: `*${name}:*\njá assinada`,
      signMessage: true,
    });
    expect(textOf((await sentBody(signedByClient.json().id, from)).send)).toBe(`*${name}:*\njá assinada`);

    const note = await post(`/messages/${ticket.id}`, headers, {
      body: "nota interna",
      isPrivate: true,
      signMessage: true,
    });
    expect(note.statusCode, note.body).toBe(200);
    expect(note.json()).toMatchObject({ body: "nota interna", isPrivate: true });
    const [stored] = await db().select().from(messages).where(eq(messages.id, note.json().id));
    expect(stored?.body).toBe("nota interna");
    expect(stored?.companyId).toBe(companyId);
  });

  it("never signs when the company's sendSignMessage is disabled, whatever the toggle says", async () => {
    const { from, ticket, headers, account, companyId } = await conversation();
    await db()
      .update(companySettings)
      .set({ sendSignMessage: "disabled" })
      .where(eq(companySettings.companyId, companyId));
    const res = await post(`/messages/${ticket.id}`, headers, { body: "Bom dia", signMessage: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().body).toBe("Bom dia");
    expect(textOf((await sentBody(res.json().id, from)).send)).toBe("Bom dia");

    // A forward asking for the signature is not signed either.
    const contact = await buildContact(db(), companyId, {
      number: newNumber(),
      whatsappId: account.connectionId,
    });
    const forwarded = await post("/message/forward", headers, {
      messageId: res.json().id,
      contactId: contact.id,
      signMessage: true,
    });
    expect(forwarded.statusCode, forwarded.body).toBe(200);
    expect((forwarded.json() as ForwardResult).messages.map((m) => m.body)).toEqual(["Bom dia"]);
  });

  it("a signature that would pass the length limit is refused, nothing stored", async () => {
    const { ticket, headers, companyId } = await conversation();
    const res = await post(`/messages/${ticket.id}`, headers, { body: "x".repeat(4096), signMessage: true });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field: "body" });
    const outgoing = await db().select().from(messages).where(eq(messages.companyId, companyId));
    expect(outgoing.filter((m) => m.fromMe)).toEqual([]);
  });

  it("multipart: captions are signed, a file without caption and a voice note are not", async () => {
    const { from, ticket, headers, name } = await conversation();
    const form = multipart([
      { name: "body", value: "a foto" },
      { name: "body", value: "" },
      { name: "body", value: "a nota de voz" },
      { name: "signMessage", value: "true" },
      { name: "medias", filename: "foto.png", type: "image/png", bytes: SAMPLE_FILES.png },
      { name: "medias", filename: "contrato.pdf", type: "application/pdf", bytes: SAMPLE_FILES.pdf },
      { name: "medias", filename: "voz.ogg", type: "audio/ogg", bytes: SAMPLE_FILES.ogg },
    ]);
    const res = await world.server.app.inject({
      method: "POST",
      url: `/messages/${ticket.id}`,
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await eventually(async () => {
      const found = await db().select().from(messages).where(eq(messages.ticketId, ticket.id));
      const ours = found.filter((m) => m.fromMe).sort((a, b) => a.id - b.id);
      return ours.length === 3 && ours.every((m) => m.providerMessageId) ? ours : undefined;
    });
    expect(rows.map((m) => [m.mediaType, m.body])).toEqual([
      ["image", `*${name}:*\na foto`],
      ["application", ""],
      ["audio", ""],
    ]);
    const sends = rows.map((row) =>
      world.sim.sent.find((s) => s.recipient === from && s.id === row.providerMessageId),
    );
    expect(sends[0]?.body).toMatchObject({ image: { caption: `*${name}:*\na foto` } });
    const document = (sends[1]?.body.document ?? {}) as { caption?: string };
    expect(document.caption ?? "").toBe("");
    expect(sends[2]?.body).toMatchObject({ type: "audio" });
  });
});
