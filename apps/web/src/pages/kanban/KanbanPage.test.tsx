import type { KanbanBoard, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes, useParams } from "react-router";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { toast } from "../../app/toast/toast-store";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { buildTicket } from "../../test/tickets";
import { unknownRequest } from "../../test/unknown-request";
import { cardMessage, cardTime } from "./KanbanCard";
import { KanbanPage, todayRange } from "./KanbanPage";
import { useKanban } from "./use-kanban";

const triage = { id: 3, name: "Triagem", color: "#1976D2" };
const proposal = { id: 5, name: "Proposta", color: "#2E7D32" };
const now = new Date().toISOString();
const LONG = "Bom dia, gostaria de saber quando chega o meu pedido de número 123456 e se a nota já saiu";

function buildBoard(): KanbanBoard {
  return {
    lanes: [
      {
        id: 0,
        tag: null,
        tickets: [
          buildTicket({
            id: 11,
            status: "open",
            updatedAt: now,
            lastMessage: LONG,
            contact: {
              id: 1,
              name: "Maria",
              number: "5511912**-**78",
              channel: "whatsapp",
              isGroup: false,
              profilePicUrl: null,
            },
            user: { id: 4, name: "Ana Atendente", color: null },
            whatsapp: { id: 1, name: "Vendas", channel: "whatsappapi", status: "CONNECTED" },
          }),
        ],
        hasMore: false,
        nextCursor: null,
      },
      {
        id: 3,
        tag: triage,
        tickets: [buildTicket({ id: 12, status: "open", updatedAt: now, tags: [triage] })],
        hasMore: false,
        nextCursor: null,
      },
      { id: 5, tag: proposal, tickets: [], hasMore: false, nextCursor: null },
    ],
  };
}

/** The fake server: the board, and PUT /ticket-tags answered by `moveAnswer` when the test says. */
function serve(board: KanbanBoard, moveAnswer: () => Promise<Response>) {
  const calls: string[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      calls.push(`${method} ${url}`);
      if (method === "GET" && url.startsWith("/ticket/kanban?")) return Response.json(board);
      if (method === "PUT" && url.startsWith("/ticket-tags/")) return moveAnswer();
      return unknownRequest(method, url);
    },
  });
  return calls;
}

let mover: ReturnType<typeof useKanban>["move"] | undefined;
/** Holds the same board as the page (same range, same cache): moves as a drop would make them. */
function Mover() {
  mover = useKanban(todayRange()).move;
  return null;
}

function TicketScreen() {
  return <p>ticket {useParams().uuid}</p>;
}

function renderBoard(user: UserDto) {
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: 2 }}>
        <Routes>
          <Route
            path="/Kanban"
            element={
              <>
                <KanbanPage />
                <Mover />
              </>
            }
          />
          <Route path="/tickets/:uuid" element={<TicketScreen />} />
          <Route path="/TagsKanban" element={<p>kanban tags</p>} />
        </Routes>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/Kanban"] },
  );
  return socket;
}

const lane = (id: number) => screen.getByTestId(`kanban-lane-${id}`);
const admin = buildUser({ id: 1, profile: "admin" });

afterEach(() => {
  vi.restoreAllMocks();
  mover = undefined;
});

