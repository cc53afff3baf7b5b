import type { MessageDto } from "@inbox/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderConversation, type SeenRequest, serveConversation } from "../../test/conversation";
import { buildUser } from "../../test/render";
import { buildMessage, buildTicket } from "../../test/tickets";
import { PLAYBACK_RATE_STORAGE_KEY } from "./bubble/playback-rate";
import { transcriptionFile } from "./bubble/Transcription";
import { ackKind } from "./MessageBubble";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({
  id: 4,
  status: "open",
  userId: 7,
  queueId: 5,
  contact: { ...buildTicket().contact!, name: "Maria" },
});

/** A conversation served page by page: `pages[0]` is the newest. */
function servePages(pages: MessageDto[][], onPage?: (pageNumber: number) => void) {
  const count = pages.reduce((sum, page) => sum + page.length, 0);
  return serveConversation(ticket, [], {
    "GET /messages/4": (request) => {
      const pageNumber = Number(request.search.get("pageNumber") ?? 1);
      onPage?.(pageNumber);
      return {
        messages: pages[pageNumber - 1] ?? [],
        ticket,
        count,
        hasMore: pageNumber < pages.length,
      };
    },
  });
}

const pageRequests = (seen: SeenRequest[]) =>
  seen.filter((r) => r.method === "GET" && r.path === "/messages/4").map((r) => r.search.get("pageNumber"));

/** jsdom does no layout: the scroll box's sizes and position are given by the test. */
function fakeScrollBox(element: HTMLElement, size: { height: number }) {
  let top = 0;
  Object.defineProperty(element, "scrollHeight", { configurable: true, get: () => size.height });
  Object.defineProperty(element, "clientHeight", { configurable: true, get: () => 300 });
  Object.defineProperty(element, "scrollTop", {
    configurable: true,
    get: () => top,
    set: (value: number) => {
      top = value;
    },
  });
}

async function messageList() {
  return screen.findByRole("list", { name: "Mensagens" });
}

