import type { FlowCampaignDto, FlowDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { RealtimeContext } from "../../realtime/realtime-context";
import { buildConnection } from "../../test/connections";
import { FakeSocket } from "../../test/fake-socket";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { PhraseListsPage } from "./PhraseListsPage";

const NOW = "2026-11-26T12:00:00.000Z";
const admin = buildUser({ id: 7, profile: "admin" });
const plainUser = buildUser({ id: 8, profile: "user" });

const flow = (id: number, name: string): FlowDto => ({
  id,
  name,
  active: true,
  companyId: admin.companyId,
  createdAt: NOW,
  updatedAt: NOW,
});

function campaign(overrides: Partial<FlowCampaignDto> = {}): FlowCampaignDto {
  return {
    id: 1,
    name: "Promoção",
    flowId: 3,
    whatsappId: 4,
    phrase: "quero desconto",
    status: true,
    companyId: admin.companyId,
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

/** A fake /flowcampaign, /flowbuilder and /whatsapp API over `state`; every request is recorded. */
function serve(state: { campaigns: FlowCampaignDto[] }) {
  const seen: Seen[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      seen.push({ method, url, body });
      const [path] = url.split("?");
      if (method === "GET" && path === "/flowcampaign") return Response.json({ flow: state.campaigns });
      if (method === "GET" && path === "/flowbuilder")
        return Response.json({
          flows: [flow(3, "Boas-vindas"), flow(5, "Cobrança")],
          count: 2,
          hasMore: false,
        });
      if (method === "GET" && path === "/whatsapp")
        return Response.json([
          buildConnection({ id: 4, name: "Comercial", status: "CONNECTED" }),
          buildConnection({ id: 6, name: "Suporte", status: "DISCONNECTED" }),
        ]);
      if (method === "POST" && path === "/flowcampaign") {
        const created = campaign({ ...(body as object), id: 50 });
        state.campaigns = [...state.campaigns, created];
        return Response.json(created, { status: 201 });
      }
      if (method === "PUT" && path === "/flowcampaign") {
        const input = body as FlowCampaignDto;
        state.campaigns = state.campaigns.map((c) => (c.id === input.id ? { ...c, ...input } : c));
        return Response.json(state.campaigns.find((c) => c.id === input.id));
      }
      if (method === "DELETE" && path === "/flowcampaign/1") {
        state.campaigns = state.campaigns.filter((c) => c.id !== 1);
        return Response.json({ message: "Phrase campaign deleted" });
      }
      return unknownRequest(method, url);
    },
  });
  return seen;
}

function renderPage(user = admin, socket = new FakeSocket()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <PhraseListsPage />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }) },
  );
  return socket;
}

let unsubscribe = () => {};
afterEach(() => unsubscribe());

const chooseOption = async (dialog: HTMLElement, label: RegExp, option: RegExp) => {
  fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
};

describe("PhraseListsPage", () => {
  it("lists name, flow, connection with its status, phrase and Ativo/Desativado", async () => {
    serve({ campaigns: [campaign(), campaign({ id: 2, name: "Noturno", whatsappId: null, status: false })] });
    renderPage();
    const table = await screen.findByRole("table", { name: "Campanhas de frase" });
    const first = (await within(table).findByText("Promoção")).closest("tr")!;
    expect(await within(first).findByText("Boas-vindas")).toBeTruthy();
    expect(await within(first).findByText("Comercial")).toBeTruthy();
    expect(within(first).getByText("Conectado")).toBeTruthy();
    expect(within(first).getByText("quero desconto")).toBeTruthy();
    expect(within(first).getByText("Ativo")).toBeTruthy();
    const second = within(table).getByText("Noturno").closest("tr")!;
    expect(within(second).getByText("Sem conexão")).toBeTruthy();
    expect(within(second).getByText("Desativado")).toBeTruthy();
  });

  it("on a phone shows one card per campaign with its fields and the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve({ campaigns: [campaign()] });
      renderPage();
      const list = await screen.findByRole("list", { name: "Campanhas de frase" });
      expect(screen.queryByRole("table")).toBeNull();
      const card = (await within(list).findByText("Promoção")).closest("li")!;
      expect(await within(card).findByText("Boas-vindas")).toBeTruthy();
      expect(within(card).getByText("quero desconto")).toBeTruthy();
      expect(within(card).getByText("Ativo")).toBeTruthy();
      expect(within(card).getByRole("button", { name: /Editar/ })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("creates with the spec's rules: name, flow and phrase required; a missing connection is flagged, not blocking", async () => {
    const toasts: ToastMessage[] = [];
    unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
    const seen = serve({ campaigns: [] });
    renderPage();
    expect(await screen.findByText("Nenhuma campanha de frase encontrada.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Nova Campanha" }));
    const dialog = await screen.findByRole("dialog", { name: "Nova campanha de frase" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(3);
    expect(within(dialog).getByText(/Nenhuma conexão escolhida/)).toBeTruthy();
    expect(seen.some((r) => r.method === "POST")).toBe(false);

    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome do disparo/ }), {
      target: { value: " Boas festas " },
    });
    await chooseOption(dialog, /^Fluxo/, /^Cobrança$/);
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Frase de disparo/ }), {
      target: { value: "feliz natal" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "POST")?.body).toEqual({
      name: "Boas festas",
      flowId: 5,
      whatsappId: null,
      phrase: "feliz natal",
      status: true,
    });
    expect(await screen.findByText("Boas festas")).toBeTruthy();
    expect(toasts.map((t) => [t.severity, t.message])).toEqual([["success", "Frase criada com sucesso!"]]);
  });

  it("edits a campaign: connection shown with its status, status switched off", async () => {
    const toasts: ToastMessage[] = [];
    unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
    const seen = serve({ campaigns: [campaign()] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Promoção" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar campanha de frase" });
    await chooseOption(dialog, /^Conexão/, /^Suporte \(Desconectado\)$/);
    fireEvent.click(within(dialog).getByRole("switch", { name: "Ativo" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "PUT")?.body).toEqual({
      id: 1,
      name: "Promoção",
      flowId: 3,
      whatsappId: 6,
      phrase: "quero desconto",
      status: false,
    });
    expect(toasts.map((t) => t.message)).toEqual(["Frase alterada com sucesso!"]);
  });

  it("deletes after confirmation; a plain user gets no delete button (contacts-page:deleteContact)", async () => {
    const toasts: ToastMessage[] = [];
    unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
    const seen = serve({ campaigns: [campaign()] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Promoção" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir Promoção?" });
    expect(seen.some((r) => r.method === "DELETE")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Nenhuma campanha de frase encontrada.")).toBeTruthy();
    expect(toasts.map((t) => t.message)).toEqual(["Frase deletada"]);
  });

  it("a plain user edits but cannot delete; company-{id}-flowcampaign reloads the list", async () => {
    const state = { campaigns: [campaign()] };
    serve(state);
    const socket = renderPage(plainUser);
    expect(await screen.findByRole("button", { name: "Editar Promoção" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Excluir Promoção" })).toBeNull();
    state.campaigns = [...state.campaigns, campaign({ id: 9, name: "Noturno" })];
    act(() =>
      socket.push(`company-${plainUser.companyId}-flowcampaign`, {
        action: "create",
        flowCampaign: state.campaigns[1],
      }),
    );
    expect(await screen.findByText("Noturno")).toBeTruthy();
  });
});
