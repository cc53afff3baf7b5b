import type { MessageDto, TicketDto, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { configure } from "@testing-library/react";
import { Route, Routes, useLocation } from "react-router";
import type { Socket } from "socket.io-client";
import { configureApiClient } from "../api/client";
import { ToastProvider } from "../app/toast/ToastProvider";
import { TicketsPage } from "../pages/tickets/TicketsPage";
import { RealtimeContext } from "../realtime/realtime-context";
import { FakeSocket } from "./fake-socket";
import { authValue, renderWithProviders } from "./render";
import { unknownRequest } from "./unknown-request";

// A busy 2-core machine answers a fake fetch, a debounce and a re-render in well over the default second.
configure({ asyncUtilTimeout: 5000 });

/** One request the fake server saw. */
export interface SeenRequest {
  method: string;
  path: string;
  search: URLSearchParams;
  body: unknown;
}

/** A route of the fake server: answers a JSON value, or a Response for errors. */
export type FakeHandler = (request: SeenRequest) => unknown;

/** Lists the tickets screen loads for its filters, transfer dialog and quick answers. */
export const CONVERSATION_EMPTY_LISTS = ["/queue", "/whatsapp", "/quick-messages/list"];

/**
 * A fake server for the conversation view: the ticket, its messages and the
 * lists are served from memory; `routes` ("PUT /tickets/4") answer the rest
 * and every request is recorded. Any other request fails the test (see unknown-request.ts).
 */
export function serveConversation(
  ticket: TicketDto,
  messages: MessageDto[],
  routes: Record<string, FakeHandler> = {},
) {
  const seen: SeenRequest[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const parsed = new URL(url, "http://test");
      const method = init.method ?? "GET";
      let body: unknown = init.body;
      if (typeof init.body === "string") body = JSON.parse(init.body);
      const request = { method, path: parsed.pathname, search: parsed.searchParams, body };
      seen.push(request);
      const handler = routes[`${method} ${parsed.pathname}`];
      if (handler) {
        const answer = await handler(request);
        return answer instanceof Response ? answer : Response.json(answer ?? {});
      }
      if (parsed.pathname === "/tickets") {
        const status = parsed.searchParams.get("status");
        const tickets = status === ticket.status ? [ticket] : [];
        return Response.json({ tickets, count: tickets.length, hasMore: false });
      }
      if (parsed.pathname === `/tickets/u/${ticket.uuid}`) return Response.json(ticket);
      // What the screen loads beside the conversation (filters, transfer, quick answers): none.
      if (method === "GET" && CONVERSATION_EMPTY_LISTS.includes(parsed.pathname)) return Response.json([]);
      if (parsed.pathname === `/messages/${ticket.id}`)
        return Response.json({ messages, ticket, count: messages.length, hasMore: false });
      // The conversation's system lines (the ticket's log): none unless a route gives some.
      if (method === "GET" && parsed.pathname === `/tickets-log/${ticket.id}`) return Response.json([]);
      return unknownRequest(method, url);
    },
  });
  return seen;
}

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname}</output>;
}

/** The tickets page at /tickets/{uuid}, with a fake socket, toasts and the current path shown. */
export function renderConversation(user: UserDto, ticket: TicketDto) {
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
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
    { auth: authValue({ user }), initialEntries: [`/tickets/${ticket.uuid}`] },
  );
  return { socket, client };
}

/** An error answer as the server sends it. */
export function errorAnswer(status: number, body: object): Response {
  return Response.json(body, { status });
}
