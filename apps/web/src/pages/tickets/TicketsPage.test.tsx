import type { MessageList, TicketDto, TicketList, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { RealtimeContext } from "../../realtime/realtime-context";
import { CONVERSATION_EMPTY_LISTS } from "../../test/conversation";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { buildMessage, buildTicket } from "../../test/tickets";
import { unknownRequest } from "../../test/unknown-request";
import { renderTickets, requests, serveTickets, stubMediaQuery } from "./manager/manager-test-harness";
import { TicketListItem } from "./TicketListItem";
import { TicketsPage } from "./TicketsPage";

/** Just enough of a socket.io client: listeners by name, emits recorded, events pushed by the test. */
class FakeSocket {
  connected = true;
  emitted: unknown[][] = [];
  private listeners = new Map<string, Set<(payload: unknown) => void>>();
  on(name: string, listener: (payload: unknown) => void) {
    if (!this.listeners.has(name)) this.listeners.set(name, new Set());
    this.listeners.get(name)?.add(listener);
    return this;
  }
  off(name: string, listener: (payload: unknown) => void) {
    this.listeners.get(name)?.delete(listener);
    return this;
  }
  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }
  push(name: string, payload: unknown) {
    for (const listener of this.listeners.get(name) ?? []) listener(payload);
  }
}

function serve(byStatus: Record<string, TicketDto[]>, conversation?: MessageList) {
  const calls: string[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      calls.push(url);
      const parsed = new URL(url, "http://test");
      if (parsed.pathname === "/tickets") {
        const tickets = byStatus[parsed.searchParams.get("status") ?? ""] ?? [];
        return Response.json({ tickets, count: tickets.length, hasMore: false } satisfies TicketList);
      }
      if (parsed.pathname.startsWith("/tickets/u/") && conversation)
        return Response.json(conversation.ticket);
      if (parsed.pathname.startsWith("/messages/") && conversation) return Response.json(conversation);
      // The conversation's system lines (the ticket's log): none.
      if (parsed.pathname.startsWith("/tickets-log/") && conversation) return Response.json([]);
      if ((init.method ?? "GET") === "GET" && CONVERSATION_EMPTY_LISTS.includes(parsed.pathname))
        return Response.json([]);
      return unknownRequest(init.method, url);
    },
  });
  return calls;
}

function renderPage(user: UserDto, path = "/tickets") {
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <Routes>
          <Route path="/tickets" element={<TicketsPage />} />
          <Route path="/tickets/:uuid" element={<TicketsPage />} />
        </Routes>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: [path] },
  );
  return socket;
}

const admin = buildUser({ profile: "admin", companyId: 2 });