describe("message list", () => {
  it("loads the older page within 50 px of the top and keeps the reader's place", async () => {
    const size = { height: 1000 };
    const seen = servePages(
      [
        [buildMessage({ id: 41, ticketId: 4, body: "Mensagem nova" })],
        [buildMessage({ id: 1, ticketId: 4, body: "Mensagem antiga" })],
      ],
      (pageNumber) => {
        // The older page makes the content 600 px taller.
        if (pageNumber === 2) size.height = 1600;
      },
    );
    renderConversation(me, ticket);
    const list = await messageList();
    const box = list.parentElement as HTMLElement;
    fakeScrollBox(box, size);

    box.scrollTop = 51;
    fireEvent.scroll(box);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pageRequests(seen)).toEqual(["1"]);

    box.scrollTop = 50;
    fireEvent.scroll(box);
    expect(await within(list).findByText("Mensagem antiga")).toBeTruthy();
    expect(pageRequests(seen)).toEqual(["1", "2"]);
    // The same message stays under the reader's eyes: 600 px more content above, 600 px further down.
    await waitFor(() => expect(box.scrollTop).toBe(650));
    const texts = within(list)
      .getAllByRole("listitem")
      .map((item) => item.textContent ?? "");
    expect(texts[0]).toContain("Mensagem antiga");
    expect(texts[1]).toContain("Mensagem nova");
  });

  it("loads the older page at once when the first one is too short to scroll", async () => {
    vi.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(300);
    vi.spyOn(HTMLElement.prototype, "scrollHeight", "get").mockReturnValue(120);
    const seen = servePages([
      [buildMessage({ id: 41, ticketId: 4, body: "Mensagem nova" })],
      [buildMessage({ id: 1, ticketId: 4, body: "Mensagem antiga" })],
    ]);
    renderConversation(me, ticket);
    const list = await messageList();
    expect(await within(list).findByText("Mensagem antiga")).toBeTruthy();
    expect(pageRequests(seen)).toEqual(["1", "2"]);
  });

  it("says hello on an empty conversation", async () => {
    servePages([[]]);
    renderConversation(me, ticket);
    expect(await screen.findByText("Diga olá para seu novo contato!")).toBeTruthy();
  });

  it("shows each contact card's name and number", async () => {
    servePages([
      [
        buildMessage({
          id: 1,
          ticketId: 4,
          mediaType: "contactMessage",
          body: "Bruno Lima, Carla",
          contactCards: [
            { name: "Bruno Lima", number: "5511988887777" },
            { name: "Carla", number: "" },
          ],
        }),
      ],
    ]);
    renderConversation(me, ticket);
    expect(await screen.findByText("5511988887777")).toBeTruthy();
    expect(screen.getByText("Bruno Lima")).toBeTruthy();
    expect(screen.getByText("Carla")).toBeTruthy();
  });

  it.each([
    ["facebook", true],
    ["instagram", true],
    ["whatsapp", false],
    ["whatsappapi", false],
  ] as const)("the 24-hour reply notice on a %s ticket: %s", async (channel, shown) => {
    const onChannel = { ...ticket, channel };
    serveConversation(onChannel, [buildMessage({ id: 1, ticketId: 4, body: "Oi" })]);
    renderConversation(me, onChannel);
    await messageList();
    const notice = screen.queryByText(/só é possível responder até 24 horas/);
    expect(Boolean(notice)).toBe(shown);
  });

  it("shows the ack of our messages: clock, sent, delivered, read, played for audio", async () => {
    expect([0, 1, 2, 3, 4, 5].map((ack) => ackKind(ack))).toEqual([
      "pending",
      "sent",
      "delivered",
      "read",
      "read",
      "read",
    ]);
    expect([3, 4, 5].map((ack) => ackKind(ack, "audio"))).toEqual(["played", "played", "read"]);
    const ours = (id: number, ack: number, extra: Partial<MessageDto> = {}) =>
      buildMessage({ id, ticketId: 4, fromMe: true, ack, body: `m${id}`, ...extra });
    serveConversation(ticket, [
      ours(1, 0),
      ours(2, 1),
      ours(3, 2),
      ours(4, 3),
      ours(5, 5),
      ours(6, 4, { mediaType: "audio", mediaUrl: "/public/company2/media/a.ogg", body: "" }),
      buildMessage({ id: 7, ticketId: 4, body: "do contato", ack: 3 }),
    ]);
    renderConversation(me, ticket);
    const list = await messageList();
    const items = within(list).getAllByRole("listitem");
    const ack = (item: HTMLElement | undefined) =>
      item ? within(item).queryByRole("img", { name: /Pendente|Enviada|Entregue|Lida|Reproduzida/ }) : null;
    expect(items.slice(0, 6).map((item) => ack(item)?.getAttribute("aria-label"))).toEqual([
      "Pendente",
      "Enviada",
      "Entregue",
      "Lida",
      "Lida",
      "Reproduzida",
    ]);
    expect(ack(items[5])?.getAttribute("data-ack")).toBe("played");
    // The contact's messages carry no ack.
    expect(ack(items[6])).toBeNull();
  });

  it("marks deleted, edited and quoted messages", async () => {
    serveConversation(ticket, [
      buildMessage({ id: 1, ticketId: 4, body: "Pergunta original" }),
      buildMessage({ id: 2, ticketId: 4, body: "x", fromMe: true, isDeleted: true }),
      buildMessage({ id: 3, ticketId: 4, body: "y", isDeleted: true }),
      buildMessage({ id: 4, ticketId: 4, body: "Corrigido", fromMe: true, isEdited: true }),
      buildMessage({ id: 5, ticketId: 4, body: "Resposta", fromMe: true, quotedMsgId: 1 }),
    ]);
    renderConversation(me, ticket);
    const list = await messageList();
    const items = within(list).getAllByRole("listitem");
    expect(within(items[1]!).getByText("Essa mensagem foi apagada")).toBeTruthy();
    expect(within(items[2]!).getByText(/apagada pelo contato/)).toBeTruthy();
    expect(within(items[3]!).getByText("Editada")).toBeTruthy();
    const quoted = within(items[4]!).getByLabelText("Mensagem respondida");
    expect(within(quoted).getByText("Maria")).toBeTruthy();
    expect(within(quoted).getByText("Pergunta original")).toBeTruthy();
  });

  it("cycles the playback speed 0.5, 1, 1.5, 2 on every player and keeps it in localStorage", async () => {
    localStorage.setItem(PLAYBACK_RATE_STORAGE_KEY, "1.5");
    serveConversation(ticket, [
      buildMessage({
        id: 1,
        ticketId: 4,
        mediaType: "audio",
        mediaUrl: "/public/company2/media/a.ogg",
        body: "",
      }),
      buildMessage({
        id: 2,
        ticketId: 4,
        mediaType: "video",
        mediaUrl: "/public/company2/media/v.mp4",
        body: "",
      }),
    ]);
    renderConversation(me, ticket);
    const list = await messageList();
    const audio = list.querySelector("audio") as HTMLAudioElement;
    const video = list.querySelector("video") as HTMLVideoElement;
    expect(audio.playbackRate).toBe(1.5);
    expect(within(list).getAllByRole("button", { name: "Velocidade de reprodução: 1.5x" })).toHaveLength(2);

    const seenRates: string[] = [];
    for (let step = 0; step < 4; step++) {
      const [first] = within(list).getAllByRole("button", { name: /^Velocidade de reprodução/ });
      act(() => fireEvent.click(first!));
      seenRates.push(localStorage.getItem(PLAYBACK_RATE_STORAGE_KEY) ?? "");
    }
    expect(seenRates).toEqual(["2", "0.5", "1", "1.5"]);
    act(() => fireEvent.click(within(list).getAllByRole("button", { name: /^Velocidade/ })[1]!));
    expect(localStorage.getItem(PLAYBACK_RATE_STORAGE_KEY)).toBe("2");
    // Both players follow, and the button shows the speed.
    expect(audio.playbackRate).toBe(2);
    expect(video.playbackRate).toBe(2);
    expect(within(list).getAllByRole("button", { name: "Velocidade de reprodução: 2x" })).toHaveLength(2);
    expect(within(list).getAllByText("2x")).toHaveLength(2);
  });

  it("transcribes a received audio on request, and shows why it could not", async () => {
    expect(transcriptionFile("/public/company2/media/audio-1.ogg")).toBe("audio-1.ogg");
    expect(transcriptionFile("https://cdn.example.com/public/company2/media/a%20b.ogg")).toBeNull();
    expect(transcriptionFile("http://x/")).toBeNull();
    const answer = { transcribedText: "Quero trocar o produto" };
    const seen = serveConversation(
      ticket,
      [
        buildMessage({
          id: 1,
          ticketId: 4,
          mediaType: "audio",
          mediaUrl: "http://localhost:8080/public/company2/media/audio-1.ogg",
          body: "",
        }),
        buildMessage({
          id: 2,
          ticketId: 4,
          mediaType: "audio",
          fromMe: true,
          mediaUrl: "/public/company2/media/mine.ogg",
          body: "",
        }),
        buildMessage({ id: 3, ticketId: 4, mediaType: "audio", mediaUrl: "/media/", body: "" }),
      ],
      { "GET /messages/transcribeAudio/audio-1.ogg": () => answer },
    );
    renderConversation(me, ticket);
    const list = await messageList();
    const [received, mine, broken] = within(list).getAllByRole("listitem");
    // Only received audio can be transcribed (spec 1 section 6).
    expect(within(mine!).queryByRole("button", { name: "Transcrever áudio" })).toBeNull();

    fireEvent.click(within(received!).getByRole("button", { name: "Transcrever áudio" }));
    const note = await within(received!).findByRole("note", { name: "Transcrição" });
    expect(within(note).getByText("Quero trocar o produto")).toBeTruthy();
    expect(seen.filter((r) => r.path === "/messages/transcribeAudio/audio-1.ogg")).toHaveLength(1);

    fireEvent.click(within(broken!).getByRole("button", { name: "Transcrever áudio" }));
    expect(
      await within(broken!).findByText("Não foi possível transcrever: formato de URL inesperado."),
    ).toBeTruthy();
    expect(seen.filter((r) => r.path.startsWith("/messages/transcribeAudio/"))).toHaveLength(1);
  });

  it("transcription failures: invalid data and the server's translated error", async () => {
    let answer: unknown = { text: "wrong shape" };
    serveConversation(
      ticket,
      [
        buildMessage({
          id: 1,
          ticketId: 4,
          mediaType: "audio",
          mediaUrl: "/public/company2/media/audio-1.ogg",
          body: "",
        }),
      ],
      { "GET /messages/transcribeAudio/audio-1.ogg": () => answer },
    );
    renderConversation(me, ticket);
    const list = await messageList();
    fireEvent.click(within(list).getByRole("button", { name: "Transcrever áudio" }));
    expect(
      await within(list).findByText("Não foi possível transcrever: dados de transcrição inválidos."),
    ).toBeTruthy();

    answer = Response.json({ error: "ERR_TRANSCRIPTION_NOT_CONFIGURED" }, { status: 503 });
    fireEvent.click(within(list).getByRole("button", { name: "Transcrever áudio" }));
    expect(await within(list).findByText("A transcrição de áudio não está configurada.")).toBeTruthy();
    expect(within(list).queryByText(/dados de transcrição/)).toBeNull();
  });
});
