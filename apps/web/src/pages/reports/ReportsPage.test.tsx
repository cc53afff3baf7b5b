import type { ReportExportPayload, ReportPage, ReportRow, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { reportQuery } from "../../api/reports";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { initialReportFilters, ReportsPage } from "./ReportsPage";

const row = (id: number): ReportRow => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
  whatsappName: "Cloud",
  contactName: `Cliente ${id}`,
  contactNumber: "5511912345678",
  userName: "Ana",
  queueName: "Vendas",
  status: "closed",
  lastMessage: `mensagem ${id}`,
  createdAt: "2026-03-02T12:00:00.000Z",
  closedAt: "2026-03-02T13:30:00.000Z",
  supportTime: 5400,
  NPS: 9,
});

interface Served {
  urls: URL[];
  /** Resolves the pending export's body. */
  finishExport?: () => void;
}

/**
 * GET /ticketreport/reports answers 23 rows in pages; the export answers after `finishExport`;
 * a ticket's log is empty.
 */
function serve(): Served {
  const served: Served = { urls: [] };
  configureApiClient({
    fetch: async (url, init) => {
      const parsed = new URL(url, "http://app.test");
      served.urls.push(parsed);
      if (
        parsed.pathname === "/queue" ||
        parsed.pathname === "/whatsapp" ||
        parsed.pathname === "/users/list"
      )
        return Response.json([
          { id: 3, name: "Opção", color: "#123456", channel: "whatsapp", status: "CONNECTED" },
        ]);
      if (parsed.pathname === "/ticketreport/reports") {
        const page = Number(parsed.searchParams.get("page"));
        const size = Number(parsed.searchParams.get("pageSize"));
        const ids = Array.from({ length: 23 }, (_, i) => i + 1).slice((page - 1) * size, page * size);
        const body: ReportPage = {
          tickets: ids.map(row),
          totalTickets: { total: 23 },
          dateFrom: "2026-03-01",
          dateTo: "2026-03-31",
        };
        return Response.json(body);
      }
      if (parsed.pathname.startsWith("/tickets-log/")) return Response.json([]);
      if (parsed.pathname === "/ticketreport/reports/export") {
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new Uint8Array([80, 75]));
            served.finishExport = () => controller.close();
          },
        });
        return new Response(stream, { headers: { "x-total-count": "23" } });
      }
      return unknownRequest(init.method, url);
    },
  });
  return served;
}

function renderPage(user: UserDto) {
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <ReportsPage />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/reports"] },
  );
  return socket;
}

const reportUrls = (served: Served) => served.urls.filter((u) => u.pathname === "/ticketreport/reports");
const admin = buildUser({ id: 1, companyId: 2, profile: "admin" });

afterEach(() => {
  vi.restoreAllMocks();
});

describe("reportQuery", () => {
  it("sends the lists as JSON arrays and leaves empty filters out", () => {
    const filters = initialReportFilters(new Date(2026, 2, 15));
    expect(reportQuery(filters)).toEqual({
      searchParam: undefined,
      contactId: undefined,
      whatsappId: undefined,
      users: undefined,
      queueIds: undefined,
      status: undefined,
      dateFrom: "2026-03-01",
      dateTo: "2026-03-15",
      onlyRated: undefined,
    });
    expect(
      reportQuery({
        ...filters,
        searchParam: "  boleto ",
        contactId: 9,
        whatsappIds: [1, 2],
        users: [4],
        queueIds: [0, 5],
        statuses: ["open", "closed"],
        onlyRated: true,
      }),
    ).toMatchObject({
      searchParam: "boleto",
      contactId: 9,
      whatsappId: "[1,2]",
      users: "[4]",
      queueIds: "[0,5]",
      status: '["open","closed"]',
      onlyRated: true,
    });
  });
});

