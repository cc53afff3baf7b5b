import { proto, type WAMessage, WAMessageStatus, WAMessageStubType } from "baileys";
import { describe, expect, it } from "vitest";
import type { InboundEvent, InboundMessage } from "../types.js";
import { reactionsToEvents, type TranslationContext, updatesToEvents, upsertToEvents } from "./events.js";
import { TIMESTAMP, userKey, waMessage } from "./test-support.js";

const noDownload: TranslationContext = {
  download: async () => {
    throw new Error("no media expected");
  },
};

async function translate(messages: WAMessage[], type: "notify" | "append" = "notify", context = noDownload) {
  return upsertToEvents({ messages, type }, context);
}

function onlyMessage(events: InboundEvent[]): InboundMessage {
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event?.kind !== "message") throw new Error(`expected a message, got ${event?.kind}`);
  return event.message;
}

describe("messages.upsert", () => {
  it("translates a text message from a contact, with the phone digits and push name", async () => {
    const message = onlyMessage(
      await translate([waMessage(userKey("A1"), { conversation: "Olá" }, { pushName: "Maria" })]),
    );
    expect(message).toEqual({
      providerMessageId: "A1",
      timestamp: new Date(TIMESTAMP * 1000),
      fromMe: false,
      contact: { id: "5511912345678", name: "Maria" },
      body: "Olá",
      mediaType: "chat",
      isForwarded: false,
    });
  });

  it("loops over every message and flags append (history / own-device sync) but not notify", async () => {
    const batch = [
      waMessage(userKey("N1"), { conversation: "one" }),
      waMessage(userKey("N2"), { extendedTextMessage: { text: "two" } }),
    ];
    const notify = await translate(batch, "notify");
    expect(notify.map((e) => (e.kind === "message" ? e.message.body : e.kind))).toEqual(["one", "two"]);
    expect(notify.every((e) => e.kind === "message" && e.message.extra === undefined)).toBe(true);

    const append = await translate(batch, "append");
    expect(append.every((e) => e.kind === "message" && e.message.extra?.append === true)).toBe(true);
  });

  it("puts group messages on the group, with the participant as contact", async () => {
    const key = userKey("G1", {
      remoteJid: "120363041234567890@g.us",
      participant: "5511900001111@s.whatsapp.net",
    });
    const message = onlyMessage(
      await translate([waMessage(key, { conversation: "hi all" }, { pushName: "Ana" })]),
    );
    expect(message.group).toEqual({ id: "120363041234567890@g.us" });
    expect(message.contact).toEqual({ id: "5511900001111", name: "Ana" });
  });

  it("keeps the lid beside the phone number, whichever of the two is the primary jid", async () => {
    const lidFirst = userKey("L1", {
      remoteJid: "123456789012345@lid",
      remoteJidAlt: "5511977776666@s.whatsapp.net",
    });
    const phoneFirst = userKey("L2", {
      remoteJid: "5511977776666@s.whatsapp.net",
      remoteJidAlt: "123456789012345@lid",
    });
    const groupLid = userKey("L3", {
      remoteJid: "120363041234567890@g.us",
      participant: "123456789012345@lid",
      participantAlt: "5511977776666@s.whatsapp.net",
    });
    for (const key of [lidFirst, phoneFirst, groupLid]) {
      const message = onlyMessage(await translate([waMessage(key, { conversation: "x" })]));
      expect(message.contact).toEqual({ id: "5511977776666", lid: "123456789012345@lid" });
    }
    // Number hidden: the lid jid itself is the id, never mistaken for a phone number.
    const hidden = onlyMessage(
      await translate([waMessage(userKey("L4", { remoteJid: "555@lid" }), { conversation: "x" })]),
    );
    expect(hidden.contact).toEqual({ id: "555@lid", lid: "555@lid" });
  });

  it("carries quoted replies and the forwarded flag from contextInfo", async () => {
    const message = onlyMessage(
      await translate([
        waMessage(userKey("Q1"), {
          extendedTextMessage: { text: "answer", contextInfo: { stanzaId: "ORIGINAL", isForwarded: true } },
        }),
      ]),
    );
    expect(message.quotedProviderMessageId).toBe("ORIGINAL");
    expect(message.isForwarded).toBe(true);
  });

  it("turns a revoke into a delete of the target message", async () => {
    const revoke = waMessage(userKey("P1"), {
      protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: userKey("TARGET") },
    });
    expect(await translate([revoke])).toEqual([{ kind: "delete", providerMessageId: "TARGET" }]);
    // Baileys can fold the revoke into a message it still buffers.
    const folded: WAMessage = {
      key: userKey("GONE"),
      messageStubType: WAMessageStubType.REVOKE,
      message: null,
    };
    expect(await translate([folded])).toEqual([{ kind: "delete", providerMessageId: "GONE" }]);
  });

  it("turns an edit (wrapped as WhatsApp sends it) into an edit event", async () => {
    const edit = waMessage(userKey("P2"), {
      editedMessage: {
        message: {
          protocolMessage: {
            type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT,
            key: userKey("TARGET"),
            editedMessage: { conversation: "fixed text" },
          },
        },
      },
    });
    expect(await translate([edit])).toEqual([
      { kind: "edit", providerMessageId: "TARGET", body: "fixed text" },
    ]);
  });

  it("turns a reaction message into a reaction event; empty text removes it", async () => {
    const react = (text: string) =>
      waMessage(userKey(`R-${text}`), {
        reactionMessage: { key: userKey("TARGET"), text, senderTimestampMs: 1_700_000_000_500 },
      });
    const [added] = await translate([react("👍")]);
    expect(added).toEqual({
      kind: "reaction",
      contact: { id: "5511912345678" },
      fromMe: false,
      targetProviderMessageId: "TARGET",
      emoji: "👍",
      timestamp: new Date(1_700_000_000_500),
    });
    const [removed] = await translate([react("")]);
    expect(removed).toMatchObject({ kind: "reaction", emoji: "" });
  });

  it("describes locations and contact cards for display", async () => {
    const location = onlyMessage(
      await translate([
        waMessage(userKey("LOC"), {
          locationMessage: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: "Office" },
        }),
      ]),
    );
    expect(location.mediaType).toBe("locationMessage");
    expect(location.extra?.location).toEqual({ latitude: -23.5, longitude: -46.6, name: "Office" });

    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511955554444:+5511955554444\nEND:VCARD";
    const card = onlyMessage(
      await translate([waMessage(userKey("VC"), { contactMessage: { displayName: "João", vcard } })]),
    );
    expect(card).toMatchObject({
      mediaType: "contactMessage",
      body: vcard,
      extra: { contacts: [{ name: "João", vcard }] },
    });
  });

  it("downloads media into bytes, and keeps the message without bytes when the download fails", async () => {
    const image = waMessage(userKey("IMG"), { imageMessage: { caption: "look", mimetype: "image/jpeg" } });
    const voice = waMessage(userKey("PTT"), {
      audioMessage: { mimetype: "audio/ogg; codecs=opus", ptt: true },
    });
    const document = waMessage(userKey("DOC"), {
      documentWithCaptionMessage: {
        message: {
          documentMessage: { mimetype: "application/pdf", fileName: "invoice.pdf", caption: "your invoice" },
        },
      },
    });
    const downloaded: string[] = [];
    const ok: TranslationContext = {
      download: async (m) => {
        downloaded.push(m.key.id ?? "");
        return Buffer.from(`bytes of ${m.key.id}`);
      },
    };
    const [img, ptt, doc] = (await translate([image, voice, document], "notify", ok)).map((e) =>
      e.kind === "message" ? e.message : undefined,
    );
    expect(downloaded).toEqual(["IMG", "PTT", "DOC"]);
    expect(img).toMatchObject({
      mediaType: "image",
      body: "look",
      media: { mimeType: "image/jpeg", filename: "IMG.jpeg" },
    });
    expect(img?.media?.bytes?.toString()).toBe("bytes of IMG");
    expect(ptt).toMatchObject({ mediaType: "audio", media: { filename: "PTT.ogg" }, extra: { ptt: true } });
    expect(doc).toMatchObject({
      mediaType: "application",
      body: "your invoice",
      media: { filename: "invoice.pdf" },
    });

    const failing: TranslationContext = {
      download: async () => {
        throw new Error("media expired");
      },
    };
    const failed = onlyMessage(await translate([image], "notify", failing));
    expect(failed.mediaType).toBe("image");
    expect(failed.media).toEqual({ mimeType: "image/jpeg", filename: "IMG.jpeg" });
    expect(failed.extra).toEqual({ mediaError: "media expired" });
  });

  it("ignores status stories and key-distribution-only messages", async () => {
    const story = waMessage(userKey("S1", { remoteJid: "status@broadcast" }), { conversation: "story" });
    const keysOnly = waMessage(userKey("S2"), { senderKeyDistributionMessage: { groupId: "x" } });
    expect(await translate([story, keysOnly])).toEqual([]);
  });
});

