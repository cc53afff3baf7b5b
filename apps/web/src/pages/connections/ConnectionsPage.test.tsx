import type { ConnectionDto, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { RequirePermission } from "../../app/guards/RequirePermission";
import { canManageConnections } from "../../app/permissions";
import { buildConnection } from "../../test/connections";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { ConnectionsPage } from "./ConnectionsPage";

interface Call {
  method: string;
  url: string;
}

/** GET /whatsapp answers the list; any other call answers the first connection. */
function serve(connections: ConnectionDto[]) {
  const calls: Call[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      calls.push({ method: init.method ?? "GET", url });
      if (url === "/whatsapp") return Response.json(connections);
      if (url === "/queue") return Response.json([]);
      const shown = connections.find((connection) => url === `/whatsapp/${connection.id}`);
      if (shown && (init.method ?? "GET") === "GET") return Response.json(shown);
      // Disconnecting answers the connection as it is now.
      const session = connections.find((connection) => url === `/whatsappsession/${connection.id}`);
      if (session && init.method === "DELETE") return Response.json({ ...session, status: "DISCONNECTED" });
      // The automation tab's flows, prompts and integrations: none in these tests.
      if ((init.method ?? "GET") === "GET" && url.startsWith("/flowbuilder?"))
        return Response.json({ flows: [], count: 0, hasMore: false });
      if ((init.method ?? "GET") === "GET" && url.startsWith("/prompt?"))
        return Response.json({ prompts: [], count: 0, hasMore: false });
      if ((init.method ?? "GET") === "GET" && url.startsWith("/queueIntegration?"))
        return Response.json({ queueIntegrations: [], count: 0, hasMore: false });
      return unknownRequest(init.method, url);
    },
  });
  return calls;
}

/** The /connections route as AppRoutes declares it. */
function renderPage(user: UserDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RequirePermission allow={canManageConnections}>
        <ConnectionsPage />
      </RequirePermission>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/connections"] },
  );
}

const admin = buildUser({ profile: "admin" });

