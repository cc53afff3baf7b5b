import { describe, expect, it } from "vitest";
import { planSend } from "./outbound.js";

/** What the outbound plan hands Baileys' sendMessage for message changes and stored media. */
describe("planSend", () => {
  const none = () => undefined;

  it("an edit names our message (fromMe) and carries the new text", async () => {
    const plan = await planSend(
      { kind: "edit", to: "5511999990000", body: "corrigido", targetProviderMessageId: "ABC" },
      none,
    );
    expect(plan).toEqual({
      kind: "send",
      jid: "5511999990000@s.whatsapp.net",
      content: {
        text: "corrigido",
        edit: { remoteJid: "5511999990000@s.whatsapp.net", id: "ABC", fromMe: true },
      },
      quoted: undefined,
    });
  });

  it("a delete revokes our message for everyone, with the key the session still knows", async () => {
    const known = {
      key: { remoteJid: "5511999990000@s.whatsapp.net", id: "XYZ", fromMe: true, participant: undefined },
    };
    const plan = await planSend(
      { kind: "delete", to: "5511999990000", targetProviderMessageId: "XYZ" },
      (id) => (id === "XYZ" ? (known as never) : undefined),
    );
    expect(plan).toMatchObject({ kind: "send", content: { delete: known.key } });
  });

  it("media read from our storage goes up as bytes, not as a path Baileys cannot open", async () => {
    const bytes = Buffer.from("png-bytes");
    const plan = await planSend(
      {
        kind: "image",
        to: "5511999990000",
        body: "foto",
        media: { url: "/public/company1/media/a.png", mimeType: "image/png", bytes },
      },
      none,
    );
    expect(plan).toMatchObject({
      kind: "send",
      content: { image: bytes, caption: "foto", mimetype: "image/png" },
    });
  });
});
