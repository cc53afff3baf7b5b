import type { MomentItem, TicketDto, UserDto, UsersMoments } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, screen, waitFor, within } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { RequirePermission } from "../../app/guards/RequirePermission";
import { canWatchMoments } from "../../app/permissions";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { MomentsPage } from "./MomentsPage";

const ANA = 1;
const BRUNO = 7;

function card(overrides: Partial<MomentItem> & Pick<MomentItem, "id">): MomentItem {
  return {
    uuid: `uuid-${overrides.id}`,
    status: "open",
    userId: BRUNO,
    queueId: 4,
    whatsappId: 3,
    contact: {
      id: 100 + overrides.id,
      name: `Contato ${overrides.id}`,
      number: "5511999990000",
      profilePicUrl: null,
    },
    lastMessage: "Olá",
    unreadMessages: 0,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

function panel(overrides: Partial<UsersMoments> = {}): UsersMoments {
  const tickets = overrides.tickets ?? [
    card({
      id: 11,
      contact: {
        id: 111,
        name: "Maria da Silva Pereira dos Santos Oliveira",
        number: "5511988887777",
        profilePicUrl: null,
      },
      lastMessage: "Bom dia, preciso de ajuda com o meu pedido número 123",
      unreadMessages: 3,
    }),
    card({ id: 12, status: "pending", userId: null, updatedAt: "2026-03-01T11:00:00.000Z" }),
  ];
  return {
    users: [
      { id: ANA, name: "Ana Souza", online: true },
      { id: BRUNO, name: "Bruno Lima", online: false },
    ],
    columns: [
      { userId: BRUNO, count: 1 },
      { userId: null, count: 1 },
    ],
    tickets,
    queues: [{ id: 4, name: "Suporte", color: "#336699" }],
    whatsapps: [{ id: 3, name: "Vendas WA", channel: "whatsappapi" }],
    ...overrides,
  };
}

/** GET /usersMoments answers `body` (or fails with `status`); the asked URLs are kept. */
function serve(body: UsersMoments | { status: number }) {
  const urls: string[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      urls.push(url);
      if ((init.method ?? "GET") !== "GET" || !url.startsWith("/usersMoments"))
        return unknownRequest(init.method, url);
      if ("status" in body)
        return Response.json({ error: "ERR_INTERNAL", message: "boom" }, { status: body.status });
      return Response.json(body);
    },
  });
  return urls;
}

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => unsubscribe());

/** The /moments route as AppRoutes declares it, with a socket the test can push events into. */
function renderPage(user: UserDto) {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <RequirePermission allow={canWatchMoments}>
          <MomentsPage />
        </RequirePermission>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/moments"] },
  );
  return socket;
}

const watcher = buildUser({ id: ANA, profile: "user", allowRealTime: "enabled" });
const column = (name: string) => screen.getByRole("region", { name });
const ticketEvent = (ticket: Partial<TicketDto> & Pick<TicketDto, "id">): TicketDto => ({
  uuid: `uuid-${ticket.id}`,
  status: "open",
  channel: "whatsappapi",
  contactId: 100 + ticket.id,
  whatsappId: 3,
  userId: null,
  queueId: 4,
  isGroup: false,
  isBot: false,
  lastMessage: "",
  unreadMessages: 0,
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T12:00:00.000Z",
  ...ticket,
});

describe("MomentsPage access", () => {
  it("a profile user without allowRealTime gets the no-access view and asks nothing", () => {
    const urls = serve(panel());
    renderPage(buildUser({ profile: "user" }));
    expect(screen.getByText("Oops! Acesso Negado!")).toBeTruthy();
    expect(urls).toEqual([]);
  });

  it("a failed load is told in an error toast", async () => {
    serve({ status: 500 });
    renderPage(watcher);
    await waitFor(() => expect(toasts.some((t) => t.severity === "error")).toBe(true));
  });
});

