import type { DashboardDto, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { RequirePermission } from "../../app/guards/RequirePermission";
import { canSeeDashboard } from "../../app/permissions";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { DashboardPage } from "./DashboardPage";
import { attendantsCsv, countTicks, defaultRange, formatMinutes, responseScale } from "./dashboard-data";

function buildDashboard(overrides: Partial<DashboardDto> = {}): DashboardDto {
  return {
    dateFrom: "2026-03-01",
    dateTo: "2026-03-03",
    counters: {
      supportHappening: 2,
      supportPending: 1,
      supportFinished: 1,
      leads: 7,
      activeTickets: 1,
      passiveTickets: 3,
      avgResponseTime: 12.5,
      maxResponseTime: 20,
      avgSupportTime: 95,
      avgWaitTime: 13.33,
      avgRating: 8.25,
      countRating: 4,
      nps: 25,
    },
    attendants: [
      {
        id: 1,
        name: "Ana",
        online: true,
        rating: null,
        countRating: 0,
        tickets: 2,
        finished: 1,
        open: 1,
        avgWaitTime: 20,
        avgSupportTime: 40,
      },
      {
        id: 2,
        name: "Bruno",
        online: false,
        rating: 9.5,
        countRating: 2,
        tickets: 0,
        finished: 0,
        open: 0,
        avgWaitTime: null,
        avgSupportTime: null,
      },
    ],
    ticketsByDay: [
      { date: "2026-03-01", created: 1, finished: 1 },
      { date: "2026-03-02", created: 0, finished: 0 },
      { date: "2026-03-03", created: 3, finished: 0 },
    ],
    ...overrides,
  };
}

/** GET /dashboard answers `body`; the asked URLs are kept. */
function serve(body: DashboardDto) {
  const urls: string[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      urls.push(url);
      if ((init.method ?? "GET") !== "GET" || !url.startsWith("/dashboard?"))
        return unknownRequest(init.method, url);
      return Response.json(body);
    },
  });
  return urls;
}

/** The dashboard route as AppRoutes declares it. */
function renderPage(user: UserDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RequirePermission allow={canSeeDashboard}>
        <DashboardPage />
      </RequirePermission>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/"] },
  );
}

