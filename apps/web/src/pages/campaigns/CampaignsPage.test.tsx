import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { stubMediaQuery } from "../../test/media-query";
import { CampaignsPage } from "./CampaignsPage";
import { buildCampaign, renderCampaignPage, serveCampaigns } from "./test-fixtures";

const page = (
  <Routes>
    <Route path="/campaigns" element={<CampaignsPage />} />
  </Routes>
);
const rowOf = async (name: string) => (await screen.findByText(name)).closest("tr") as HTMLElement;

describe("CampaignsPage", () => {
  it("shows each campaign's status, audience and connection, and the actions its status allows", async () => {
    serveCampaigns([
      buildCampaign({ id: 1, name: "Rodando", status: "EM_ANDAMENTO", editable: false }),
      buildCampaign({
        id: 2,
        name: "Parada",
        status: "CANCELADA",
        editable: false,
        tagListId: 5,
        contactListId: null,
        contactList: null,
        tagList: { id: 5, name: "Leads" },
      }),
      buildCampaign({ id: 3, name: "Rascunho", status: "INATIVA", confirmation: true }),
    ]);
    renderCampaignPage(page, "/campaigns");
    const running = await rowOf("Rodando");
    expect(within(running).getByText("Em Andamento")).toBeTruthy();
    expect(within(running).getByText("Clientes VIP")).toBeTruthy();
    expect(within(running).getByText("Vendas")).toBeTruthy();
    expect(within(running).getByRole("button", { name: "Parar Rodando" })).toBeTruthy();
    expect(within(running).queryByRole("button", { name: "Reiniciar Rodando" })).toBeNull();
    expect(within(running).getByRole("button", { name: "Ver Rodando" })).toBeTruthy();
    expect(within(running).getByRole("link", { name: "Relatório de Rodando" }).getAttribute("href")).toBe(
      "/campaign/1/report",
    );

    const stopped = await rowOf("Parada");
    expect(within(stopped).getByText("Cancelada")).toBeTruthy();
    expect(within(stopped).getByText("Tag: Leads")).toBeTruthy();
    expect(within(stopped).getByRole("button", { name: "Reiniciar Parada" })).toBeTruthy();
    expect(within(stopped).queryByRole("button", { name: "Parar Parada" })).toBeNull();

    const draft = await rowOf("Rascunho");
    expect(within(draft).getByText("Inativa")).toBeTruthy();
    expect(within(draft).getByText("Habilitada")).toBeTruthy();
    expect(within(draft).getByText("Não agendada")).toBeTruthy();
    expect(within(draft).getByRole("button", { name: "Editar Rascunho" })).toBeTruthy();
    expect(within(draft).queryByRole("button", { name: "Parar Rascunho" })).toBeNull();
  });

  it("on a phone shows one card per campaign with the labelled fields and the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serveCampaigns([
        buildCampaign({ id: 1, name: "Rodando", status: "EM_ANDAMENTO", editable: false }),
        buildCampaign({ id: 3, name: "Rascunho", status: "INATIVA" }),
      ]);
      renderCampaignPage(page, "/campaigns");
      const list = await screen.findByRole("list", { name: "Campanhas" });
      expect(screen.queryByRole("table")).toBeNull();
      const cards = await within(list).findAllByRole("listitem");
      expect(cards).toHaveLength(2);
      const running = cards[0] as HTMLElement;
      expect(running.firstElementChild?.textContent).toBe("Rodando");
      expect([...running.querySelectorAll("dt")].map((term) => term.textContent)).toEqual([
        "Status",
        "Lista de contatos",
        "Conexão",
        "Agendamento",
        "Conclusão",
        "Confirmação",
      ]);
      expect(within(running).getByText("Em Andamento")).toBeTruthy();
      expect(within(running).getByRole("button", { name: "Parar Rodando" })).toBeTruthy();
      fireEvent.click(within(cards[1] as HTMLElement).getByRole("button", { name: "Excluir Rascunho" }));
      expect(await screen.findByRole("dialog", { name: "Excluir Rascunho?" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("stops a running campaign and shows it cancelled", async () => {
    const fake = serveCampaigns([
      buildCampaign({ id: 1, name: "Rodando", status: "EM_ANDAMENTO", editable: false }),
    ]);
    renderCampaignPage(page, "/campaigns");
    fireEvent.click(within(await rowOf("Rodando")).getByRole("button", { name: "Parar Rodando" }));
    await waitFor(() => expect(fake.requests).toContain("POST /campaigns/1/cancel"));
    expect(await within(await rowOf("Rodando")).findByText("Cancelada")).toBeTruthy();
  });

  it("asks before deleting a campaign", async () => {
    const fake = serveCampaigns([buildCampaign({ id: 1, name: "Rascunho" })]);
    renderCampaignPage(page, "/campaigns");
    fireEvent.click(within(await rowOf("Rascunho")).getByRole("button", { name: "Excluir Rascunho" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir Rascunho?" });
    expect(fake.requests.some((r) => r.startsWith("DELETE"))).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: /Excluir|Confirmar/ }));
    await waitFor(() => expect(fake.requests).toContain("DELETE /campaigns/1"));
    await waitFor(() => expect(screen.queryByText("Rascunho")).toBeNull());
  });

  it("follows live events: a changed campaign's row, a deleted one leaves", async () => {
    serveCampaigns([buildCampaign({ id: 1, name: "Rascunho" }), buildCampaign({ id: 2, name: "Outra" })]);
    const { socket } = renderCampaignPage(page, "/campaigns");
    await rowOf("Rascunho");
    socket.push("company-2-campaign", {
      action: "update",
      record: buildCampaign({ id: 1, name: "Rascunho", status: "EM_ANDAMENTO", editable: false }),
    });
    expect(await within(await rowOf("Rascunho")).findByText("Em Andamento")).toBeTruthy();
    socket.push("company-2-campaign", { action: "delete", id: 2 });
    await waitFor(() => expect(screen.queryByText("Outra")).toBeNull());
  });

  it("says so when there is no campaign", async () => {
    serveCampaigns([]);
    renderCampaignPage(page, "/campaigns");
    expect(await screen.findByText("Nenhuma campanha encontrada.")).toBeTruthy();
  });
});
