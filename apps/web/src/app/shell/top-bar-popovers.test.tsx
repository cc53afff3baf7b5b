import type { AnnouncementDto, ChatDto, TicketList, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useParams } from "react-router";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { FakeNotification } from "../../notifications/test-fakes";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { AppShell } from "./AppShell";

// The whole shell renders here; on a shared, busy machine the default second can be short.
configure({ asyncUtilTimeout: 5000 });

interface Pages<T> {
  /** Records by pageNumber (1-based); hasMore while a later page exists. */
  pages: T[][];
  fail?: boolean;
}

function serve(announcements: Pages<AnnouncementDto>, chats: Pages<ChatDto>) {
  const calls: URL[] = [];
  const page = <T,>(source: Pages<T>, url: URL) => {
    if (source.fail) return Response.json({ error: "ERR_INTERNAL" }, { status: 500 });
    const number = Number(url.searchParams.get("pageNumber") ?? "1");
    const records = source.pages[number - 1] ?? [];
    return Response.json({
      records,
      count: source.pages.flat().length,
      hasMore: number < source.pages.length,
    });
  };
  configureApiClient({
    fetch: async (url, init) => {
      const parsed = new URL(url, "http://test");
      calls.push(parsed);
      if (parsed.pathname === "/announcements/") return page(announcements, parsed);
      if (parsed.pathname === "/chats/") return page(chats, parsed);
      if (parsed.pathname === "/tickets")
        return Response.json({ tickets: [], count: 0, hasMore: false } satisfies TicketList);
      if (parsed.pathname === "/version") return Response.json({ version: "1.0.0" });
      // No help videos: the menu leaves the help item out.
      if (parsed.pathname === "/helps/list") return Response.json([]);
      if (parsed.pathname === "/companySettingOne")
        return Response.json({ showNotificationPending: "disabled" });
      return unknownRequest(init.method, url);
    },
  });
  return calls;
}

function ChatScreen() {
  return <p>chat {useParams().uuid}</p>;
}

function renderShell(user: UserDto) {
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/" element={<p>home</p>} />
            <Route path="/chats/:uuid" element={<ChatScreen />} />
          </Route>
        </Routes>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/"] },
  );
  return socket;
}

const me = buildUser({ id: 7, companyId: 2 });

const announcement = (id: number, extra: Partial<AnnouncementDto> = {}): AnnouncementDto => ({
  id,
  title: `Aviso ${id}`,
  text: `Texto do aviso ${id}`,
  mediaPath: null,
  mediaName: null,
  priority: 3,
  companyId: 1,
  createdAt: `2026-03-0${id}T10:00:00.000Z`,
  ...extra,
});

const chat = (id: number, myUnreads: number, extra: Partial<ChatDto> = {}): ChatDto => ({
  id,
  uuid: `chat-uuid-${id}`,
  title: `Conversa ${id}`,
  ownerId: 7,
  lastMessage: `Última ${id}`,
  updatedAt: `2026-03-0${id}T10:00:00.000Z`,
  users: [
    { userId: 7, unreads: myUnreads, user: { id: 7, name: "Ana" } },
    { userId: 8, unreads: 4, user: { id: 8, name: "Bruno" } },
  ],
  ...extra,
});

/** Puts the scroll area within `gap` px of its bottom and scrolls it. */
function scrollNearBottom(list: HTMLElement, gap: number) {
  const area = list.parentElement as HTMLElement;
  Object.defineProperty(area, "scrollHeight", { value: 1000, configurable: true });
  Object.defineProperty(area, "clientHeight", { value: 500, configurable: true });
  Object.defineProperty(area, "scrollTop", { value: 500 - gap, configurable: true });
  fireEvent.scroll(area);
}

