import type { TicketDto } from "@inbox/shared";
import { act, screen, waitFor } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../api/client";
import { NotificationsBell } from "../app/shell/NotificationsBell";
import { RealtimeContext } from "../realtime/realtime-context";
import { FakeSocket } from "../test/fake-socket";
import { renderWithProviders } from "../test/render";
import { buildTicket } from "../test/tickets";
import { unknownRequest } from "../test/unknown-request";
import { handoversStorageKey } from "./handover-storage";
import { resetNotificationSound } from "./sound";
import { FakeAudioContext, FakeNotification } from "./test-fakes";
import { useHandovers } from "./use-handovers";

const viewerId = 7;
const mine = (id: number, extra: Partial<TicketDto> = {}) =>
  buildTicket({ id, status: "open", userId: viewerId, queueId: 5, ...extra });

/** What GET /tickets/u/{uuid}?peek=true answers: the ticket, an error status, a network failure, or a promise. */
type Answer = TicketDto | number | "offline" | Promise<TicketDto>;

/** The server's side of each ticket; the uuids it was asked for. */
function serveTickets(answers: Record<string, Answer>) {
  const asked: string[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const asking = new URL(url, "http://test");
      // A peek: checking a handover opens no conversation, so it logs no access.
      const uuid =
        asking.searchParams.get("peek") === "true"
          ? asking.pathname.match(/^\/tickets\/u\/(.+)$/)?.[1]
          : undefined;
      const answer = uuid === undefined ? undefined : answers[uuid];
      if (uuid === undefined || answer === undefined) return unknownRequest(init.method, url);
      asked.push(uuid);
      if (answer === "offline") throw new TypeError("Failed to fetch");
      if (typeof answer === "number")
        return Response.json({ error: "ERR_NO_TICKET_FOUND", message: "" }, { status: answer });
      return Response.json(await answer);
    },
  });
  return asked;
}

function Bell() {
  const { tickets } = useHandovers(viewerId);
  return <NotificationsBell tickets={[]} handovers={tickets} onOpenTicket={() => {}} />;
}

/** The app as a page load starts it: a new socket, the same browser storage. */
function loadPage(path = "/") {
  const socket = new FakeSocket();
  const page = renderWithProviders(
    <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: 2 }}>
      <Bell />
    </RealtimeContext.Provider>,
    { initialEntries: [path] },
  );
  return { socket, unmount: page.unmount };
}

const bell = (name: string) => screen.findByRole("button", { name });
const ONE_HANDOVER = "Notificações: 1 atendimento transferido para você";
const NOTHING = "Notificações";

/** Ticket 3 handed to the viewer in an earlier page load, not opened since. */
async function handOverThenReload() {
  const earlier = loadPage();
  act(() => earlier.socket.push("company-2-ticket", { action: "update", ticket: mine(3), assignedBy: 9 }));
  await bell(ONE_HANDOVER);
  earlier.unmount();
  return loadPage();
}

beforeEach(() => {
  FakeNotification.reset("granted");
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("AudioContext", FakeAudioContext);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetNotificationSound();
  FakeAudioContext.instances = [];
});

describe("a handover after a reload", () => {
  it("is still in the bell once the server says the ticket is still mine, with its current data", async () => {
    const asked = serveTickets({ [mine(3).uuid]: mine(3, { lastMessage: "Mensagem nova" }) });
    await handOverThenReload();
    await bell(ONE_HANDOVER);
    expect(asked).toEqual([mine(3).uuid]);
    expect(screen.getByRole("button", { name: ONE_HANDOVER })).toBeTruthy();
    // The storage holds its address only, never the contact or the message.
    expect(JSON.parse(localStorage.getItem(handoversStorageKey(viewerId)) ?? "")).toEqual([
      { id: 3, uuid: mine(3).uuid },
    ]);
  });

  it("is gone when the server says the ticket now belongs to someone else", async () => {
    const asked = serveTickets({ [mine(3).uuid]: mine(3, { userId: 8 }) });
    await handOverThenReload();
    await waitFor(() => expect(localStorage.getItem(handoversStorageKey(viewerId))).toBeNull());
    expect(asked).toEqual([mine(3).uuid]);
    expect(screen.getByRole("button", { name: NOTHING })).toBeTruthy();
  });

  it("is gone when the ticket no longer exists (404)", async () => {
    const asked = serveTickets({ [mine(3).uuid]: 404 });
    await handOverThenReload();
    await waitFor(() => expect(localStorage.getItem(handoversStorageKey(viewerId))).toBeNull());
    expect(asked).toEqual([mine(3).uuid]);
    expect(screen.getByRole("button", { name: NOTHING })).toBeTruthy();
  });

  it("stays stored, unseen until confirmed, when the server cannot be reached", async () => {
    const asked = serveTickets({ [mine(3).uuid]: "offline" });
    const { socket } = await handOverThenReload();
    await waitFor(() => expect(asked).toEqual([mine(3).uuid]));
    expect(screen.getByRole("button", { name: NOTHING })).toBeTruthy();
    expect(localStorage.getItem(handoversStorageKey(viewerId))).toContain(mine(3).uuid);
    // News of the ticket, still mine, confirms it.
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(3, { unreadMessages: 1 }) }));
    await bell(ONE_HANDOVER);
  });

  it("handed to me again while the server was asked is not undone by the server's older answer", async () => {
    let answer: (ticket: TicketDto) => void = () => {};
    const asked = serveTickets({ [mine(3).uuid]: new Promise<TicketDto>((resolve) => (answer = resolve)) });
    const { socket } = await handOverThenReload();
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(3), assignedBy: 9 }));
    await bell(ONE_HANDOVER);
    await waitFor(() => expect(asked).toEqual([mine(3).uuid]));
    await act(async () => answer(mine(3, { userId: 8 })));
    expect(screen.getByRole("button", { name: ONE_HANDOVER })).toBeTruthy();
  });

  it("is answered, without asking the server, when the page loads on that ticket", async () => {
    const asked = serveTickets({ [mine(4).uuid]: mine(4) });
    const earlier = loadPage();
    for (const id of [3, 4])
      act(() =>
        earlier.socket.push("company-2-ticket", { action: "update", ticket: mine(id), assignedBy: 9 }),
      );
    await bell("Notificações: 2 atendimentos transferidos para você");
    earlier.unmount();
    loadPage(`/tickets/${mine(3).uuid}`);
    await bell(ONE_HANDOVER);
    expect(asked).toEqual([mine(4).uuid]);
    await waitFor(() =>
      expect(localStorage.getItem(handoversStorageKey(viewerId))).not.toContain(mine(3).uuid),
    );
  });
});
