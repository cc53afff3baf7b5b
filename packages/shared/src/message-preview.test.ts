import { describe, expect, it } from "vitest";
import {
  formatDuration,
  messagePreview,
  PREVIEW_LABELS_PT,
  type PreviewLabels,
  readableLastMessage,
} from "./message-preview.js";

describe("messagePreview", () => {
  it("labels each kind of media without text", () => {
    const of = (mediaType: string, extra: object = {}) => messagePreview({ body: "", mediaType, ...extra });
    expect(of("image")).toBe("📷 Foto");
    expect(of("video")).toBe("🎥 Vídeo");
    expect(of("audio")).toBe("🎤 Áudio");
    expect(of("audio", { durationSeconds: 8.4 })).toBe("🎤 Áudio 0:08");
    expect(of("audio", { durationSeconds: 125 })).toBe("🎤 Áudio 2:05");
    expect(of("application", { fileName: "nota-fiscal.pdf" })).toBe("📄 nota-fiscal.pdf");
    expect(of("application")).toBe("📄 Documento");
    expect(of("sticker")).toBe("💟 Figurinha");
    expect(of("image", { sticker: true })).toBe("💟 Figurinha");
    expect(of("locationMessage")).toBe("📍 Localização");
    expect(of("contactMessage")).toBe("👤 Contato");
    expect(of("unsupported")).toBe("⚠️ Mensagem não suportada");
    expect(of("chat")).toBe("💬 Mensagem");
  });

  it("puts the caption after the label and keeps text messages as they are", () => {
    expect(messagePreview({ body: " legenda ", mediaType: "image" })).toBe("📷 Foto legenda");
    expect(messagePreview({ body: "veja", mediaType: "application", fileName: "a.pdf" })).toBe(
      "📄 a.pdf veja",
    );
    expect(messagePreview({ body: "olá", mediaType: "chat" })).toBe("olá");
    expect(messagePreview({ body: "Escolha", mediaType: "interactive" })).toBe("Escolha");
  });

  it("shows a document's name once when the body only repeats it", () => {
    expect(messagePreview({ body: "nota.pdf", mediaType: "application", fileName: "nota.pdf" })).toBe(
      "📄 nota.pdf",
    );
  });

  it("does not show a contact card's data, only its label", () => {
    expect(messagePreview({ body: "BEGIN:VCARD\nFN:Ana", mediaType: "contactMessage" })).toBe("👤 Contato");
  });

  it("uses the labels it is given (the web's language)", () => {
    const en: PreviewLabels = { ...PREVIEW_LABELS_PT, image: "📷 Photo", audio: "🎤 Audio" };
    expect(messagePreview({ body: "", mediaType: "image" }, en)).toBe("📷 Photo");
    expect(messagePreview({ body: "", mediaType: "audio", durationSeconds: 61 }, en)).toBe("🎤 Audio 1:01");
  });
});

describe("formatDuration", () => {
  it("rounds to seconds and adds hours when needed", () => {
    expect(formatDuration(0)).toBe("0:00");
    expect(formatDuration(7.6)).toBe("0:08");
    expect(formatDuration(3723)).toBe("1:02:03");
  });
});

describe("readableLastMessage", () => {
  it("reads rows stored before previews as labels", () => {
    expect(readableLastMessage("[image]")).toBe("📷 Foto");
    expect(readableLastMessage("[application]")).toBe("📄 Documento");
    expect(readableLastMessage("[media]")).toBe("💬 Mensagem");
  });

  it("leaves any other text alone", () => {
    expect(readableLastMessage("[Urgente] preciso de ajuda")).toBe("[Urgente] preciso de ajuda");
    expect(readableLastMessage("[abc]")).toBe("[abc]");
    expect(readableLastMessage("📷 Foto")).toBe("📷 Foto");
  });
});
