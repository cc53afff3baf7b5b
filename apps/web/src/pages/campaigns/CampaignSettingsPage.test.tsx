import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { RequirePermission } from "../../app/guards/RequirePermission";
import { isAdmin } from "../../app/permissions";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { buildUser } from "../../test/render";
import { CampaignSettingsPage } from "./CampaignSettingsPage";
import { renderCampaignPage, serveCampaigns } from "./test-fixtures";

/** The route as AppRoutes declares it. */
const page = (
  <Routes>
    <Route
      path="/campaigns-config"
      element={
        <RequirePermission allow={isAdmin}>
          <CampaignSettingsPage />
        </RequirePermission>
      }
    />
  </Routes>
);

const STORED = [
  { key: "messageInterval", value: "30" },
  { key: "longerIntervalAfter", value: "10" },
  { key: "greaterInterval", value: "90" },
  { key: "variables", value: JSON.stringify([{ key: "cupom", value: "BF10" }]) },
  { key: "sabado", value: "false" },
  { key: "domingo", value: "true" },
  { key: "startHour", value: '"08:30"' },
  { key: "endHour", value: '"17:00"' },
];

/** The settings API: GET answers STORED, POST answers what was sent, as the server stores it. */
function serveSettings() {
  return serveCampaigns([], (method, path, body) => {
    if (path !== "/campaign-settings") return undefined;
    if (method === "GET") return Response.json(STORED);
    const settings = (body as { settings: Record<string, unknown> }).settings;
    return Response.json(
      Object.entries(settings).map(([key, value]) => ({ key, value: JSON.stringify(value) })),
    );
  });
}

async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

let unsubscribe = () => {};
afterEach(() => unsubscribe());

describe("CampaignSettingsPage", () => {
  it("shows profile user the no-permission view and asks nothing", async () => {
    const fake = serveSettings();
    renderCampaignPage(page, "/campaigns-config", buildUser({ profile: "user" }));
    expect(screen.getByText("Oops! Acesso Negado!")).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fake.requests).toEqual([]);
  });

  it("shows the stored settings", async () => {
    serveSettings();
    renderCampaignPage(page, "/campaigns-config");
    expect(
      (await screen.findByRole("combobox", { name: "Intervalo randômico de disparo" })).textContent,
    ).toBe("30 segundos");
    expect(screen.getByRole("combobox", { name: "Intervalo maior após" }).textContent).toBe("10 mensagens");
    expect(screen.getByRole("combobox", { name: "Intervalo de disparo maior" }).textContent).toBe(
      "90 segundos",
    );
    expect((screen.getByLabelText("Início") as HTMLInputElement).value).toBe("08:30");
    expect((screen.getByLabelText("Fim") as HTMLInputElement).value).toBe("17:00");
    expect((screen.getByRole("switch", { name: "Enviar aos sábados" }) as HTMLInputElement).checked).toBe(
      false,
    );
    expect((screen.getByRole("switch", { name: "Enviar aos domingos" }) as HTMLInputElement).checked).toBe(
      true,
    );
    expect((screen.getByRole("textbox", { name: /Atalho/ }) as HTMLInputElement).value).toBe("cupom");
    expect((screen.getByRole("textbox", { name: "Conteúdo" }) as HTMLInputElement).value).toBe("BF10");
  });

  // Spec 3 section 9 says "0, or 20 to 180 in steps of 10 (17 options)"; the shared list keeps the 17
  // options, 0 and 20 to 170, the values the server accepts.
  it("offers exactly the shared option list", async () => {
    serveSettings();
    renderCampaignPage(page, "/campaigns-config");
    fireEvent.mouseDown(await screen.findByRole("combobox", { name: "Intervalo de disparo maior" }));
    const options = within(await screen.findByRole("listbox")).getAllByRole("option");
    expect(options).toHaveLength(17);
    expect(options[0]?.textContent).toBe("Sem intervalo");
    expect(options[1]?.textContent).toBe("20 segundos");
    expect(options[16]?.textContent).toBe("170 segundos");
  });

  it("saves the chosen options, window and variables, and says so", async () => {
    const toasts: ToastMessage[] = [];
    unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
    const fake = serveSettings();
    renderCampaignPage(page, "/campaigns-config");
    await choose("Intervalo randômico de disparo", "100 segundos");
    await choose("Intervalo maior após", "Não definido");
    await choose("Intervalo de disparo maior", "170 segundos");
    fireEvent.change(screen.getByLabelText("Início"), { target: { value: "07:00" } });
    fireEvent.click(screen.getByRole("switch", { name: "Enviar aos sábados" }));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar variável" }));
    const keys = screen.getAllByRole("textbox", { name: /Atalho/ });
    const values = screen.getAllByRole("textbox", { name: "Conteúdo" });
    fireEvent.change(keys[1] as HTMLElement, { target: { value: "loja" } });
    fireEvent.change(values[1] as HTMLElement, { target: { value: "Centro" } });
    fireEvent.click(screen.getByRole("button", { name: "Remover cupom" }));
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(fake.requests).toContain("POST /campaign-settings"));
    expect(fake.bodies.get("POST /campaign-settings")).toEqual({
      settings: {
        messageInterval: 100,
        longerIntervalAfter: 0,
        greaterInterval: 170,
        variables: [{ key: "loja", value: "Centro" }],
        sabado: true,
        domingo: true,
        startHour: "07:00",
        endHour: "17:00",
      },
    });
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({ severity: "success", message: "Configurações salvas" }),
      ),
    );
  });

  it("does not save a variable with a blank or spaced key", async () => {
    const fake = serveSettings();
    renderCampaignPage(page, "/campaigns-config");
    const key = await screen.findByRole("textbox", { name: /Atalho/ });
    fireEvent.change(key, { target: { value: "meu cupom" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Sem espaços nem chaves")).toBeTruthy();
    expect(fake.requests).not.toContain("POST /campaign-settings");
  });
});