const counter = (key: string) => screen.getByTestId(`counter-${key}`);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("DashboardPage access", () => {
  it("shows the 403 view, with 'Voltar' to /tickets, to a user without showDashboard", () => {
    const urls = serve(buildDashboard());
    renderPage(buildUser({ profile: "user", showDashboard: "disabled" }));
    expect(screen.getByText("Oops! Acesso Negado!")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voltar" }).getAttribute("href")).toBe("/tickets");
    expect(urls).toEqual([]);
  });

  it("opens for a user with showDashboard enabled", async () => {
    serve(buildDashboard());
    renderPage(buildUser({ profile: "user", showDashboard: "enabled" }));
    expect(await screen.findByTestId("counter-leads")).toBeTruthy();
  });
});

describe("DashboardPage", () => {
  it("asks for the start of the month to today and shows the counters", async () => {
    const urls = serve(buildDashboard());
    renderPage(buildUser({ profile: "admin" }));
    await screen.findByTestId("counter-supportHappening");
    const range = defaultRange();
    const asked = new URL(urls[0] ?? "", "http://x");
    expect(asked.pathname).toBe("/dashboard");
    expect(asked.searchParams.get("date_from")).toBe(range.dateFrom);
    expect(asked.searchParams.get("date_to")).toBe(range.dateTo);
    expect(asked.searchParams.get("utcOffset")).toBe(String(range.utcOffset));

    expect(within(counter("supportHappening")).getByText("Em atendimento")).toBeTruthy();
    expect(within(counter("supportHappening")).getByText("2")).toBeTruthy();
    expect(within(counter("supportPending")).getByText("1")).toBeTruthy();
    expect(within(counter("leads")).getByText("7")).toBeTruthy();
    expect(within(counter("passiveTickets")).getByText("3")).toBeTruthy();
    expect(within(counter("avgResponseTime")).getByText("13 min")).toBeTruthy();
    expect(within(counter("avgSupportTime")).getByText("1 h 35 min")).toBeTruthy();
    // The range's ratings (0 to 10): their average as a face (8.25 rounds to 8: satisfied), and the NPS.
    expect(within(counter("avgRating")).getByText("Avaliação média")).toBeTruthy();
    expect(
      within(counter("avgRating")).getByRole("img", { name: "Média 8.3/10: Satisfeito" }).textContent,
    ).toBe("🙂");
    expect(within(counter("avgRating")).getByText("(4 avaliações)")).toBeTruthy();
    expect(within(counter("nps")).getByText("+25")).toBeTruthy();
    // Resolution rate 1 of 4; average response 12.5 of the slowest, 20.
    expect(screen.getByRole("progressbar", { name: "Taxa de resolução" }).getAttribute("aria-valuenow")).toBe(
      "25",
    );
    expect(
      screen.getByRole("progressbar", { name: "Tempo médio de resposta" }).getAttribute("aria-valuenow"),
    ).toBe("63");
    expect(
      screen.getByRole("img", { name: /Atendimentos por dia: 2026-03-01: 1\/1, 2026-03-03: 3\/0/ }),
    ).toBeTruthy();
  });

  it("lists the attendants with status, rating and a resolution bar each", async () => {
    serve(buildDashboard());
    renderPage(buildUser({ profile: "admin" }));
    const table = await screen.findByRole("table", { name: "Atendentes" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows).toHaveLength(2);
    const [ana, bruno] = rows as [HTMLElement, HTMLElement];
    expect(within(ana).getByText("Ana")).toBeTruthy();
    expect(within(ana).getByText("Online")).toBeTruthy();
    expect(within(ana).getByText("Sem avaliações")).toBeTruthy();
    expect(within(ana).getByText("20 min")).toBeTruthy();
    expect(within(ana).getByText("50%")).toBeTruthy();
    expect(within(bruno).getByText("Offline")).toBeTruthy();
    // The 0-10 average as a face (9.5: the best), with the figure and how many ratings it counts.
    expect(within(bruno).getByRole("img", { name: "Média 9.5/10: Muito satisfeito" }).textContent).toBe("😍");
    expect(within(bruno).getByText("9.5")).toBeTruthy();
    expect(within(bruno).getByText("(2 avaliações)")).toBeTruthy();
    expect(within(bruno).getAllByText("-")).toHaveLength(2);
    expect(
      within(bruno)
        .getByRole("progressbar", { name: "Taxa de resolução de Bruno" })
        .getAttribute("aria-valuenow"),
    ).toBe("0");
  });

  it("exports the attendants as a spreadsheet (CSV)", async () => {
    serve(buildDashboard());
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return "blob:dashboard";
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => {});
    renderPage(buildUser({ profile: "admin" }));
    fireEvent.click(await screen.findByRole("button", { name: "Exportar planilha" }));
    expect(click).toHaveBeenCalledOnce();
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe("atendentes_2026-03-01_2026-03-03.csv");
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0] as Blob);
    });
    expect(text?.split("\r\n")[1]).toBe("Ana;Online;;2;1;20;40;50");
  });

  it("asks again when a date changes, and keeps the range ordered", async () => {
    const urls = serve(buildDashboard());
    renderPage(buildUser({ profile: "admin" }));
    await screen.findByTestId("counter-leads");
    fireEvent.change(screen.getByLabelText("Data final"), { target: { value: "2020-01-15" } });
    await waitFor(() => expect(urls).toHaveLength(2));
    const asked = new URL(urls[1] ?? "", "http://x");
    expect(asked.searchParams.get("date_from")).toBe("2020-01-15");
    expect(asked.searchParams.get("date_to")).toBe("2020-01-15");
  });

  it("says so when the range has no tickets", async () => {
    serve(
      buildDashboard({
        counters: {
          supportHappening: 0,
          supportPending: 0,
          supportFinished: 0,
          leads: 0,
          activeTickets: 0,
          passiveTickets: 0,
          avgResponseTime: null,
          maxResponseTime: null,
          avgSupportTime: null,
          avgWaitTime: null,
          avgRating: null,
          countRating: 0,
          nps: null,
        },
        attendants: [],
      }),
    );
    renderPage(buildUser({ profile: "admin" }));
    expect(await screen.findByText("Nenhum atendimento no período.")).toBeTruthy();
    expect(within(counter("avgWaitTime")).getByText("-")).toBeTruthy();
    expect(within(counter("avgRating")).getByText("-")).toBeTruthy();
    expect(within(counter("nps")).getByText("-")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Exportar planilha" }).hasAttribute("disabled")).toBe(true);
  });

  it("shows the server's error", async () => {
    configureApiClient({
      fetch: async () => Response.json({ error: "ERR_NO_PERMISSION", message: "no" }, { status: 400 }),
    });
    renderPage(buildUser({ profile: "admin" }));
    expect(await screen.findByRole("alert")).toBeTruthy();
  });
});

