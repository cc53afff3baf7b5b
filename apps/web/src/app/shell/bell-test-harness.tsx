import type { TicketDto, TicketList, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { Route, Routes, useParams } from "react-router";
import type { Socket } from "socket.io-client";
import { configureApiClient } from "../../api/client";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { buildTicket } from "../../test/tickets";
import { unknownRequest } from "../../test/unknown-request";
import { AppShell } from "./AppShell";

/** The whole shell over a fake server and socket, for the bell's tests. */

/** `counts`: the server's count of a status when its first page does not hold every ticket. */
export function serve(byStatus: Record<string, TicketDto[]>, counts: Record<string, number> = {}) {
  const calls: URL[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const parsed = new URL(url, "http://test");
      calls.push(parsed);
      if (parsed.pathname === "/tickets") {
        const status = parsed.searchParams.get("status") ?? "";
        const tickets = byStatus[status] ?? [];
        const count = counts[status] ?? tickets.length;
        return Response.json({ tickets, count, hasMore: count > tickets.length } satisfies TicketList);
      }
      if (parsed.pathname === "/version") return Response.json({ version: "1.0.0" });
      // No help videos: the menu leaves the help item out.
      if (parsed.pathname === "/helps/list") return Response.json([]);
      // The announcements and internal-chat popovers: empty lists.
      if (parsed.pathname === "/announcements/" || parsed.pathname === "/chats/")
        return Response.json({ records: [], count: 0, hasMore: false });
      if (parsed.pathname === "/companySettingOne")
        return Response.json({ showNotificationPending: "disabled" });
      return unknownRequest(init.method, url);
    },
  });
  return calls;
}

function TicketScreen() {
  return <p>ticket {useParams().uuid}</p>;
}

export function renderShell(user: UserDto) {
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <Routes>
          <Route element={<AppShell />}>
            <Route path="/" element={<p>home</p>} />
            <Route path="/tickets/:uuid" element={<TicketScreen />} />
          </Route>
        </Routes>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/"] },
  );
  return socket;
}

export const attendant = buildUser({
  id: 7,
  companyId: 2,
  queues: [{ id: 5, name: "Suporte", color: "#123456" }],
});
export const mine = (id: number, unreadMessages: number, extra: Partial<TicketDto> = {}) =>
  buildTicket({
    id,
    status: "open",
    userId: 7,
    queueId: 5,
    unreadMessages,
    lastMessage: `Mensagem ${id}`,
    updatedAt: `2026-03-01T10:0${id}:00.000Z`,
    ...extra,
  });