describe("TicketsPage", () => {
  it("lists the open tab's tickets with cut texts, unread count and badges, and counts each subtab", async () => {
    serve({
      open: [
        buildTicket({
          id: 1,
          status: "open",
          lastMessage: "Uma mensagem bem comprida que passa dos quarenta caracteres",
          unreadMessages: 3,
          queueId: 5,
          queue: { id: 5, name: "Suporte", color: "#123456" },
          contact: { ...buildTicket().contact!, name: "A".repeat(70) },
        }),
      ],
      pending: [buildTicket({ id: 2 }), buildTicket({ id: 3 })],
    });
    const socket = renderPage(admin);
    const list = await screen.findByRole("list", { name: "Lista de atendimentos" });
    const item = within(list).getAllByRole("button")[0]!;
    expect(within(item).getByText(`${"A".repeat(60)}…`)).toBeTruthy();
    expect(within(item).getByText("Uma mensagem bem comprida que passa dos…")).toBeTruthy();
    expect(within(item).getByLabelText("3 mensagens não lidas")).toBeTruthy();
    expect(within(item).getByText("Suporte")).toBeTruthy();
    expect(within(item).getByText("Vendas")).toBeTruthy();
    expect(await screen.findByRole("tab", { name: "Aguardando: 2" })).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Atendendo: 1" })).toBeTruthy();
    // The socket joined the status rooms of the lists.
    expect(socket.emitted).toContainEqual(["joinTickets", "pending"]);
  });

  it("a new pending ticket from the socket enters the waiting list live, and a message moves it to the top", async () => {
    serve({ pending: [buildTicket({ id: 2 })] });
    const socket = renderPage(admin);
    fireEvent.click(await screen.findByRole("tab", { name: "Aguardando: 1" }));
    const list = await screen.findByRole("list", { name: "Lista de atendimentos" });
    await waitFor(() => expect(within(list).getAllByRole("button")).toHaveLength(1));
    const incoming = buildTicket({
      id: 9,
      lastMessage: "Preciso de ajuda",
      unreadMessages: 1,
      updatedAt: "2026-03-01T11:00:00.000Z",
    });
    act(() => socket.push("company-2-ticket", { action: "update", ticket: incoming }));
    expect(await screen.findByRole("tab", { name: "Aguardando: 2" })).toBeTruthy();
    const rows = within(list).getAllByRole("button");
    expect(within(rows[0]!).getByText("Preciso de ajuda")).toBeTruthy();

    act(() =>
      socket.push("company-2-appMessage", {
        action: "create",
        message: buildMessage({ id: 50, ticketId: 2, body: "Alô?" }),
        ticket: buildTicket({
          id: 2,
          lastMessage: "Alô?",
          unreadMessages: 1,
          updatedAt: "2026-03-01T12:00:00.000Z",
        }),
      }),
    );
    await waitFor(() =>
      expect(within(within(list).getAllByRole("button")[0]!).getByText("Alô?")).toBeTruthy(),
    );
  });

  it("opens the conversation with the contact's name, messages by side and the ack", async () => {
    const ticket = buildTicket({
      id: 4,
      status: "open",
      contact: { ...buildTicket().contact!, name: "Maria" },
    });
    const calls = serve(
      { open: [ticket] },
      {
        ticket,
        count: 2,
        hasMore: false,
        messages: [
          buildMessage({ id: 1, ticketId: 4, body: "Oi, tudo bem?" }),
          buildMessage({ id: 2, ticketId: 4, body: "Tudo ótimo!", fromMe: true, ack: 2 }),
        ],
      },
    );
    const socket = renderPage(admin, `/tickets/${ticket.uuid}`);
    expect(await screen.findByRole("heading", { name: /Maria/ })).toBeTruthy();
    const messages = await screen.findByRole("list", { name: "Mensagens" });
    const [theirs, mine] = within(messages).getAllByRole("listitem");
    expect(theirs?.getAttribute("data-from-me")).toBe("false");
    expect(mine?.getAttribute("data-from-me")).toBe("true");
    expect(within(mine!).getByRole("img", { name: "Entregue" })).toBeTruthy();
    expect(socket.emitted).toContainEqual(["joinChatBox", "4"]);
    act(() =>
      socket.push("company-2-appMessage", {
        action: "create",
        message: buildMessage({ id: 3, ticketId: 4, body: "Chegou agora" }),
      }),
    );
    expect(await within(messages).findByText("Chegou agora")).toBeTruthy();
    // Read at once while open: the newest page is asked again, which resets the unread counter.
    await waitFor(() => expect(calls.filter((url) => url === "/messages/4?pageNumber=1")).toHaveLength(2), {
      timeout: 2000,
    });
  });

  it("an address that names no ticket says 'Atendimento não encontrado'", async () => {
    configureApiClient({
      fetch: async (url, init) => {
        const parsed = new URL(url, "http://test");
        if (parsed.pathname === "/tickets")
          return Response.json({ tickets: [], count: 0, hasMore: false } satisfies TicketList);
        if (parsed.pathname === "/tickets/u/999999")
          return Response.json(
            { error: "ERR_NO_TICKET_FOUND", message: "ticket not found" },
            { status: 404 },
          );
        if ((init.method ?? "GET") === "GET" && CONVERSATION_EMPTY_LISTS.includes(parsed.pathname))
          return Response.json([]);
        return unknownRequest(init.method, url);
      },
    });
    renderPage(admin, "/tickets/999999");
    expect((await screen.findByRole("alert")).textContent).toBe("Atendimento não encontrado");
    expect(screen.queryByText(/Verifique os dados informados/)).toBeNull();
  });

  it("the queue filter with 'without queue' asks the server for queue 0", async () => {
    const calls = serve({ pending: [buildTicket({ id: 2 })] });
    renderPage(admin);
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Filas" }));
    fireEvent.click(await screen.findByRole("option", { name: "Sem fila" }));
    await waitFor(() =>
      expect(calls).toContain(
        "/tickets?status=pending&showAll=false&queueIds=0&sortTickets=DESC&pageNumber=1",
      ),
    );
  });
});