describe("KanbanPage", () => {
  it("shows the default lane and one per kanban tag, and the card's fields as served", async () => {
    serve(buildBoard(), async () => Response.json({ message: "ok" }));
    renderBoard(admin);
    await screen.findByTestId("kanban-lane-0");
    expect(within(lane(0)).getByRole("heading", { name: "Em aberto" })).toBeTruthy();
    expect(within(lane(3)).getByRole("heading", { name: "Triagem" })).toBeTruthy();
    expect(within(lane(5)).getByText("Nenhum ticket")).toBeTruthy();

    const card = screen.getByTestId("kanban-card-11");
    expect(within(card).getByText("Maria")).toBeTruthy();
    expect(within(card).getByText("Ticket nº 11 · 5511912**-**78")).toBeTruthy(); // an LGPD mask as served
    // A whole number reads as people write it (the company's country: Brazil by default).
    expect(
      within(screen.getByTestId("kanban-card-12")).getByText(/^Ticket nº 12 · \(11\) 9\d{4}-\d{4}$/),
    ).toBeTruthy();
    expect(within(card).getByText(`${LONG.slice(0, 70)}…`)).toBeTruthy();
    expect(within(card).getByText("Ana Atendente")).toBeTruthy();
    expect(within(card).getByText(cardTime(now))).toBeTruthy();
    expect(within(card).getByRole("img", { name: /WhatsApp/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Adicionar colunas" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Adicionar colunas" }).getAttribute("href")).toBe("/TagsKanban");

    fireEvent.click(within(card).getByRole("button", { name: "Ver ticket" }));
    expect(await screen.findByText(`ticket ${buildBoard().lanes[0]!.tickets[0]!.uuid}`)).toBeTruthy();
  });

  it("offers 'Adicionar colunas' only to users who may view the dashboard", async () => {
    serve(buildBoard(), async () => Response.json({ message: "ok" }));
    renderBoard(buildUser({ id: 4, profile: "user" }));
    expect(await screen.findByTestId("kanban-card-11")).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Adicionar colunas" })).toBeNull();
  });

  it("a move shows at once; refused, the card goes back and a toast says why", async () => {
    let answer: (response: Response) => void = () => {};
    const calls = serve(buildBoard(), () => new Promise<Response>((resolve) => (answer = resolve)));
    const toasts = vi.spyOn(toast, "error");
    renderBoard(admin);
    await screen.findByTestId("kanban-card-11");

    let moving: Promise<void> | undefined;
    act(() => {
      moving = mover?.(11, 5);
    });
    // Before the server answers, the card is in Proposta.
    await waitFor(() => expect(within(lane(5)).getByTestId("kanban-card-11")).toBeTruthy());
    expect(within(lane(0)).queryByTestId("kanban-card-11")).toBeNull();
    expect(calls).toContain("PUT /ticket-tags/11/5");

    await act(async () => {
      answer(Response.json({ error: "ERR_NOT_FOUND", message: "Tag not found" }, { status: 404 }));
      await moving;
    });
    await waitFor(() => expect(within(lane(0)).getByTestId("kanban-card-11")).toBeTruthy());
    expect(within(lane(5)).queryByTestId("kanban-card-11")).toBeNull();
    expect(toasts).toHaveBeenCalledWith(expect.stringContaining("Não foi possível mover o ticket"));
  });

  it("another viewer's move arrives as a ticket update and moves the card, without reading the board again", async () => {
    const calls = serve(buildBoard(), async () => Response.json({ message: "ok" }));
    const socket = renderBoard(admin);
    await screen.findByTestId("kanban-card-12");
    const reads = calls.filter((call) => call.startsWith("GET")).length;
    act(() => {
      socket.push("company-2-ticket", {
        action: "update",
        ticket: buildTicket({ id: 12, status: "open", updatedAt: now, tags: [proposal] }),
      });
    });
    await waitFor(() => expect(within(lane(5)).getByTestId("kanban-card-12")).toBeTruthy());
    expect(within(lane(3)).queryByTestId("kanban-card-12")).toBeNull();
    expect(calls.filter((call) => call.startsWith("GET"))).toHaveLength(reads);
  });
});

describe("card text", () => {
  it("cuts the message at 70 characters and shows HH:mm today, dd/MM/yyyy before", () => {
    expect(cardMessage("curta")).toBe("curta");
    expect(cardMessage("a".repeat(71))).toBe(`${"a".repeat(70)}…`);
    const today = new Date(2026, 2, 5, 9, 7);
    expect(cardTime(today.toISOString(), new Date(2026, 2, 5, 18, 0))).toBe("09:07");
    expect(cardTime(today.toISOString(), new Date(2026, 2, 6, 8, 0))).toBe("05/03/2026");
  });
});
