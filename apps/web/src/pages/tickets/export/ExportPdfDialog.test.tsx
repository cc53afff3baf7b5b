import type { MessageDto } from "@inbox/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderConversation, type SeenRequest, serveConversation } from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildMessage, buildTicket } from "../../../test/tickets";
import { collectMessages } from "./collect-messages";
import { buildConversationPdf, type PdfLabels } from "./conversation-pdf";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({
  id: 4,
  status: "open",
  userId: 7,
  queueId: 5,
  contact: { ...buildTicket().contact!, name: "Maria" },
});

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 10, minute)).toISOString();
const msg = (id: number, body: string, extra: Partial<MessageDto> = {}) =>
  buildMessage({ id, ticketId: 4, body, createdAt: at(id), ...extra });

/** Three pages as the server gives them: page 1 is the newest, each page oldest first. */
const pages: MessageDto[][] = [
  [
    msg(5, "Pode enviar a nota fiscal?"),
    msg(6, "Segue a nota", {
      fromMe: true,
      mediaType: "application",
      mediaUrl: "/public/company2/media/nota-fiscal.pdf",
    }),
    msg(8, "Financeiro Acme", { fromMe: true, mediaType: "contactMessage" }),
  ],
  [msg(3, "Qual o prazo de entrega?"), msg(4, "Chega amanhã 🚚", { fromMe: true, ack: 3 })],
  [
    msg(1, "Olá, bom dia"),
    msg(2, "x", { fromMe: true, isDeleted: true }),
    msg(7, "Cliente VIP", { fromMe: true, isPrivate: true, createdAt: at(2) }),
  ],
];
const total = pages.flat().length;

function servePages(hold?: (pageNumber: number) => Promise<void> | undefined) {
  return serveConversation(ticket, [], {
    "GET /messages/4": async (request) => {
      const pageNumber = Number(request.search.get("pageNumber") ?? 1);
      await hold?.(pageNumber);
      return {
        messages: pages[pageNumber - 1] ?? [],
        ticket,
        count: total,
        hasMore: pageNumber < pages.length,
      };
    },
  });
}

const pageRequests = (seen: SeenRequest[]) =>
  seen.filter((r) => r.method === "GET" && r.path === "/messages/4").map((r) => r.search.get("pageNumber"));

/** The downloads the page starts: the blobs handed to URL.createObjectURL. */
function captureDownloads() {
  const blobs: Blob[] = [];
  vi.stubGlobal(
    "URL",
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return "blob:pdf";
      },
      revokeObjectURL: () => {},
    }),
  );
  const clicks = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
  return { blobs, clicks };
}

function readBytes(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(blob);
  });
}

async function inflate(bytes: Uint8Array): Promise<Uint8Array | null> {
  try {
    const body = new Response(bytes as BodyInit).body;
    if (!body) return null;
    const stream = body.pipeThrough(new DecompressionStream("deflate"));
    return new Uint8Array(await new Response(stream).arrayBuffer());
  } catch {
    return null;
  }
}

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join("");

/** The text a PDF shows: each content stream inflated, each `<hex> Tj` decoded (WinAnsi, read as Latin-1). */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const raw = latin1(bytes);
  const lines: string[] = [];
  for (const match of raw.matchAll(/stream\n/g)) {
    if (raw.slice(match.index - 3, match.index) === "end") continue;
    const start = match.index + match[0].length;
    const end = raw.indexOf("\nendstream", start);
    const content = await inflate(bytes.slice(start, end));
    if (!content) continue;
    for (const shown of latin1(content).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const hex = shown[1] ?? "";
      lines.push(latin1(new Uint8Array(hex.match(/../g)?.map((pair) => Number.parseInt(pair, 16)) ?? [])));
    }
  }
  return lines;
}

async function startExport() {
  fireEvent.click(await screen.findByRole("button", { name: "Mais ações" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: "Exportar PDF" }));
  return screen.findByRole("dialog", { name: "Exportar conversa em PDF" });
}