describe("messages.update", () => {
  it("maps the statuses of our messages to the spec's acks and ignores the rest", () => {
    const statuses = [
      WAMessageStatus.ERROR,
      WAMessageStatus.PENDING,
      WAMessageStatus.SERVER_ACK,
      WAMessageStatus.DELIVERY_ACK,
      WAMessageStatus.READ,
      WAMessageStatus.PLAYED,
    ];
    const events = updatesToEvents([
      ...statuses.map((status, i) => ({ key: userKey(`M${i}`, { fromMe: true }), update: { status } })),
      { key: userKey("THEIRS"), update: { status: WAMessageStatus.READ } },
      { key: userKey("EDIT", { fromMe: true }), update: { message: { conversation: "edited" } } },
    ]);
    expect(events.map((e) => (e.kind === "ack" ? [e.providerMessageId, e.ack] : e.kind))).toEqual([
      ["M0", 0],
      ["M1", 0],
      ["M2", 1],
      ["M3", 2],
      ["M4", 3],
      ["M5", 5],
    ]);
    expect(events[0]).toMatchObject({ error: { code: 0 } });
    expect(events[1]).not.toHaveProperty("error");
  });
});

describe("messages.reaction", () => {
  it("names the reacting contact from the reaction's own key", () => {
    const events = reactionsToEvents([
      {
        key: userKey("TARGET", { remoteJid: "120363041234567890@g.us", fromMe: true }),
        reaction: {
          text: "❤️",
          key: userKey("REACTION", {
            remoteJid: "120363041234567890@g.us",
            participant: "5511900001111@s.whatsapp.net",
          }),
          senderTimestampMs: 1_700_000_001_000,
        },
      },
    ]);
    expect(events).toEqual([
      {
        kind: "reaction",
        contact: { id: "5511900001111" },
        fromMe: false,
        targetProviderMessageId: "TARGET",
        emoji: "❤️",
        timestamp: new Date(1_700_000_001_000),
      },
    ]);
  });
});
