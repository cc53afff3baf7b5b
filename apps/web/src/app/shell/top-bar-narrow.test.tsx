import type { AnnouncementDto, ChatDto, TicketList } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { FakeNotification } from "../../notifications/test-fakes";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { AppShell } from "./AppShell";

configure({ asyncUtilTimeout: 5000 });

const announcement: AnnouncementDto = {
  id: 1,
  title: "Aviso novo",
  text: "Texto do aviso",
  mediaPath: null,
  mediaName: null,
  priority: 1,
  companyId: 1,
  createdAt: "2026-03-01T10:00:00.000Z",
};
const chat: ChatDto = {
  id: 3,
  uuid: "chat-uuid-3",
  title: "Conversa da equipe",
  ownerId: 7,
  lastMessage: "Oi",
  updatedAt: "2026-03-01T10:00:00.000Z",
  users: [{ userId: 7, unreads: 2, user: { id: 7, name: "Ana" } }],
};

function serve() {
  configureApiClient({
    fetch: async (url, init) => {
      const { pathname } = new URL(url, "http://test");
      if (pathname === "/announcements/")
        return Response.json({ records: [announcement], count: 1, hasMore: false });
      if (pathname === "/chats/") return Response.json({ records: [chat], count: 1, hasMore: false });
      if (pathname === "/tickets")
        return Response.json({ tickets: [], count: 0, hasMore: false } satisfies TicketList);
      if (pathname === "/version") return Response.json({ version: "1.0.0" });
      if (pathname === "/helps/list") return Response.json([]);
      if (pathname === "/companySettingOne") return Response.json({ showNotificationPending: "disabled" });
      return unknownRequest(init.method, url);
    },
  });
}

function renderShell() {
  const user = buildUser({ id: 7, companyId: 2, name: "Ana" });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: new FakeSocket() as unknown as Socket, companyId: 2 }}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/" element={<p>home</p>} />
          </Route>
        </Routes>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/"] },
  );
}

let restore: () => void = () => {};
beforeEach(() => {
  FakeNotification.reset("granted");
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("AudioContext", undefined);
  restore = stubMediaQuery(true);
});
afterEach(() => {
  restore();
  vi.unstubAllGlobals();
});

describe("the top bar on a phone", () => {
  it("keeps the bell and folds announcements, chats, volume, refresh and account into one menu", async () => {
    serve();
    renderShell();
    const bar = screen.getByRole("banner");
    expect(within(bar).getByRole("button", { name: "Notificações" })).toBeTruthy();
    // Unseen announcements and unread chats: the overflow button says there is something new.
    const more = await within(bar).findByRole("button", { name: "Mais ações: há novidades" });
    for (const name of [
      /^Informativos/,
      /^Chat interno/,
      "Volume das notificações",
      "Atualizar a página",
      "Menu da conta",
    ])
      expect(within(bar).queryByRole("button", { name })).toBeNull();

    fireEvent.click(more);
    const menu = await screen.findByRole("menu");
    expect(
      within(menu)
        .getAllByRole("menuitem")
        .map((item) => item.textContent),
    ).toEqual([
      "1Informativos",
      "Chat interno",
      "Volume das notificações",
      "Atualizar a página",
      "Menu da conta",
    ]);
    // An item opens its popover, on the overflow button, and closes the menu.
    fireEvent.click(within(menu).getByRole("menuitem", { name: "Informativos: 1 não visto" }));
    const popover = await screen.findByRole("dialog", { name: "Informativos" });
    expect(within(popover).getByText("Aviso novo")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    fireEvent.keyDown(popover, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Informativos" })).toBeNull());
    // Seen now: only the unread chat keeps the dot.
    expect(within(bar).getByRole("button", { name: "Mais ações: há novidades" })).toBeTruthy();

    fireEvent.click(within(bar).getByRole("button", { name: "Mais ações: há novidades" }));
    fireEvent.click(
      within(await screen.findByRole("menu")).getByRole("menuitem", {
        name: "Chat interno: 1 conversa não lida",
      }),
    );
    expect(
      within(await screen.findByRole("dialog", { name: "Chat interno" })).getByText("Conversa da equipe"),
    ).toBeTruthy();
    fireEvent.keyDown(screen.getByRole("dialog", { name: "Chat interno" }), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Chat interno" })).toBeNull());

    fireEvent.click(within(bar).getByRole("button", { name: "Mais ações: há novidades" }));
    fireEvent.click(within(await screen.findByRole("menu")).getByRole("menuitem", { name: "Menu da conta" }));
    const account = await screen.findByRole("menu");
    expect(within(account).getByRole("menuitem", { name: "Sair" })).toBeTruthy();
  });
});