describe("the list's width on wide screens", () => {
  const widths = (seen: ReturnType<typeof serveTickets>) =>
    requests(seen, "PUT", "/users/toggleChangeWidht/1").map(
      (r) => (r.body as { defaultTicketsManagerWidth: number }).defaultTicketsManagerWidth,
    );

  it("starts at the saved width; arrow keys resize within 404..700 and save when released", async () => {
    const seen = serveTickets(
      {},
      { "PUT /users/toggleChangeWidht/1": (r) => buildUser({ ...(r.body as object), id: 1 }) },
    );
    const { updateUser } = renderTickets(buildUser({ id: 1, defaultTicketsManagerWidth: 500 }));
    const separator = await screen.findByRole("separator", { name: "Largura da lista de atendimentos" });
    expect(separator.getAttribute("aria-valuenow")).toBe("500");
    expect(separator.getAttribute("aria-valuemin")).toBe("404");
    expect(separator.getAttribute("aria-valuemax")).toBe("700");
    fireEvent.keyDown(separator, { key: "ArrowRight" });
    fireEvent.keyDown(separator, { key: "ArrowRight" });
    expect(separator.getAttribute("aria-valuenow")).toBe("520");
    expect(widths(seen)).toEqual([]);
    fireEvent.keyUp(separator, { key: "ArrowRight" });
    await waitFor(() => expect(widths(seen)).toEqual([520]));
    await waitFor(() =>
      expect(updateUser).toHaveBeenCalledWith(expect.objectContaining({ defaultTicketsManagerWidth: 520 })),
    );
    fireEvent.keyDown(separator, { key: "End" });
    fireEvent.keyDown(separator, { key: "ArrowRight" });
    expect(separator.getAttribute("aria-valuenow")).toBe("700");
    fireEvent.keyUp(separator, { key: "ArrowRight" });
    fireEvent.keyDown(separator, { key: "Home" });
    fireEvent.keyDown(separator, { key: "ArrowLeft" });
    expect(separator.getAttribute("aria-valuenow")).toBe("404");
    fireEvent.keyUp(separator, { key: "ArrowLeft" });
    await waitFor(() => expect(widths(seen)).toEqual([520, 700, 404]));
  });

  it("dragging clamps to 404..700 and saves once, when the drag ends", async () => {
    const seen = serveTickets({}, { "PUT /users/toggleChangeWidht/1": () => buildUser({ id: 1 }) });
    renderTickets(buildUser({ id: 1, defaultTicketsManagerWidth: 404 }));
    const separator = await screen.findByRole("separator", { name: "Largura da lista de atendimentos" });
    const list = screen.getByRole("region", { name: "Atendimentos" });
    fireEvent.mouseDown(separator, { button: 0, clientX: 404 });
    fireEvent.mouseMove(document, { clientX: 600 });
    expect(separator.getAttribute("aria-valuenow")).toBe("600");
    expect(getComputedStyle(list).width).toBe("600px");
    fireEvent.mouseMove(document, { clientX: 2000 });
    expect(separator.getAttribute("aria-valuenow")).toBe("700");
    expect(widths(seen)).toEqual([]);
    fireEvent.mouseUp(document, { clientX: 2000 });
    await waitFor(() => expect(widths(seen)).toEqual([700]));
    fireEvent.mouseDown(separator, { button: 0, clientX: 700 });
    fireEvent.mouseMove(document, { clientX: 0 });
    fireEvent.mouseUp(document, { clientX: 0 });
    expect(separator.getAttribute("aria-valuenow")).toBe("404");
    await waitFor(() => expect(widths(seen)).toEqual([700, 404]));
  });
});

describe("narrow screens", () => {
  it("show two tabs: 'Conversa' (the ticket, with a button to pick one) and 'Atendimentos' (the list)", async () => {
    const restore = stubMediaQuery(true);
    try {
      serveTickets({ pending: [buildTicket({ id: 2 })] });
      renderTickets(admin);
      const listTab = await screen.findByRole("tab", { name: "Atendimentos" });
      expect(listTab.getAttribute("aria-selected")).toBe("true");
      expect(await screen.findByRole("region", { name: "Atendimentos" })).toBeTruthy();
      expect(screen.queryByRole("separator")).toBeNull();

      fireEvent.click(screen.getByRole("tab", { name: "Conversa" }));
      expect(
        await screen.findByText("Selecione um atendimento na lista para começar a conversar."),
      ).toBeTruthy();
      expect(screen.queryByRole("region", { name: "Atendimentos" })).toBeNull();
      fireEvent.click(screen.getByRole("button", { name: "Escolher um atendimento" }));
      await waitFor(() => expect(listTab.getAttribute("aria-selected")).toBe("true"));

      fireEvent.click(screen.getByRole("tab", { name: "Aguardando: 1" }));
      const list = await screen.findByRole("list", { name: "Lista de atendimentos" });
      fireEvent.click(within(list).getAllByRole("button")[0]!);
      await waitFor(() =>
        expect(screen.getByRole("tab", { name: "Conversa" }).getAttribute("aria-selected")).toBe("true"),
      );
      expect(screen.getByTestId("location").textContent).toBe(`/tickets/${buildTicket({ id: 2 }).uuid}`);
    } finally {
      restore();
    }
  });
});

describe("a list item", () => {
  const ticket = buildTicket({
    id: 6,
    status: "open",
    userId: 9,
    user: { id: 9, name: "Bruno", color: null },
    tags: [
      { id: 1, name: "VIP", color: "#aa0000" },
      { id: 2, name: "Atrasado", color: "#00aa00" },
      { id: 3, name: "Novo", color: "#0000aa" },
    ],
  });
  const renderItem = (showUser: boolean) =>
    renderWithProviders(
      <ul>
        <TicketListItem ticket={ticket} selected={false} showUser={showUser} onOpen={() => {}} />
      </ul>,
    );

  it("shows the first tag then +N, and the assigned user only to admins", () => {
    renderItem(true);
    expect(screen.getByText("VIP")).toBeTruthy();
    expect(screen.getByText("+2")).toBeTruthy();
    expect(screen.queryByText("Atrasado")).toBeNull();
    expect(screen.getByText("Bruno")).toBeTruthy();
  });

  it("hides the assigned user from ordinary users", () => {
    renderItem(false);
    expect(screen.getByText("VIP")).toBeTruthy();
    expect(screen.queryByText("Bruno")).toBeNull();
  });
});
