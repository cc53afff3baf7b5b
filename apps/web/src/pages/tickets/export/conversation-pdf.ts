import type { MessageDto } from "@inbox/shared";
import type { PDFFont } from "pdf-lib";

/** The texts of the document, already translated. */
export interface PdfLabels {
  heading: string;
  ticket: string;
  exportedAt: string;
  count: string;
  /** Who wrote our messages. */
  me: string;
  contact: string;
  privateNote: string;
  deleted: string;
  /** Before a contact card's name. */
  contactCard: string;
  media: (name: string) => string;
  page: (page: number, pages: number) => string;
}

export interface ConversationPdfInput {
  title: string;
  messages: MessageDto[];
  labels: PdfLabels;
  formatTime: (iso: string) => string;
}

/** The name of a message's file: the last part of its address. */
export function mediaName(mediaUrl: string | null): string | null {
  if (!mediaUrl) return null;
  const last = mediaUrl.split(/[?#]/)[0]?.split("/").pop() ?? "";
  try {
    return decodeURIComponent(last) || null;
  } catch {
    return last || null;
  }
}

/** One line of the document, as it will be drawn. */
export interface PdfLine {
  text: string;
  bold?: boolean;
  size?: number;
  gapBefore?: number;
  color?: "muted";
  /** A message's header: not left alone at the foot of a page. */
  keepWithNext?: boolean;
}

/** The document's lines, before wrapping: heading, then each message's time, sender, text and file. */
export function conversationLines({ messages, labels, formatTime }: ConversationPdfInput): PdfLine[] {
  const lines: PdfLine[] = [
    { text: labels.heading, bold: true, size: 16 },
    { text: labels.ticket, size: 11, gapBefore: 4 },
    { text: `${labels.exportedAt} · ${labels.count}`, size: 9, color: "muted", gapBefore: 2 },
  ];
  for (const message of messages) {
    const sender = message.fromMe ? labels.me : labels.contact;
    const note = message.isPrivate ? ` (${labels.privateNote})` : "";
    lines.push({
      text: `[${formatTime(message.createdAt)}] ${sender}${note}`,
      bold: true,
      size: 10,
      gapBefore: 10,
      keepWithNext: true,
    });
    if (message.isDeleted) {
      lines.push({ text: labels.deleted, size: 10, color: "muted" });
      continue;
    }
    if (message.mediaType === "contactMessage")
      lines.push({ text: `${labels.contactCard}: ${message.body}`, size: 10 });
    else if (message.body) lines.push({ text: message.body, size: 10 });
    const file = mediaName(message.mediaUrl);
    if (file) lines.push({ text: labels.media(file), size: 9, color: "muted" });
  }
  return lines;
}

/** Text the standard (WinAnsi) fonts can draw: other characters (emojis, other scripts) become '?'. */
function drawable(font: PDFFont, text: string, cache: Map<string, boolean>): string {
  let out = "";
  for (const char of text.replace(/\t/g, "    ")) {
    let ok = cache.get(char);
    if (ok === undefined) {
      try {
        font.encodeText(char);
        ok = true;
      } catch {
        ok = false;
      }
      cache.set(char, ok);
    }
    out += ok ? char : "?";
  }
  return out;
}

/** Breaks a paragraph into lines no wider than `width`, cutting words longer than a line. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const result: string[] = [];
  for (const paragraph of text.split(/\r?\n/)) {
    let line = "";
    for (const word of paragraph.split(/(\s+)/)) {
      const candidate = line + word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line.trim()) result.push(line.trimEnd());
      line = word.trimStart();
      while (font.widthOfTextAtSize(line, size) > width) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut -= 1;
        result.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    result.push(line.trimEnd());
  }
  return result;
}

/**
 * The conversation as a PDF (A4, Helvetica). pdf-lib is loaded only here,
 * on demand, so it is not part of the first page load.
 */
export async function buildConversationPdf(input: ConversationPdfInput): Promise<Uint8Array> {
  const { PDFDocument, StandardFonts, rgb } = await import("pdf-lib");
  const doc = await PDFDocument.create();
  doc.setTitle(input.title);
  doc.setCreator("Inbox");
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const caches = new Map<PDFFont, Map<string, boolean>>([
    [regular, new Map()],
    [bold, new Map()],
  ]);
  const [pageWidth, pageHeight] = [595.28, 841.89];
  const margin = 48;
  const footer = 28;
  const width = pageWidth - margin * 2;
  let page = doc.addPage([pageWidth, pageHeight]);
  let y = pageHeight - margin;

  for (const line of conversationLines(input)) {
    const font = line.bold ? bold : regular;
    const size = line.size ?? 10;
    const leading = size * 1.35;
    const text = drawable(font, line.text, caches.get(font) ?? new Map());
    y -= line.gapBefore ?? 0;
    const parts = wrap(font, size, text, width);
    // A header needs room for itself and the first line under it.
    const needed = leading * (line.keepWithNext ? parts.length + 1 : 1);
    if (y - needed < margin + footer && y < pageHeight - margin) {
      page = doc.addPage([pageWidth, pageHeight]);
      y = pageHeight - margin;
    }
    for (const part of parts) {
      if (y - leading < margin + footer) {
        page = doc.addPage([pageWidth, pageHeight]);
        y = pageHeight - margin;
      }
      y -= leading;
      if (part)
        page.drawText(part, {
          x: margin,
          y,
          size,
          font,
          color: line.color === "muted" ? rgb(0.4, 0.4, 0.4) : rgb(0, 0, 0),
        });
    }
  }

  const pages = doc.getPages();
  pages.forEach((each, index) => {
    const text = drawable(
      regular,
      input.labels.page(index + 1, pages.length),
      caches.get(regular) ?? new Map(),
    );
    each.drawText(text, {
      x: pageWidth - margin - regular.widthOfTextAtSize(text, 8),
      y: margin / 2,
      size: 8,
      font: regular,
      color: rgb(0.5, 0.5, 0.5),
    });
  });
  return doc.save();
}