describe("dashboard data", () => {
  it("formats minutes", () => {
    expect(formatMinutes(null)).toBe("-");
    expect(formatMinutes(0)).toBe("0 min");
    expect(formatMinutes(59.4)).toBe("59 min");
    expect(formatMinutes(125)).toBe("2 h 05 min");
  });

  it("scales the average response to the slowest, or to 60 minutes without one", () => {
    expect(responseScale(12.5, 20)).toEqual({ value: 63, max: 20 });
    expect(responseScale(null, null)).toEqual({ value: 0, max: 60 });
    expect(responseScale(30, 0)).toEqual({ value: 50, max: 60 });
  });

  it("writes CSV cells quoted when needed and formulas as text", () => {
    const csv = attendantsCsv(
      {
        name: "N",
        status: "S",
        rating: "R",
        tickets: "T",
        finished: "F",
        avgWaitTime: "W",
        avgSupportTime: "A",
        resolution: "%",
      },
      [
        {
          id: 1,
          name: 'Ana "A"; Souza',
          online: false,
          rating: 4.25,
          countRating: 1,
          tickets: 3,
          finished: 1,
          open: 2,
          avgWaitTime: 1.5,
          avgSupportTime: null,
        },
        {
          id: 2,
          name: "=HYPERLINK(1)",
          online: true,
          rating: null,
          countRating: 0,
          tickets: 0,
          finished: 0,
          open: 0,
          avgWaitTime: null,
          avgSupportTime: null,
        },
      ],
      (online) => (online ? "on" : "off"),
    );
    expect(csv).toBe(
      '\uFEFFN;S;R;T;F;W;A;%\r\n"Ana ""A""; Souza";off;4.3;3;1;1.5;;33\r\n\'=HYPERLINK(1);on;;0;0;;;0\r\n',
    );
  });
});

describe("the tickets-by-day chart", () => {
  it("has a value axis with round ticks and a slot for every day: a day with none is an empty track, not missing", async () => {
    serve(buildDashboard());
    renderPage(buildUser({ profile: "admin" }));
    const chart = await screen.findByRole("img", { name: /Atendimentos por dia/ });
    // Peak 3: ticks 0, 1, 2, 3 on the value axis, each at its height.
    const ticks = [...chart.querySelectorAll<HTMLElement>("[data-axis='y'] [data-tick]")];
    expect(ticks.map((tick) => tick.textContent)).toEqual(["0", "1", "2", "3"]);
    expect(ticks.map((tick) => tick.style.bottom)).toEqual([
      "0%",
      `${(1 / 3) * 100}%`,
      `${(2 / 3) * 100}%`,
      "100%",
    ]);
    // Each day its slot and its day-of-month label under it.
    const slots = [...chart.querySelectorAll<HTMLElement>("[data-day]")];
    expect(slots.map((slot) => slot.dataset.day)).toEqual(["2026-03-01", "2026-03-02", "2026-03-03"]);
    expect(chart.querySelector("[data-axis='x']")?.textContent).toBe("010203");
    const height = (day: string, bar: string) =>
      chart.querySelector<HTMLElement>(`[data-day='${day}'] [data-bar='${bar}']`)?.style.height;
    expect(height("2026-03-02", "created")).toBe("0%");
    expect(height("2026-03-03", "created")).toBe("100%");
    expect(height("2026-03-03", "finished")).toBe("0%");
    expect(height("2026-03-01", "finished")).toBe(`${(1 / 3) * 100}%`);
    // The axes are named.
    expect(screen.getByText("Dia do mês")).toBeTruthy();
  });

  it("draws a 0 % resolution rate as an empty bar", async () => {
    serve(
      buildDashboard({
        counters: { ...buildDashboard().counters, supportFinished: 0 },
        ticketsByDay: [{ date: "2026-03-01", created: 0, finished: 0 }],
      }),
    );
    renderPage(buildUser({ profile: "admin" }));
    const rate = await screen.findByRole("progressbar", { name: "Taxa de resolução" });
    expect(rate.getAttribute("aria-valuenow")).toBe("0");
    // An empty range still gets its axis (0 to 1) and its day slot.
    const chart = screen.getByRole("img", { name: "Atendimentos por dia" });
    expect([...chart.querySelectorAll("[data-tick]")].map((tick) => tick.textContent)).toEqual(["0", "1"]);
    expect(chart.querySelectorAll("[data-day]")).toHaveLength(1);
  });

  it("rounds the axis top up to 1, 2 or 5 times a power of ten", () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(4)).toEqual([0, 1, 2, 3, 4]);
    expect(countTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(37)).toEqual([0, 10, 20, 30, 40]);
    expect(countTicks(120)).toEqual([0, 50, 100, 150]);
  });
});
