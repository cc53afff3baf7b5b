import type { ConnectionDto, TicketViewer } from "@inbox/shared";
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import type { Socket } from "socket.io-client";
import { describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../api/client";
import { useConnections } from "../api/connections";
import { queryKeys } from "../api/query-keys";
import { buildConnection } from "../test/connections";
import { FakeSocket } from "../test/fake-socket";
import { unknownRequest } from "../test/unknown-request";
import { ConnectionCue } from "./ConnectionCue";
import { ConnectionEvents } from "./ConnectionEvents";
import { RealtimeContext } from "./realtime-context";
import { TicketEvents } from "./TicketEvents";

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