describe("ConnectionsPage access", () => {
  it("shows the access-denied view to a user without allowConnections", () => {
    const calls = serve([]);
    renderPage(buildUser({ profile: "user", allowConnections: "disabled" }));
    expect(screen.getByText("Oops! Acesso Negado!")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Conexões" })).toBeNull();
    expect(calls).toEqual([]);
  });

  it("treats a user with allowConnections enabled as an admin", async () => {
    serve([]);
    renderPage(buildUser({ profile: "user", allowConnections: "enabled" }));
    expect(screen.getByRole("heading", { name: "Conexões" })).toBeTruthy();
    expect(await screen.findByText("Nenhuma conexão")).toBeTruthy();
  });
});

describe("ConnectionsPage", () => {
  it("lists the connections with their status actions and the default flag", async () => {
    serve([
      buildConnection({ id: 1, name: "Loja", status: "qrcode", qrcode: "2@abc", isDefault: true }),
      buildConnection({ id: 2, name: "Suporte", status: "DISCONNECTED" }),
      buildConnection({ id: 3, name: "Vendas", status: "OPENING" }),
      buildConnection({ id: 4, name: "Cloud", channel: "whatsappapi", status: "CONNECTED" }),
    ]);
    renderPage(admin);
    const table = await screen.findByRole("table", { name: "Conexões" });
    await within(table).findByText("Loja");
    expect(within(table).getByRole("button", { name: "QR CODE: Loja" })).toBeTruthy();
    expect(within(table).getByRole("button", { name: "Tentar novamente: Suporte" })).toBeTruthy();
    expect(within(table).getByRole("button", { name: "Novo QR CODE: Suporte" })).toBeTruthy();
    expect(within(table).getByRole("button", { name: "Conectando: Vendas" }).hasAttribute("disabled")).toBe(
      true,
    );
    const cloudRow = within(table).getByText("Cloud").closest("tr");
    if (!cloudRow) throw new Error("no Cloud row");
    expect(
      within(cloudRow)
        .getAllByRole("button")
        .map((button) => button.getAttribute("aria-label")),
    ).toEqual(["Editar Cloud", "Excluir Cloud"]);
    expect(within(table).getAllByRole("img", { name: "Conexão padrão" })).toHaveLength(1);
    expect(within(table).getByRole("img", { name: "WhatsApp Cloud API" })).toBeTruthy();
  });

  it("writes each connection's status beside its icon, not as colour alone", async () => {
    serve([
      buildConnection({ id: 1, name: "Loja", status: "qrcode", qrcode: "2@abc" }),
      buildConnection({ id: 2, name: "Suporte", status: "DISCONNECTED" }),
      buildConnection({ id: 3, name: "Vendas", status: "OPENING" }),
      buildConnection({ id: 4, name: "Cloud", channel: "whatsappapi", status: "CONNECTED" }),
    ]);
    renderPage(admin);
    const table = await screen.findByRole("table", { name: "Conexões" });
    await within(table).findByText("Loja");
    const row = (name: string) => within(table).getByText(name).closest("tr") as HTMLElement;
    const statusText = (name: string) => row(name).querySelector("[data-status]")?.textContent;
    expect(statusText("Loja")).toBe("Aguardando leitura do QR Code");
    expect(statusText("Suporte")).toBe("Desconectado");
    expect(statusText("Vendas")).toBe("Conectando");
    expect(statusText("Cloud")).toBe("Conectado");
  });

  it("marks a connection without queues: its tickets reach only users who see tickets without a queue", async () => {
    serve([
      buildConnection({ id: 1, name: "Loja" }),
      buildConnection({ id: 2, name: "Suporte", queues: [{ id: 3, name: "Vendas", color: "#ff0000" }] }),
    ]);
    renderPage(admin);
    const table = await screen.findByRole("table", { name: "Conexões" });
    await within(table).findByText("Loja");
    const warning =
      "Sem filas, os atendimentos desta conexão chegam apenas aos usuários que veem atendimentos sem fila.";
    const row = (name: string) => within(table).getByText(name).closest("tr") as HTMLElement;
    expect(within(row("Loja")).getByRole("img", { name: warning })).toBeTruthy();
    expect(within(row("Suporte")).queryByRole("img", { name: warning })).toBeNull();
  });

  it("opens the QR code modal with the session's code", async () => {
    serve([buildConnection({ id: 1, name: "Loja", status: "qrcode", qrcode: "2@abc" })]);
    renderPage(admin);
    fireEvent.click(await screen.findByRole("button", { name: "QR CODE: Loja" }));
    const dialog = await screen.findByRole("dialog", { name: "QR Code de Loja" });
    expect(within(dialog).getByTestId("connection-qrcode")).toBeTruthy();
  });

  it("asks before disconnecting, then calls DELETE /whatsappsession/{id}", async () => {
    const calls = serve([buildConnection({ id: 7, name: "Loja", status: "CONNECTED" })]);
    renderPage(admin);
    fireEvent.click(await screen.findByRole("button", { name: "Desconectar: Loja" }));
    const dialog = await screen.findByRole("dialog", { name: "Desconectar Loja?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Desconectar" }));
    await waitFor(() => expect(calls).toContainEqual({ method: "DELETE", url: "/whatsappsession/7" }));
  });

  it("asks 'Deseja realmente excluir esse registro?' before deleting", async () => {
    const calls = serve([buildConnection({ id: 9, name: "Loja" })]);
    renderPage(admin);
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Loja" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir Loja?" });
    expect(within(dialog).getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
  });

  it("offers only the channels of the company's plan in the add menu", async () => {
    serve([]);
    const plan = {
      id: 1,
      name: "Basic",
      useWhatsapp: true,
      useFacebook: false,
      useInstagram: true,
      useCampaigns: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
      useKanban: true,
      useOpenAi: true,
      useIntegrations: true,
    };
    renderPage(buildUser({ profile: "admin", company: { id: 2, name: "Acme", dueDate: null, plan } }));
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    const items = await screen.findAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "WhatsApp (QR Code)",
      "WhatsApp Cloud API",
      "Instagram",
    ]);
  });
});