describe("MomentsPage", () => {
  it("shows 'Pendentes' and one column per user, cards cut at 30 with unread, queue, connection and time", async () => {
    serve(panel());
    const socket = renderPage(watcher);
    await screen.findByRole("heading", { name: "Painel de Atendimentos" });
    const regions = await screen.findAllByRole("region");
    expect(regions.map((r) => r.getAttribute("aria-label"))).toEqual([
      "Pendentes",
      "Ana Souza",
      "Bruno Lima",
    ]);
    expect(socket.emitted).toContainEqual(["joinMoments"]);

    const bruno = column("Bruno Lima");
    expect(within(bruno).getByText("Maria da Silva Pereira dos San…")).toBeTruthy();
    expect(within(bruno).getByText("Bom dia, preciso de ajuda com…")).toBeTruthy();
    expect(within(bruno).getByText("3")).toBeTruthy();
    expect(within(bruno).getByText("Suporte")).toBeTruthy();
    expect(within(bruno).getByText("Vendas WA")).toBeTruthy();
    expect(within(bruno).getByText("01/03/2026")).toBeTruthy();
    expect(within(column("Pendentes")).getByText("Contato 12")).toBeTruthy();
    expect(within(column("Ana Souza")).getByText("Nenhum atendimento")).toBeTruthy();
  });

  it("a contact without a name goes by its number, as people write it", async () => {
    const nameless = card({
      id: 13,
      status: "pending",
      userId: null,
      contact: { id: 113, name: "", number: "5511977776666", profilePicUrl: null },
    });
    serve(panel({ tickets: [nameless] }));
    renderPage(watcher);
    expect(
      await within(await screen.findByRole("region", { name: "Pendentes" })).findByText("(11) 97777-6666"),
    ).toBeTruthy();
  });

  it("the access icon only on the viewer's own tickets; an admin has it on every card", async () => {
    serve(
      panel({
        tickets: [card({ id: 11 }), card({ id: 13, userId: ANA })],
      }),
    );
    renderPage(watcher);
    const own = await screen.findByRole("link", { name: "Abrir o atendimento de Contato 13" });
    expect(own.getAttribute("href")).toBe("/tickets/uuid-13");
    expect(screen.queryByRole("link", { name: "Abrir o atendimento de Contato 11" })).toBeNull();
  });

  it("an admin may open every card", async () => {
    serve(panel());
    renderPage(buildUser({ id: 99, profile: "admin" }));
    const links = await screen.findAllByRole("link", { name: /Abrir o atendimento de/ });
    expect(links.map((l) => l.getAttribute("href")).sort()).toEqual(["/tickets/uuid-11", "/tickets/uuid-12"]);
  });

  it("live: a new pending ticket enters 'Pendentes'; accepted, its card moves to the attendant's column", async () => {
    serve(panel());
    const socket = renderPage(watcher);
    await screen.findByText("Contato 12");

    const contact = {
      id: 150,
      name: "Cliente Novo",
      number: "5511977776666",
      email: "",
      channel: "whatsapp",
      isGroup: false,
      profilePicUrl: null,
    };
    act(() =>
      socket.push("company-2-appMessage", {
        action: "create",
        message: { id: 1, ticketId: 50, body: "Quero comprar" },
        ticket: ticketEvent({
          id: 50,
          status: "pending",
          contactId: 150,
          lastMessage: "Quero comprar",
          unreadMessages: 1,
        }),
        contact,
      }),
    );
    const pending = column("Pendentes");
    await within(pending).findByText("Cliente Novo");
    expect(within(pending).getByText("Quero comprar")).toBeTruthy();
    // Queue and connection come from the panel's lists: the message path's event carries only ids.
    expect(within(pending).getAllByText("Suporte")).toHaveLength(2);

    act(() =>
      socket.push("company-2-ticket", {
        action: "update",
        ticket: ticketEvent({
          id: 50,
          status: "open",
          userId: ANA,
          contactId: 150,
          contact,
          lastMessage: "Quero comprar",
          updatedAt: "2026-03-01T12:01:00.000Z",
        }),
      }),
    );
    await within(column("Ana Souza")).findByText("Cliente Novo");
    expect(within(column("Pendentes")).queryByText("Cliente Novo")).toBeNull();
    // Now the viewer's own ticket: the access icon shows.
    expect(screen.getByRole("link", { name: "Abrir o atendimento de Cliente Novo" })).toBeTruthy();

    // Closed, it leaves the panel; an older event changes nothing.
    act(() =>
      socket.push("company-2-ticket", {
        action: "update",
        ticket: ticketEvent({ id: 50, status: "closed", userId: ANA, updatedAt: "2026-03-01T12:02:00.000Z" }),
      }),
    );
    await waitFor(() => expect(screen.queryByText("Cliente Novo")).toBeNull());
    act(() =>
      socket.push("company-2-ticket", {
        action: "update",
        ticket: ticketEvent({ id: 11, status: "pending", updatedAt: "2026-02-01T00:00:00.000Z" }),
      }),
    );
    expect(within(column("Bruno Lima")).getByText("Maria da Silva Pereira dos San…")).toBeTruthy();

    // A connection made after the panel loaded: the event's own connection names the card's chip.
    act(() =>
      socket.push("company-2-ticket", {
        action: "create",
        ticket: ticketEvent({
          id: 60,
          status: "pending",
          contactId: 160,
          contact: { ...contact, id: 160, name: "Cliente Insta" },
          whatsappId: 9,
          whatsapp: { id: 9, name: "Loja Instagram", channel: "instagram", status: "CONNECTED" },
          updatedAt: "2026-03-01T12:03:00.000Z",
        }),
      }),
    );
    const insta = await within(column("Pendentes")).findByRole("listitem", { name: "Cliente Insta" });
    expect(within(insta).getByText("Loja Instagram")).toBeTruthy();
  });

  it("live: deleted tickets leave; users, contacts and queues rename in place", async () => {
    serve(panel());
    const socket = renderPage(watcher);
    await screen.findByText("Contato 12");
    act(() => socket.push("company-2-ticket", { action: "delete", ticketId: 12 }));
    await waitFor(() => expect(screen.queryByText("Contato 12")).toBeNull());

    act(() =>
      socket.push("company-2-user", {
        action: "create",
        user: buildUser({ id: 30, name: "Carla Nunes", online: true }),
      }),
    );
    await screen.findByRole("region", { name: "Carla Nunes" });
    act(() =>
      socket.push("company-2-contact", {
        action: "update",
        contact: { id: 111, name: "Maria Renomeada", number: "5511988887777", profilePicUrl: null },
      }),
    );
    await within(column("Bruno Lima")).findByText("Maria Renomeada");
    act(() =>
      socket.push("company-2-queue", {
        action: "update",
        queue: { id: 4, name: "Financeiro", color: "#aa0000" },
      }),
    );
    await within(column("Bruno Lima")).findByText("Financeiro");

    // Bruno is deleted: his column goes, his open ticket waits in 'Pendentes'.
    act(() => socket.push("company-2-user", { action: "delete", userId: BRUNO }));
    await within(column("Pendentes")).findByText("Maria Renomeada");
    expect(screen.queryByRole("region", { name: "Bruno Lima" })).toBeNull();
  });
});