beforeEach(() => {
  localStorage.clear();
  FakeNotification.reset("granted");
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("AudioContext", undefined);
  vi.spyOn(console, "info").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the announcements popover", () => {
  it("counts the unseen ones, lists them with their priority colour, date and media link", async () => {
    localStorage.setItem("announcementsSeen:7", JSON.stringify([4]));
    serve(
      {
        pages: [
          [
            announcement(4),
            announcement(3, {
              priority: 1,
              mediaPath: "/public/company1/announcements/a.png",
              mediaName: "a.png",
            }),
            announcement(2, { priority: 2 }),
            announcement(1, { priority: 3 }),
          ],
        ],
      },
      { pages: [[]] },
    );
    renderShell(me);
    const button = await screen.findByRole("button", { name: "Informativos: 3 não vistos" });
    expect(within(button).getByText("3")).toBeTruthy();
    fireEvent.click(button);
    const list = await screen.findByRole("list", { name: "Lista de informativos" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((item) => item.querySelector("p")?.textContent)).toEqual([
      "Aviso 4",
      "Aviso 3",
      "Aviso 2",
      "Aviso 1",
    ]);
    expect(items[1]!.style.borderLeftColor).toBe("rgb(211, 47, 47)");
    expect(within(items[1]!).getByText("Prioridade alta")).toBeTruthy();
    expect(items[2]!.style.borderLeftColor).toBe("rgb(237, 108, 2)");
    expect(within(items[2]!).getByText("Prioridade média")).toBeTruthy();
    expect(items[3]!.style.borderLeftColor).toBe("rgb(158, 158, 158)");
    expect(within(items[3]!).getByText("Texto do aviso 1")).toBeTruthy();
    expect(within(items[1]!).getByRole("link", { name: "a.png" }).getAttribute("href")).toBe(
      "/public/company1/announcements/a.png",
    );
    expect(within(items[2]!).queryByRole("link")).toBeNull();
    expect(within(items[1]!).getByText(/^0\d\/03\/26 \d\d:\d\d$/)).toBeTruthy();
    // Shown means seen: the badge clears and stays cleared for this user.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Informativos", hidden: true })).toBeTruthy(),
    );
    expect(JSON.parse(localStorage.getItem("announcementsSeen:7") ?? "[]").sort()).toEqual([1, 2, 3, 4]);
  });

  it("asks for pageNumber 2 when scrolled within 100 px of the bottom, and not before", async () => {
    const first = Array.from({ length: 5 }, (_, i) => announcement(9 - i));
    const calls = serve({ pages: [first, [announcement(1, { title: "Mais antigo" })]] }, { pages: [[]] });
    renderShell(me);
    fireEvent.click(await screen.findByRole("button", { name: "Informativos: 5 não vistos" }));
    const list = await screen.findByRole("list", { name: "Lista de informativos" });
    const asked = () =>
      calls.filter((c) => c.pathname === "/announcements/").map((c) => c.searchParams.get("pageNumber"));
    scrollNearBottom(list, 150);
    expect(asked()).toEqual(["1"]);
    scrollNearBottom(list, 80);
    expect(await within(list).findByText("Mais antigo")).toBeTruthy();
    expect(asked()).toEqual(["1", "2"]);
    // The last page said hasMore false: no page 3.
    scrollNearBottom(list, 0);
    expect(asked()).toEqual(["1", "2"]);
  });

  it("adds a new announcement from the socket without loading the list again, and drops a deleted one", async () => {
    const calls = serve({ pages: [[announcement(1)]] }, { pages: [[]] });
    const socket = renderShell(me);
    await screen.findByRole("button", { name: "Informativos: 1 não visto" });
    act(() =>
      socket.push("company-announcement", {
        action: "create",
        record: announcement(5, { title: "Manutenção hoje", priority: 1 }),
      }),
    );
    const button = await screen.findByRole("button", { name: "Informativos: 2 não vistos" });
    fireEvent.click(button);
    const list = await screen.findByRole("list", { name: "Lista de informativos" });
    const items = within(list).getAllByRole("listitem");
    expect(within(items[0]!).getByText("Manutenção hoje")).toBeTruthy();
    expect(items[0]!.style.borderLeftColor).toBe("rgb(211, 47, 47)");
    act(() => socket.push("company-2-announcement", { action: "delete", id: 1 }));
    await waitFor(() => expect(within(list).queryByText("Aviso 1")).toBeNull());
    expect(calls.filter((c) => c.pathname === "/announcements/")).toHaveLength(1);
  });

  it("closes with Escape and gives the focus back to its button", async () => {
    serve({ pages: [[announcement(1)]] }, { pages: [[]] });
    renderShell(me);
    const button = await screen.findByRole("button", { name: "Informativos: 1 não visto" });
    button.focus();
    fireEvent.click(button);
    const dialog = await screen.findByRole("dialog", { name: "Informativos" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Informativos" })).toBeNull());
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Informativos" })),
    );
  });

  it("shows the empty and the error states", async () => {
    serve({ pages: [[]], fail: true }, { pages: [[]] });
    renderShell(me);
    fireEvent.click(await screen.findByRole("button", { name: "Informativos" }));
    const dialog = await screen.findByRole("dialog", { name: "Informativos" });
    expect(await within(dialog).findByText("Não foi possível carregar os informativos.")).toBeTruthy();
    serve({ pages: [[]] }, { pages: [[]] });
    fireEvent.click(within(dialog).getByRole("button", { name: "Tentar novamente" }));
    expect(await within(dialog).findByText("Nenhum informativo.")).toBeTruthy();
  });
});

describe("the internal-chat popover", () => {
  it("lists my chats with my unread count, marks the button and the drawer item, and a click opens the chat", async () => {
    serve({ pages: [[]] }, { pages: [[chat(2, 3), chat(1, 0, { lastMessage: "" })]] });
    renderShell(me);
    // Only chat 2 is unread for me (chat 1's unreads are Bruno's).
    const button = await screen.findByRole("button", { name: "Chat interno: 1 conversa não lida" });
    const drawerItem = screen.getByRole("link", { name: /Chat Interno/ });
    expect(drawerItem.getAttribute("href")).toBe("/chats");
    expect(within(drawerItem).getByText("requer atenção")).toBeTruthy();
    fireEvent.click(button);
    const list = await screen.findByRole("list", { name: "Conversas do chat interno" });
    const items = within(list).getAllByRole("button");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText("Conversa 2")).toBeTruthy();
    expect(within(items[0]!).getByText("Última 2")).toBeTruthy();
    expect(within(items[0]!).getByLabelText("3 mensagens não lidas")).toBeTruthy();
    expect(within(items[1]!).getByText("Nenhuma mensagem ainda.")).toBeTruthy();
    expect(within(items[1]!).queryByLabelText(/não lida/)).toBeNull();
    fireEvent.click(items[0]!);
    expect(await screen.findByText("chat chat-uuid-2")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("list", { name: "Conversas do chat interno" })).toBeNull());
  });

  it("shows no dot when nothing is unread for me", async () => {
    serve({ pages: [[]] }, { pages: [[chat(1, 0)]] });
    renderShell(me);
    await waitFor(() => expect(screen.getByRole("button", { name: "Chat interno" })).toBeTruthy());
    fireEvent.click(screen.getByRole("button", { name: "Chat interno" }));
    await screen.findByRole("list", { name: "Conversas do chat interno" });
    expect(
      within(screen.getByRole("link", { name: /Chat Interno/, hidden: true })).queryByText("requer atenção"),
    ).toBeNull();
  });

  it("asks for pageNumber 2 near the bottom", async () => {
    const first = Array.from({ length: 5 }, (_, i) => chat(9 - i, 0));
    const calls = serve({ pages: [[]] }, { pages: [first, [chat(1, 0, { title: "Conversa antiga" })]] });
    renderShell(me);
    fireEvent.click(await screen.findByRole("button", { name: "Chat interno" }));
    const list = await screen.findByRole("list", { name: "Conversas do chat interno" });
    scrollNearBottom(list, 100);
    expect(await within(list).findByText("Conversa antiga")).toBeTruthy();
    expect(
      calls.filter((c) => c.pathname === "/chats/").map((c) => c.searchParams.get("pageNumber")),
    ).toEqual(["1", "2"]);
  });

  it("follows company-{id}-chat: a new message brings the chat to the top with its unread count", async () => {
    const calls = serve({ pages: [[]] }, { pages: [[chat(2, 0), chat(1, 0)]] });
    const socket = renderShell(me);
    fireEvent.click(await screen.findByRole("button", { name: "Chat interno" }));
    const list = await screen.findByRole("list", { name: "Conversas do chat interno" });
    act(() =>
      socket.push("company-2-chat", {
        action: "new-message",
        chat: chat(1, 2, { lastMessage: "Oi, equipe", updatedAt: "2026-03-05T10:00:00.000Z" }),
      }),
    );
    await waitFor(() =>
      expect(within(within(list).getAllByRole("button")[0]!).getByText("Oi, equipe")).toBeTruthy(),
    );
    expect(within(list).getByLabelText("2 mensagens não lidas")).toBeTruthy();
    expect(
      screen.getByRole("button", { name: "Chat interno: 1 conversa não lida", hidden: true }),
    ).toBeTruthy();
    // A chat I am not part of does not come in; a deleted one leaves.
    act(() =>
      socket.push("company-2-chat", {
        action: "create",
        record: chat(3, 0, {
          title: "Alheia",
          users: [{ userId: 8, unreads: 0, user: { id: 8, name: "Bruno" } }],
        }),
      }),
    );
    act(() => socket.push("company-2-chat", { action: "delete", id: 2 }));
    await waitFor(() => expect(within(list).queryByText("Conversa 2")).toBeNull());
    expect(within(list).queryByText("Alheia")).toBeNull();
    expect(calls.filter((c) => c.pathname === "/chats/")).toHaveLength(1);
  });

  it("closes with Escape", async () => {
    serve({ pages: [[]] }, { pages: [[chat(1, 0)]] });
    renderShell(me);
    fireEvent.click(await screen.findByRole("button", { name: "Chat interno" }));
    const dialog = await screen.findByRole("dialog", { name: "Chat interno" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Chat interno" })).toBeNull());
  });

  it("is absent, and nothing is asked, when the plan switches the internal chat off", async () => {
    const calls = serve({ pages: [[]] }, { pages: [[chat(1, 3)]] });
    const plan = {
      id: 1,
      name: "Basic",
      useWhatsapp: true,
      useFacebook: true,
      useInstagram: true,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: false,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    };
    renderShell({ ...me, company: { id: 2, name: "Acme", dueDate: null, plan } });
    await screen.findByRole("button", { name: "Informativos" });
    await waitFor(() => expect(calls.some((c) => c.pathname === "/announcements/")).toBe(true));
    expect(screen.queryByRole("button", { name: /Chat interno/ })).toBeNull();
    expect(calls.some((c) => c.pathname === "/chats/")).toBe(false);
  });
});