describe("PDF export", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("reads every page, oldest first, keeping a message that two pages both hold once", async () => {
    const shifted = [[msg(3, "c"), msg(4, "d")], [msg(2, "b"), msg(3, "c")], [msg(1, "a")]];
    serveConversation(ticket, [], {
      "GET /messages/4": (request) => {
        const n = Number(request.search.get("pageNumber"));
        return { messages: shifted[n - 1], ticket, count: 4, hasMore: n < 3 };
      },
    });
    const progress: string[] = [];
    const all = await collectMessages(4, {
      onProgress: ({ loaded, total: of }) => progress.push(`${loaded}/${of}`),
    });
    expect(all.map((m) => m.body)).toEqual(["a", "b", "c", "d"]);
    expect(progress).toEqual(["2/4", "3/4", "4/4"]);
  });

  it("builds a PDF of every page of messages with contact, ticket number, time, sender, text and file", async () => {
    const { blobs, clicks } = captureDownloads();
    const seen = servePages();
    renderConversation(me, ticket);
    await startExport();
    expect(await screen.findByText("PDF gerado.")).toBeTruthy();
    // The open conversation read page 1; the export read pages 1, 2 and 3.
    expect(pageRequests(seen).slice(-3)).toEqual(["1", "2", "3"]);
    expect(blobs).toHaveLength(1);
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(blobs[0]?.type).toBe("application/pdf");
    const bytes = await readBytes(blobs[0] as Blob);
    expect(latin1(bytes.slice(0, 5))).toBe("%PDF-");
    const lines = await pdfText(bytes);
    const text = lines.join("\n");
    expect(lines[0]).toBe("Conversa com Maria");
    expect(lines[1]).toBe("Atendimento #4");
    expect(text).toContain("8 mensagens");
    // Every message of the three pages, oldest first, with its sender and time.
    const order = [
      "Olá, bom dia",
      "(mensagem apagada)",
      "Cliente VIP",
      "Qual o prazo de entrega?",
      "Chega amanhã ?",
      "Pode enviar a nota fiscal?",
      "Segue a nota",
      "Anexo: nota-fiscal.pdf",
      "Cartão de contato: Financeiro Acme",
    ];
    const positions = order.map((line) => lines.indexOf(line));
    expect(positions.every((p) => p > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const headerOf = (body: string) => lines[lines.indexOf(body) - 1] ?? "";
    expect(headerOf("Olá, bom dia")).toMatch(/^\[.*\d{2}:\d{2}\] Maria$/);
    expect(headerOf("Segue a nota")).toMatch(/^\[.*\] Atendente$/);
    expect(headerOf("Cliente VIP")).toMatch(/^\[.*\] Atendente \(Nota interna\)$/);
    expect(text).toContain("Página 1 de 1");
    await waitFor(() =>
      expect(screen.queryByRole("dialog", { name: "Exportar conversa em PDF" })).toBeNull(),
    );
  });

  it("wraps long texts and goes on to new pages, numbering them", async () => {
    const long = Array.from({ length: 120 }, (_, i) => `palavra${i}`).join(" ");
    const many = Array.from({ length: 150 }, (_, i) => msg(i + 10, `Mensagem ${i + 1}`));
    const labels: PdfLabels = {
      heading: "Conversa com Maria",
      ticket: "Atendimento #4",
      exportedAt: "Exportado",
      count: "151 mensagens",
      me: "Atendente",
      contact: "Maria",
      privateNote: "Nota interna",
      deleted: "(apagada)",
      contactCard: "Cartão de contato",
      media: (name) => `Anexo: ${name}`,
      page: (page, of) => `Página ${page} de ${of}`,
    };
    const bytes = await buildConversationPdf({
      title: "t",
      messages: [msg(1, long), ...many],
      labels,
      formatTime: () => "01/03/2026 10:00",
    });
    const lines = await pdfText(bytes);
    const wrapped = lines.filter((line) => line.startsWith("palavra"));
    expect(wrapped.length).toBeGreaterThan(2);
    expect(wrapped.join(" ")).toBe(long);
    for (let i = 1; i <= 150; i++) expect(lines).toContain(`Mensagem ${i}`);
    const numbers = lines.filter((line) => line.startsWith("Página "));
    expect(numbers.length).toBeGreaterThan(2);
    expect(numbers[0]).toBe(`Página 1 de ${numbers.length}`);
    expect(numbers.at(-1)).toBe(`Página ${numbers.length} de ${numbers.length}`);
    // Each page's text ends with its number; the line before it is never a message header left alone.
    lines.forEach((line, index) => {
      if (line.startsWith("Página ")) expect(lines[index - 1]).not.toMatch(/^\[/);
    });
  });

  it("shows the progress and cancels: no more pages, no file", async () => {
    const { blobs } = captureDownloads();
    let release: () => void = () => {};
    const seen = servePages((pageNumber) =>
      pageNumber === 2
        ? new Promise<void>((resolve) => {
            release = resolve;
          })
        : undefined,
    );
    renderConversation(me, ticket);
    const dialog = await startExport();
    expect(await screen.findByText(`Carregando mensagens: 3 de ${total}`)).toBeTruthy();
    const bar = screen.getByRole("progressbar", { name: `Carregando mensagens: 3 de ${total}` });
    expect(bar.getAttribute("aria-valuenow")).toBe(String(Math.round((3 / total) * 100)));
    fireEvent.click(screen.getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    release();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(pageRequests(seen).filter((n) => n === "3")).toHaveLength(0);
    expect(blobs).toHaveLength(0);
    expect(screen.queryByText("PDF gerado.")).toBeNull();
  });

  it("says 'element not found' when there is nothing to export", async () => {
    const { blobs } = captureDownloads();
    serveConversation(ticket, []);
    renderConversation(me, ticket);
    await startExport();
    expect(await screen.findByText("Elemento não encontrado: não há mensagens para exportar.")).toBeTruthy();
    expect(blobs).toHaveLength(0);
  });
});
