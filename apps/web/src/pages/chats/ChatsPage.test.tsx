import type { ChatDto, ChatMessageDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { addChatMessage, messagesInOrder } from "../../api/chats";
import { configureApiClient } from "../../api/client";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { ChatsPage } from "./ChatsPage";

const me = buildUser({ id: 1, name: "Ana Souza" });

function buildChat(overrides: Partial<ChatDto> = {}): ChatDto {
  return {
    id: 7,
    uuid: "11111111-2222-4333-8444-555555555555",
    title: "Equipe",
    ownerId: 1,
    lastMessage: "Olá",
    updatedAt: "2026-01-02T10:00:00.000Z",
    users: [
      { userId: 1, unreads: 0, user: { id: 1, name: "Ana Souza" } },
      { userId: 2, unreads: 0, user: { id: 2, name: "Bruno" } },
    ],
    ...overrides,
  };
}

const message = (id: number, text: string, senderId = 2): ChatMessageDto => ({
  id,
  chatId: 7,
  senderId,
  sender: { id: senderId, name: senderId === 1 ? "Ana Souza" : "Bruno" },
  message: text,
  mediaPath: null,
  mediaName: null,
  createdAt: "2026-01-02T10:00:00.000Z",
});

interface Served {
  requests: { method: string; url: string; body?: unknown }[];
}

function serve(chats: ChatDto[], pages: Record<string, { records: ChatMessageDto[]; hasMore: boolean }>) {
  const served: Served = { requests: [] };
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      served.requests.push({ method, url, body });
      if (method === "GET" && url.startsWith("/chats/?"))
        return Response.json({ records: chats, count: chats.length, hasMore: false });
      const messages = url.match(/^\/chats\/7\/messages(?:\?before=(\d+))?$/);
      if (method === "GET" && messages) {
        const page = pages[messages[1] ?? "first"] ?? { records: [], hasMore: false };
        return Response.json({ ...page, count: page.records.length });
      }
      if (method === "POST" && url === "/chats/7/read")
        return Response.json(buildChat({ users: chats[0]!.users.map((u) => ({ ...u, unreads: 0 })) }));
      if (method === "POST" && url === "/chats/7/messages")
        return Response.json(message(99, body.message, 1));
      if (method === "GET" && url === "/users/list")
        return Response.json([me, buildUser({ id: 2, name: "Bruno" }), buildUser({ id: 3, name: "Carla" })]);
      if (method === "POST" && url === "/chats")
        return Response.json(
          buildChat({ id: 8, uuid: "99999999-2222-4333-8444-555555555555", title: body.title }),
        );
      return unknownRequest(method, url);
    },
  });
  return served;
}

function renderPage(path: string) {
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: 2 }}>
        <Routes>
          <Route path="/chats" element={<ChatsPage />} />
          <Route path="/chats/:uuid" element={<ChatsPage />} />
        </Routes>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user: me }), initialEntries: [path] },
  );
  return socket;
}

describe("ChatsPage", () => {
  it("opens the chat of the address: messages oldest first, older page by keyset, read marking", async () => {
    const chat = buildChat({
      users: [
        { userId: 1, unreads: 2, user: { id: 1, name: "Ana Souza" } },
        { userId: 2, unreads: 0, user: { id: 2, name: "Bruno" } },
      ],
    });
    const served = serve([chat], {
      first: { records: [message(12, "terceira"), message(11, "segunda")], hasMore: true },
      "11": { records: [message(10, "primeira")], hasMore: false },
    });
    renderPage(`/chats/${chat.uuid}`);
    const log = await screen.findByRole("log", { name: "Mensagens de Equipe" });
    // The view starts within 600 px of the top (a short page): the older page loads by keyset.
    await waitFor(() =>
      expect(
        within(log)
          .getAllByText(/primeira|segunda|terceira/)
          .map((n) => n.textContent),
      ).toEqual(["primeira", "segunda", "terceira"]),
    );
    expect(served.requests.map((r) => r.url)).toContain("/chats/7/messages?before=11");
    await waitFor(() => expect(served.requests.filter((r) => r.url === "/chats/7/read")).toHaveLength(1));
  });

  it("the owner sees edit and delete; another participant does not", async () => {
    serve(
      [
        buildChat(),
        buildChat({ id: 9, uuid: "22222222-2222-4333-8444-555555555555", title: "Deles", ownerId: 2 }),
      ],
      {},
    );
    renderPage("/chats");
    expect(await screen.findByRole("button", { name: "Editar Equipe" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Excluir Equipe" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Editar Deles" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Excluir Deles" })).toBeNull();
  });

  it("Enter sends a non-blank message; a live new-message appears once", async () => {
    const chat = buildChat();
    const served = serve([chat], { first: { records: [message(5, "oi")], hasMore: false } });
    const socket = renderPage(`/chats/${chat.uuid}`);
    const box = await screen.findByRole("textbox", { name: "Mensagem" });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(served.requests.filter((r) => r.method === "POST" && r.url === "/chats/7/messages")).toEqual([]);
    fireEvent.change(box, { target: { value: "tudo bem?" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(await screen.findByText("tudo bem?")).toBeTruthy();
    act(() => {
      socket.push("company-2-chat", { action: "new-message", chat, newMessage: message(99, "tudo bem?", 1) });
      socket.push("company-2-chat", { action: "new-message", chat, newMessage: message(100, "sim!") });
    });
    expect(await screen.findByText("sim!")).toBeTruthy();
    expect(screen.getAllByText("tudo bem?")).toHaveLength(1);
  });

  it("the create dialog saves only with a title and a user, then opens the new chat", async () => {
    const served = serve([], {});
    renderPage("/chats");
    fireEvent.click(await screen.findByRole("button", { name: "Nova conversa" }));
    const dialog = await screen.findByRole("dialog", { name: "Nova conversa" });
    const save = within(dialog).getByRole("button", { name: "Salvar" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Título" }), {
      target: { value: "Suporte" },
    });
    expect(save.disabled).toBe(true);
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Participantes" }));
    fireEvent.click(await screen.findByRole("option", { name: "Carla" }));
    fireEvent.keyDown(screen.getByRole("listbox"), { key: "Escape" });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() =>
      expect(served.requests.find((r) => r.method === "POST" && r.url === "/chats")?.body).toEqual({
        title: "Suporte",
        users: [3],
      }),
    );
  });
});

describe("chat message pages", () => {
  it("a message goes on top of the newest page once, and reads oldest first", () => {
    const data = {
      pages: [{ records: [message(2, "b")], count: 1, hasMore: false }],
      pageParams: [undefined],
    };
    const added = addChatMessage(data, message(3, "c"));
    expect(addChatMessage(added, message(3, "c"))).toBe(added);
    expect(messagesInOrder(added).map((m) => m.message)).toEqual(["b", "c"]);
  });
});
