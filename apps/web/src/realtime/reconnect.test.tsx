import type {
  AppMessageEventPayload,
  ConnectionDto,
  MessageList,
  TicketList,
  TicketViewer,
} from "@inbox/shared";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Socket } from "socket.io-client";
import { describe, expect, it, vi } from "vitest";
import { api, configureApiClient } from "../api/client";
import { useConnections } from "../api/connections";
import { queryKeys } from "../api/query-keys";
import { useUnreadTickets } from "../notifications/use-unread-tickets";
import { buildConnection } from "../test/connections";
import { FakeSocket } from "../test/fake-socket";
import { buildMessage, buildTicket } from "../test/tickets";
import { unknownRequest } from "../test/unknown-request";
import { ConnectionCue } from "./ConnectionCue";
import { ConnectionEvents } from "./ConnectionEvents";
import { RealtimeContext } from "./realtime-context";
import { TicketEvents } from "./TicketEvents";
import type { MessagePages } from "./ticket-list-rules";

function setup(socket: FakeSocket) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrap = (ui: ReactNode) => (
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: 2 }}>
        {ui}
      </RealtimeContext.Provider>
    </QueryClientProvider>
  );
  return { client, wrap };
}

describe("the reconnection cue", () => {
  it("says 'Reconectando…' in a status region while the socket is down, and clears when it is back", () => {
    const socket = new FakeSocket();
    const { wrap } = setup(socket);
    render(wrap(<ConnectionCue />));
    const region = screen.getByRole("status");
    expect(region.textContent).toBe("");

    act(() => {
      socket.connected = false;
      socket.push("disconnect", "transport close");
    });
    expect(region.textContent).toContain("Reconectando…");

    act(() => {
      socket.connected = true;
      socket.push("connect", undefined);
    });
    expect(region.textContent).toBe("");
  });

  it("shows nothing while the first connection is being made, and the cue once it is refused", () => {
    const socket = new FakeSocket();
    socket.connected = false;
    const { wrap } = setup(socket);
    render(wrap(<ConnectionCue />));
    expect(screen.getByRole("status").textContent).toBe("");
    act(() => socket.push("connect_error", new Error("xhr poll error")));
    expect(screen.getByRole("status").textContent).toContain("Reconectando…");
  });
});

function ConnectionNames() {
  const connections = useConnections();
  return <p>{connections.data?.map((c) => c.name).join(", ") ?? "loading"}</p>;
}

describe("the connections list on (re)connection", () => {
  it("loads the list again when the socket connects, so a connection made meanwhile shows", async () => {
    let list: ConnectionDto[] = [buildConnection({ id: 1, name: "Vendas" })];
    const fetch = vi.fn(async (url: string, init: RequestInit) =>
      url === "/whatsapp" ? Response.json(list) : unknownRequest(init.method, url),
    );
    configureApiClient({ fetch });
    const socket = new FakeSocket();
    const { wrap } = setup(socket);
    render(
      wrap(
        <>
          <ConnectionEvents />
          <ConnectionNames />
        </>,
      ),
    );
    expect(await screen.findByText("Vendas")).toBeTruthy();

    // Made while the socket was down: its event never came.
    list = [...list, buildConnection({ id: 2, name: "Suporte" })];
    act(() => socket.push("connect", undefined));
    expect(await screen.findByText("Vendas, Suporte")).toBeTruthy();
  });

  it("loads the list again when an event arrives before the list is cached", async () => {
    let resolveFirst: (value: Response) => void = () => {};
    let calls = 0;
    const fetch = vi.fn((url: string, init: RequestInit) => {
      if (url !== "/whatsapp") return Promise.resolve(unknownRequest(init.method, url));
      calls += 1;
      // The first answer was read before the connection was made; it arrives after the event.
      if (calls === 1)
        return new Promise<Response>((resolve) => {
          resolveFirst = resolve;
        });
      return Promise.resolve(Response.json([buildConnection({ id: 3, name: "Nova" })]));
    });
    configureApiClient({ fetch });
    const socket = new FakeSocket();
    const { wrap } = setup(socket);
    render(
      wrap(
        <>
          <ConnectionEvents />
          <ConnectionNames />
        </>,
      ),
    );
    await waitFor(() => expect(calls).toBe(1));
    act(() =>
      socket.push("company-2-whatsapp", {
        action: "update",
        whatsapp: buildConnection({ id: 3, name: "Nova" }),
      }),
    );
    resolveFirst(Response.json([]));
    expect(await screen.findByText("Nova")).toBeTruthy();
  });
});

function TicketAndMessageReaders({ counts }: { counts: { tickets: number; messages: number } }) {
  useQuery({
    queryKey: queryKeys.tickets.list({
      status: "open",
      showAll: false,
      queueIds: [],
      withoutQueue: false,
      searchParam: "",
    }),
    queryFn: () => {
      counts.tickets += 1;
      return { pages: [], pageParams: [] };
    },
  });
  useQuery({
    queryKey: queryKeys.messages.list(7),
    queryFn: () => {
      counts.messages += 1;
      return { pages: [], pageParams: [] };
    },
  });
  return null;
}

