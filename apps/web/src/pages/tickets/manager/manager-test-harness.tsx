export { stubMediaQuery } from "../../../test/media-query";

import type { TicketDto, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { configure, fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import type { Socket } from "socket.io-client";
import { expect, vi } from "vitest";
import { configureApiClient } from "../../../api/client";
import { ToastProvider } from "../../../app/toast/ToastProvider";
import { RealtimeContext } from "../../../realtime/realtime-context";
import { CONVERSATION_EMPTY_LISTS } from "../../../test/conversation";
import { FakeSocket } from "../../../test/fake-socket";
import { authValue, renderWithProviders } from "../../../test/render";
import { unknownRequest } from "../../../test/unknown-request";
import { TicketsPage } from "../TicketsPage";

// A busy 2-core machine answers a fake fetch, a debounce and a re-render in well over the default second.
configure({ asyncUtilTimeout: 5000 });

/** One request the fake server saw. */
export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

export type FakeHandler = (request: SeenRequest) => unknown;

/**
 * A fake server for the tickets list side: GET /tickets answers `byStatus`
 * (the search list, without status, answers `byStatus.search`); `routes`
 * ("POST /tickets") answer the rest; every request is recorded.
 */
export function serveTickets(
  byStatus: Record<string, TicketDto[]> = {},
  routes: Record<string, FakeHandler> = {},
): SeenRequest[] {
  const seen: SeenRequest[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const parsed = new URL(url, "http://test");
      const method = init.method ?? "GET";
      const body: unknown = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      const request = { method, path: parsed.pathname, search: parsed.searchParams, body };
      seen.push(request);
      const handler = routes[`${method} ${parsed.pathname}`];
      if (handler) {
        const answer = await handler(request);
        return answer instanceof Response ? answer : Response.json(answer ?? {});
      }
      if (parsed.pathname === "/tickets" && method === "GET") {
        const tickets = byStatus[parsed.searchParams.get("status") ?? "search"] ?? [];
        return Response.json({ tickets, count: tickets.length, hasMore: false });
      }
      const uuid = parsed.pathname.startsWith("/tickets/u/") ? parsed.pathname.slice(11) : undefined;
      const shown = Object.values(byStatus)
        .flat()
        .find((ticket) => ticket.uuid === uuid);
      if (shown) return Response.json(shown);
      if (parsed.pathname.startsWith("/messages/") && method === "GET")
        return Response.json({ messages: [], ticket: shown, count: 0, hasMore: false });
      // The open conversation's system lines (its log): none.
      if (parsed.pathname.startsWith("/tickets-log/") && method === "GET") return Response.json([]);
      if (method === "GET" && CONVERSATION_EMPTY_LISTS.includes(parsed.pathname)) return Response.json([]);
      return unknownRequest(method, url);
    },
  });
  return seen;
}

export const requests = (seen: SeenRequest[], method: string, path: string) =>
  seen.filter((r) => r.method === method && r.path === path);

/** The GET /tickets requests of the search list (no status). */
export const searchRequests = (seen: SeenRequest[]) =>
  requests(seen, "GET", "/tickets").filter((r) => !r.search.has("status"));

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The tickets page with a fake socket, toasts, the current path shown and a spy on updateUser. */
export function renderTickets(user: UserDto, path = "/tickets") {
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const updateUser = vi.fn();
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <ToastProvider>
          <Routes>
            <Route path="/tickets" element={<TicketsPage />} />
            <Route path="/tickets/:uuid" element={<TicketsPage />} />
          </Routes>
          <LocationProbe />
        </ToastProvider>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user, updateUser }), initialEntries: [path] },
  );
  return { socket, client, updateUser };
}

/** Pick options of an MUI select by its label; a multiple select's list is closed afterwards. */
export async function choose(label: string, ...options: string[]) {
  // A select waits for its choices to load (it is disabled while it has none).
  const select = await screen.findByRole("combobox", { name: label });
  await waitFor(() => expect(select.getAttribute("aria-disabled")).not.toBe("true"));
  fireEvent.mouseDown(select);
  for (const option of options) fireEvent.click(await screen.findByRole("option", { name: option }));
  // A multiple select stays open: Escape closes it (a single one closed itself; an Escape would reach a dialog).
  const listbox = screen.queryByRole("listbox");
  if (listbox?.getAttribute("aria-multiselectable") === "true") fireEvent.keyDown(listbox, { key: "Escape" });
  await waitFor(() => expect(screen.queryByRole("listbox")).toBeNull());
}