describe("ReportsPage", () => {
  it("asks the first of the month to today, 10 rows a page, and pages by the chosen size", async () => {
    const served = serve();
    renderPage(admin);
    const table = await screen.findByRole("table", { name: "Atendimentos do relatório" });
    expect(within(table).getAllByRole("row")).toHaveLength(11);
    const first = reportUrls(served)[0]!;
    const today = new Date();
    const pad = (n: number) => String(n).padStart(2, "0");
    expect(first.searchParams.get("dateFrom")).toBe(`${today.getFullYear()}-${pad(today.getMonth() + 1)}-01`);
    expect(first.searchParams.get("dateTo")).toBe(
      `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`,
    );
    expect([first.searchParams.get("page"), first.searchParams.get("pageSize")]).toEqual(["1", "10"]);

    fireEvent.click(screen.getByRole("button", { name: /próxima página|next page/i }));
    await screen.findByText("Cliente 11");
    expect(reportUrls(served).at(-1)?.searchParams.get("page")).toBe("2");

    fireEvent.mouseDown(screen.getByRole("combobox", { name: /Linhas por página/ }));
    fireEvent.click(await screen.findByRole("option", { name: "20" }));
    await screen.findByText("Cliente 20");
    const last = reportUrls(served).at(-1)!;
    expect([last.searchParams.get("page"), last.searchParams.get("pageSize")]).toEqual(["1", "20"]);
  });

  it("on a phone shows a card per ticket with its actions, and the pagination still below the cards", async () => {
    const restore = stubMediaQuery(true);
    try {
      const served = serve();
      renderPage(admin);
      const list = await screen.findByRole("list", { name: "Atendimentos do relatório" });
      expect(screen.queryByRole("table")).toBeNull();
      const cards = await within(list).findAllByRole("listitem");
      expect(cards).toHaveLength(10);
      const first = cards[0] as HTMLElement;
      expect(first.firstElementChild?.textContent).toBe("Cliente 1");
      expect([...first.querySelectorAll("dt")].map((term) => term.textContent)).toContain("Nº");
      expect(within(first).getByRole("link", { name: "Abrir o atendimento 1" }).getAttribute("href")).toBe(
        `/tickets/${row(1).uuid}`,
      );
      // The pagination follows the cards and still pages.
      const next = screen.getByRole("button", { name: /próxima página|next page/i });
      expect(list.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      fireEvent.click(next);
      const eleventh = (await screen.findByText("Cliente 11")).closest("li") as HTMLElement;
      expect(reportUrls(served).at(-1)?.searchParams.get("page")).toBe("2");
      // A card's log button opens the ticket's log, as the table's does.
      fireEvent.click(within(eleventh).getByRole("button", { name: "Logs do atendimento 11" }));
      const dialog = await screen.findByRole("dialog", { name: "Histórico do atendimento" });
      expect(await within(dialog).findByText("Nenhum registro.")).toBeTruthy();
      expect(served.urls.some((u) => u.pathname === "/tickets-log/11")).toBe(true);
    } finally {
      restore();
    }
  });

  it("applies the only-rated switch from the first page on", async () => {
    const served = serve();
    renderPage(admin);
    await screen.findByRole("table", { name: "Atendimentos do relatório" });
    fireEvent.click(screen.getByRole("switch", { name: "Somente avaliados" }));
    await waitFor(() => expect(reportUrls(served).at(-1)?.searchParams.get("onlyRated")).toBe("true"));
    expect(reportUrls(served).at(-1)?.searchParams.get("page")).toBe("1");
  });

  it("shows the export's progress, rows written of the total, then saves the file", async () => {
    const served = serve();
    const created: Blob[] = [];
    vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      created.push(blob as Blob);
      return "blob:report";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => {});
    const socket = renderPage(admin);
    await screen.findByRole("table", { name: "Atendimentos do relatório" });
    fireEvent.click(screen.getByRole("button", { name: "Exportar" }));
    await waitFor(() => expect(served.finishExport).toBeDefined());
    const exportUrl = served.urls.find((u) => u.pathname === "/ticketreport/reports/export")!;
    const exportId = exportUrl.searchParams.get("exportId")!;
    expect(exportUrl.searchParams.get("lang")).toBe("pt");
    await screen.findByText("Exportando: 0 de 23 linhas");
    const progress: ReportExportPayload = {
      action: "update",
      exportId,
      written: 10,
      total: 23,
      finished: false,
    };
    act(() => socket.push("company-2-reportExport", progress));
    act(() => socket.push("company-2-reportExport", { ...progress, exportId: "someone-else", written: 20 }));
    expect(screen.getByText("Exportando: 10 de 23 linhas")).toBeTruthy();
    act(() => served.finishExport?.());
    await waitFor(() => expect(created).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(/Exportando/)).toBeNull());
  });

  it("shows the empty state when nothing matches", async () => {
    configureApiClient({
      fetch: async (url) =>
        url.startsWith("/ticketreport/reports")
          ? Response.json({
              tickets: [],
              totalTickets: { total: 0 },
              dateFrom: "2026-03-01",
              dateTo: "2026-03-31",
            })
          : Response.json([]),
    });
    renderPage(buildUser({ profile: "user" }));
    await screen.findByText("Nenhum atendimento encontrado com esses filtros.");
    expect(screen.queryByRole("combobox", { name: "Usuários" })).toBeNull();
  });
});