describe("the ticket lists and the open conversation on reconnection", () => {
  it("are loaded again when the socket connects again, and the socket joins the status rooms", async () => {
    const viewer: TicketViewer = {
      id: 1,
      profile: "admin",
      super: false,
      allTicket: "enable",
      allUserChat: "enabled",
      allowGroup: true,
      queueIds: [],
    };
    const socket = new FakeSocket();
    const { wrap } = setup(socket);
    const counts = { tickets: 0, messages: 0 };
    render(
      wrap(
        <>
          <TicketEvents viewer={viewer} />
          <TicketAndMessageReaders counts={counts} />
        </>,
      ),
    );
    await waitFor(() => expect(counts).toEqual({ tickets: 1, messages: 1 }));
    socket.emitted = [];

    act(() => {
      socket.connected = false;
      socket.push("disconnect", "transport close");
    });
    act(() => {
      socket.connected = true;
      socket.push("connect", undefined);
    });
    await waitFor(() => expect(counts).toEqual({ tickets: 2, messages: 2 }));
    expect(socket.emitted.map(([name]) => name)).toContain("joinTickets");
  });
});

const attendantViewer: TicketViewer = {
  id: 7,
  profile: "user",
  super: false,
  allTicket: "enable",
  allUserChat: "disabled",
  allowGroup: false,
  queueIds: [5],
};

function BellCount() {
  return <output aria-label="bell">{useUnreadTickets(attendantViewer).count}</output>;
}

function ConversationBodies() {
  const messages = useQuery<MessagePages>({
    queryKey: queryKeys.messages.list(3),
    queryFn: async () => {
      const page = await api.get<MessageList>("/messages/3");
      return { pages: [page], pageParams: [1] };
    },
  });
  const bodies = messages.data?.pages.flatMap((page) => page.messages.map((m) => m.body)) ?? [];
  return <p>{messages.data ? `bodies: ${bodies.join(", ")}` : "loading"}</p>;
}

/** A GET answer held back until the test releases it: read on the server before the event. */
function heldAnswers() {
  const held: ((answer: Response) => void)[] = [];
  const hold = () =>
    new Promise<Response>((resolve) => {
      held.push(resolve);
    });
  return { held, hold };
}

describe("an event that arrives while its list is being loaded", () => {
  const ticket = buildTicket({ id: 3, status: "pending", queueId: 5, userId: null, unreadMessages: 1 });
  const message: AppMessageEventPayload = {
    action: "create",
    message: buildMessage({ id: 30, ticketId: 3, body: "Alguém aí?" }),
    ticket,
    contact: ticket.contact,
  };
  const emptyList: TicketList = { tickets: [], count: 0, hasMore: false };

  it("stays on the bell when the reload started by the socket's connection lands after it", async () => {
    const { held, hold } = heldAnswers();
    let reloading = false;
    configureApiClient({
      fetch: vi.fn((url: string, init: RequestInit) => {
        if (!url.startsWith("/tickets?")) return Promise.resolve(unknownRequest(init.method, url));
        return reloading ? hold() : Promise.resolve(Response.json(emptyList));
      }),
    });
    const socket = new FakeSocket();
    const { client, wrap } = setup(socket);
    render(wrap(<BellCount />));
    await waitFor(() => expect(screen.getByLabelText("bell").textContent).toBe("0"));

    // The socket connects: the bell loads again (open and pending), and those answers are slow.
    reloading = true;
    act(() => socket.push("connect", undefined));
    await waitFor(() => expect(held).toHaveLength(2));
    act(() => socket.push("company-2-appMessage", message));
    await waitFor(() => expect(screen.getByLabelText("bell").textContent).toBe("1"));

    // Both answers were read before the message was stored.
    for (const release of held) release(Response.json(emptyList));
    await waitFor(() => expect(client.isFetching()).toBe(0));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByLabelText("bell").textContent).toBe("1");
  });

  it("shows a message that arrives while the conversation's first page is loading", async () => {
    const { held, hold } = heldAnswers();
    configureApiClient({
      fetch: vi.fn((url: string, init: RequestInit) =>
        url.startsWith("/messages/3") ? hold() : Promise.resolve(unknownRequest(init.method, url)),
      ),
    });
    const socket = new FakeSocket();
    const { wrap } = setup(socket);
    render(
      wrap(
        <>
          <TicketEvents viewer={attendantViewer} />
          <ConversationBodies />
        </>,
      ),
    );
    await waitFor(() => expect(held).toHaveLength(1));
    act(() => socket.push("company-2-appMessage", message));
    const page: MessageList = {
      messages: [buildMessage({ id: 29, ticketId: 3, body: "Consigo falar pelo celular?" })],
      ticket,
      count: 1,
      hasMore: false,
    };
    held[0]?.(Response.json(page));
    expect(await screen.findByText("bodies: Consigo falar pelo celular?, Alguém aí?")).toBeTruthy();
  });
});
