import type { ConnectionDto, PlatformConnectionDto, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { buildConnection } from "../../test/connections";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { AllConnectionsRoute } from "./AllConnectionsPage";

const platform = (overrides: Partial<PlatformConnectionDto>): PlatformConnectionDto => ({
  ...buildConnection(),
  companyId: 2,
  companyName: "Acme",
  ...overrides,
});

const ALL: PlatformConnectionDto[] = [
  platform({ id: 1, name: "Vendas", status: "CONNECTED", companyId: 2, companyName: "Acme" }),
  platform({ id: 2, name: "Suporte", status: "qrcode", companyId: 2, companyName: "Acme" }),
  platform({ id: 3, name: "Loja", status: "DISCONNECTED", companyId: 7, companyName: "Padaria" }),
  platform({ id: 4, name: "Cloud", status: "CONNECTED", companyId: 7, companyName: "Padaria" }),
  platform({ id: 5, name: "Outra", status: "OPENING", companyId: 7, companyName: "Padaria" }),
];

/** GET /whatsapp/all answers ALL; GET /whatsapp?companyId= that company's connections. */
function serve(companies: Record<number, ConnectionDto[]> = {}) {
  const calls: string[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      calls.push(url);
      if (url === "/whatsapp/all?session=0") return Response.json(ALL);
      const company = /^\/whatsapp\?companyId=(\d+)&session=0$/.exec(url)?.[1];
      if (company && companies[Number(company)]) return Response.json(companies[Number(company)]);
      return unknownRequest(init.method, url);
    },
  });
  return calls;
}

function renderRoute(user: UserDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path="/allConnections" element={<AllConnectionsRoute />} />
        <Route path="/tickets" element={<p>tickets page</p>} />
      </Routes>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/allConnections"] },
  );
}

const cells = (row: HTMLElement) =>
  [...row.querySelectorAll("td, th")].map((cell) => cell.textContent?.trim() ?? "");

describe("/allConnections", () => {
  it("shows each company's connected, disconnected and total counts, and the totals row", async () => {
    serve();
    renderRoute(buildUser({ profile: "admin", super: true }));
    const table = await screen.findByRole("table", { name: "Todas as conexões" });
    const acme = (await within(table).findByText("Acme")).closest("tr") as HTMLElement;
    expect(cells(acme).slice(0, 4)).toEqual(["Acme", "1", "1", "2"]);
    const padaria = within(table).getByText("Padaria").closest("tr") as HTMLElement;
    expect(cells(padaria).slice(0, 4)).toEqual(["Padaria", "1", "2", "3"]);
    const totals = within(table).getByText("Total geral").closest("tr") as HTMLElement;
    expect(cells(totals).slice(0, 4)).toEqual(["Total geral", "2", "3", "5"]);
  });

  it("on a phone shows a card per company and the totals as the last card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve();
      renderRoute(buildUser({ profile: "admin", super: true }));
      const list = await screen.findByRole("list", { name: "Todas as conexões" });
      expect(screen.queryByRole("table", { name: "Todas as conexões" })).toBeNull();
      const cards = await within(list).findAllByRole("listitem");
      expect(cards.map((card) => card.querySelector("div")?.textContent)).toEqual([
        "Acme",
        "Padaria",
        "Total geral",
      ]);
      const totals = cards[2] as HTMLElement;
      expect([...totals.querySelectorAll("dd")].map((value) => value.textContent)).toEqual(["2", "3", "5"]);
      expect(within(totals).queryByRole("button")).toBeNull();
      expect(
        within(cards[1] as HTMLElement).getByRole("button", { name: "Abrir as conexões de Padaria" }),
      ).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("opens a company's connections from its row", async () => {
    const calls = serve({ 7: [buildConnection({ id: 3, name: "Loja", status: "DISCONNECTED" })] });
    renderRoute(buildUser({ profile: "admin", super: true }));
    fireEvent.click(await screen.findByRole("button", { name: "Abrir as conexões de Padaria" }));
    const dialog = await screen.findByRole("dialog", { name: "Conexões de Padaria" });
    expect(await within(dialog).findByText("Loja")).toBeTruthy();
    expect(calls).toContain("/whatsapp?companyId=7&session=0");
  });

  it("sends an admin who is not super to /tickets, without asking the server", () => {
    const calls = serve();
    renderRoute(buildUser({ profile: "admin", super: false }));
    expect(screen.getByText("tickets page")).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("shows the no-access view to a user of profile user", () => {
    const calls = serve();
    renderRoute(buildUser({ profile: "user" }));
    expect(screen.getByText("Oops! Acesso Negado!")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});
