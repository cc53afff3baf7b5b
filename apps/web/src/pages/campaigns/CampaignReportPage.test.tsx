import { act, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CampaignReportPage, REPORT_REFRESH_AFTER_FINISH_MS } from "./CampaignReportPage";
import { buildCampaign, renderCampaignPage, serveCampaigns } from "./test-fixtures";

const page = (
  <Routes>
    <Route path="/campaign/:campaignId/report" element={<CampaignReportPage />} />
  </Routes>
);

const cardValue = (label: string) =>
  screen.getByRole("group", { name: label }).querySelector("p:last-child")?.textContent;
const gets = (requests: string[]) => requests.filter((r) => r === "GET /campaigns/1").length;

/** Moves the fake clock by `ms` and lets the answers it started arrive (bodies are read on real ticks). */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let tick = 0; tick < 20; tick += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("CampaignReportPage", () => {
  it("shows the status, delivered of valid, the progress and the cards", async () => {
    serveCampaigns([
      buildCampaign({
        id: 1,
        name: "Black Friday",
        status: "EM_ANDAMENTO",
        editable: false,
        scheduledAt: "2026-11-26T12:00:00.000Z",
        report: { contacts: 10, valid: 8, delivered: 2, failed: 1, confirmationRequested: 3, confirmed: 1 },
      }),
    ]);
    renderCampaignPage(page, "/campaign/1/report");
    expect(await screen.findByText("2 de 8 entregues")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Relatório da campanha Black Friday" })).toBeTruthy();
    expect(screen.getByText("Em Andamento")).toBeTruthy();
    expect(
      screen.getByRole("progressbar", { name: "Progresso do envio" }).getAttribute("aria-valuenow"),
    ).toBe("25");
    expect(cardValue("Contatos")).toBe("10");
    expect(cardValue("Válidos")).toBe("8");
    expect(cardValue("Entregues")).toBe("2");
    expect(cardValue("Falhas")).toBe("1");
    expect(cardValue("Confirmações solicitadas")).toBe("3");
    expect(cardValue("Confirmados")).toBe("1");
    expect(cardValue("Conexão")).toBe("Vendas");
    expect(cardValue("Lista de contatos")).toBe("Clientes VIP");
    expect(cardValue("Concluída em")).toBe("Não concluída");
    expect(cardValue("Agendada para")).not.toBe("Não agendada");
  });

  it("follows live updates and reloads the campaign 5 s after one shows it finished", async () => {
    const running = buildCampaign({ id: 1, status: "EM_ANDAMENTO", editable: false });
    const campaigns = [running];
    const fake = serveCampaigns(campaigns);
    const { socket } = renderCampaignPage(page, "/campaign/1/report");
    expect(await screen.findByText("2 de 8 entregues")).toBeTruthy();
    expect(gets(fake.requests)).toBe(1);

    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    // Another campaign's event changes nothing here.
    act(() =>
      socket.push("company-2-campaign", {
        action: "update",
        record: buildCampaign({ id: 2, status: "FINALIZADA", editable: false }),
      }),
    );
    const finished = {
      ...running,
      status: "FINALIZADA" as const,
      completedAt: "2026-11-26T13:00:00.000Z",
      report: { ...running.report, delivered: 6 },
    };
    act(() => socket.push("company-2-campaign", { action: "update", record: finished }));
    await pass(0);
    expect(screen.getByText("6 de 8 entregues")).toBeTruthy();
    expect(screen.getByText("Finalizada")).toBeTruthy();

    // The server's last deliveries land after the final event: the reload shows them.
    campaigns[0] = { ...finished, report: { ...finished.report, delivered: 7 } };
    await pass(REPORT_REFRESH_AFTER_FINISH_MS - 1);
    expect(gets(fake.requests)).toBe(1);
    await pass(1);
    expect(gets(fake.requests)).toBe(2);
    await pass(10);
    expect(screen.getByText("7 de 8 entregues")).toBeTruthy();
  });

  it("does not reload for an update that is not finished", async () => {
    const running = buildCampaign({ id: 1, status: "EM_ANDAMENTO", editable: false });
    const fake = serveCampaigns([running]);
    const { socket } = renderCampaignPage(page, "/campaign/1/report");
    await screen.findByText("2 de 8 entregues");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    act(() =>
      socket.push("company-2-campaign", {
        action: "update",
        record: { ...running, report: { ...running.report, delivered: 3 } },
      }),
    );
    await pass(0);
    expect(screen.getByText("3 de 8 entregues")).toBeTruthy();
    await pass(REPORT_REFRESH_AFTER_FINISH_MS * 2);
    expect(gets(fake.requests)).toBe(1);
  });

  it("says so when the campaign does not exist or is deleted", async () => {
    serveCampaigns([], (method, path) =>
      method === "GET" && path === "/campaigns/9"
        ? Response.json({ error: "ERR_NOT_FOUND", message: "not found" }, { status: 404 })
        : undefined,
    );
    renderCampaignPage(page, "/campaign/9/report");
    expect(await screen.findByText("Campanha não encontrada.")).toBeTruthy();
  });

  it("shows a deleted campaign as not found", async () => {
    serveCampaigns([buildCampaign({ id: 1 })]);
    const { socket } = renderCampaignPage(page, "/campaign/1/report");
    await screen.findByText("2 de 8 entregues");
    act(() => socket.push("company-2-campaign", { action: "delete", id: 1 }));
    await waitFor(() => expect(screen.getByText("Campanha não encontrada.")).toBeTruthy());
    expect(screen.queryByText("2 de 8 entregues")).toBeNull();
  });

  it("shows the loading state first", async () => {
    serveCampaigns([buildCampaign({ id: 1 })]);
    renderCampaignPage(page, "/campaign/1/report");
    expect(screen.getByRole("status")).toBeTruthy();
    await screen.findByText("2 de 8 entregues");
  });
});
