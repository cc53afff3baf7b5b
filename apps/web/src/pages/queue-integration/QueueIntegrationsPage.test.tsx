import { QUEUE_INTEGRATION_ADMIN_ONLY, type QueueIntegrationDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { QueueIntegrationsPage } from "./QueueIntegrationsPage";

const NOW = "2026-11-26T12:00:00.000Z";
const admin = buildUser({ id: 7, profile: "admin" });

function integration(overrides: Partial<QueueIntegrationDto> = {}): QueueIntegrationDto {
  return {
    id: 1,
    name: "Robô",
    type: "dialogflow",
    projectName: "meu-projeto",
    jsonContentSet: true,
    language: "pt-BR",
    urlN8N: "",
    typebotSlug: "",
    typebotExpires: 0,
    typebotKeywordFinish: "",
    typebotKeywordRestart: "",
    typebotRestartMessage: "",
    typebotUnknownMessage: "",
    typebotDelayMessage: 1000,
    geminiApiKeySet: false,
    geminiApiKeyHint: null,
    geminiPrompt: "",
    geminiMaxTokens: 1024,
    geminiTemperature: 0.7,
    geminiMaxMessages: 20,
    geminiTestPhone: "",
    webhookSecretSet: false,
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

/** A fake /queueIntegration (and /flowbuilder) API over `state`; every request is recorded. */
function serve(state: { list: QueueIntegrationDto[]; refuseWrites?: boolean; brokenShow?: boolean }) {
  const seen: Seen[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      seen.push({ method, url, body });
      const [path, query = ""] = url.split("?");
      if (state.refuseWrites && method !== "GET")
        return Response.json(
          { error: "ERR_NO_PERMISSION", message: QUEUE_INTEGRATION_ADMIN_ONLY },
          { status: 403 },
        );
      if (method === "GET" && path === "/queueIntegration") {
        const search = (new URLSearchParams(query).get("searchParam") ?? "").toLowerCase();
        const found = state.list.filter((i) => i.name.toLowerCase().includes(search));
        return Response.json({ queueIntegrations: found, count: found.length, hasMore: false });
      }
      if (method === "GET" && path === "/flowbuilder") {
        const flow = {
          id: 5,
          name: "Boas-vindas",
          active: true,
          companyId: 2,
          createdAt: NOW,
          updatedAt: NOW,
        };
        return Response.json({ flows: [flow], count: 1, hasMore: false });
      }
      const match = path?.match(/^\/queueIntegration\/(\d+)$/);
      if (method === "GET" && match) {
        const found = state.list.find((i) => i.id === Number(match[1]));
        if (!found || state.brokenShow) return Response.json({ error: "ERR_NOT_FOUND" }, { status: 404 });
        return Response.json(found);
      }
      if (method === "POST" && path === "/queueIntegration") {
        const created = integration({ ...(body as object), id: 50, webhookSecret: "s".repeat(48) });
        state.list = [...state.list, created];
        return Response.json(created, { status: 201 });
      }
      if (method === "PUT" && match) {
        const updated = { ...state.list.find((i) => i.id === Number(match[1]))!, ...(body as object) };
        state.list = state.list.map((i) => (i.id === updated.id ? updated : i));
        return Response.json(updated);
      }
      return unknownRequest(method, url);
    },
  });
  return seen;
}

function renderPage(user = admin) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider
        value={{ socket: new FakeSocket() as unknown as Socket, companyId: user.companyId }}
      >
        <QueueIntegrationsPage />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }) },
  );
}

let unsubscribe = () => {};
afterEach(() => unsubscribe());
const recordToasts = () => {
  const toasts: ToastMessage[] = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  return toasts;
};

const choose = async (dialog: HTMLElement, label: RegExp, option: string) => {
  fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
};

describe("QueueIntegrationsPage", () => {
  it("a plain user gets the no-permission view and asks nothing", async () => {
    const seen = serve({ list: [] });
    renderPage(buildUser({ profile: "user" }));
    expect(await screen.findByRole("heading", { name: "Oops! Acesso Negado!" })).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("lists logo, id and name under a title with the count", async () => {
    serve({ list: [integration(), integration({ id: 2, name: "Vendas n8n", type: "n8n" })] });
    renderPage();
    expect(await screen.findByRole("heading", { name: "Integrações (2)" })).toBeTruthy();
    const row = screen.getByText("Vendas n8n").closest("tr")!;
    expect(within(row).getByRole("img", { name: "N8N" })).toBeTruthy();
    expect(within(row).getByText("2")).toBeTruthy();
  });

  it("on a phone shows one card per integration titled by its name, with logo, id and actions inside", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve({ list: [integration({ id: 2, name: "Vendas n8n", type: "n8n" })] });
      renderPage();
      const card = (await screen.findByText("Vendas n8n")).closest("li")!;
      expect(screen.queryByRole("table")).toBeNull();
      expect([...card.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Logo", "ID"]);
      expect(within(card).getByRole("img", { name: "N8N" })).toBeTruthy();
      expect(within(card).getByRole("button", { name: /Excluir/ })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("adds a webhook: name and type checked, then the signing secret shown once", async () => {
    const toasts = recordToasts();
    const seen = serve({ list: [] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar integração" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome/ }), { target: { value: "A" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Muito curto!")).toBeTruthy();
    expect(within(dialog).getByText("Obrigatório")).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome/ }), {
      target: { value: "Meu ERP" },
    });
    await choose(dialog, /^Tipo/, "Webhook");
    fireEvent.change(within(dialog).getByRole("textbox", { name: "URL" }), {
      target: { value: "https://erp.example.com/hook" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    const secret = await screen.findByRole("dialog", { name: "Segredo de assinatura" });
    expect((within(secret).getByRole("textbox", { name: "Segredo" }) as HTMLInputElement).value).toBe(
      "s".repeat(48),
    );
    expect(seen.find((r) => r.method === "POST")?.body).toEqual({
      name: "Meu ERP",
      type: "webhook",
      urlN8N: "https://erp.example.com/hook",
    });
    expect(toasts.map((t) => t.message)).toEqual(["Integração salva com sucesso!"]);
  });

  it("a flowbuilder integration stores the chosen flow's id in projectName", async () => {
    const seen = serve({ list: [] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar integração" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome/ }), { target: { value: "Fluxo" } });
    await choose(dialog, /^Tipo/, "Fluxo de conversa");
    await choose(dialog, /^Fluxo/, "Boas-vindas");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(seen.some((r) => r.method === "POST")).toBe(true));
    expect(seen.find((r) => r.method === "POST")?.body).toEqual({
      name: "Fluxo",
      type: "flowbuilder",
      projectName: "5",
    });
    expect(screen.queryByRole("dialog", { name: "Segredo de assinatura" })).toBeNull();
  });

  it("edits a dialogflow integration: the key never prefilled, kept when blank; a 403 shows the admin-only message", async () => {
    const toasts = recordToasts();
    const state = { list: [integration()], refuseWrites: false };
    const seen = serve(state);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Robô" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar integração" });
    const key = within(dialog).getByRole("textbox", { name: /^Conteúdo JSON/ }) as HTMLTextAreaElement;
    expect(key.value).toBe("");
    expect(key.placeholder).toMatch(/guardado/);
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Idioma" }), { target: { value: "en" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "PUT")?.body).toEqual({
      name: "Robô",
      type: "dialogflow",
      projectName: "meu-projeto",
      language: "en",
    });

    state.refuseWrites = true;
    fireEvent.click(screen.getByRole("button", { name: "Editar Robô" }));
    const again = await screen.findByRole("dialog", { name: "Editar integração" });
    fireEvent.click(within(again).getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(toasts.at(-1)?.message).toBe(
        "Você não tem permissão para editar integrações. Apenas administradores podem realizar esta ação.",
      ),
    );
  });

  it("a failed load of the integration closes the dialog with the spec's message", async () => {
    const toasts = recordToasts();
    serve({ list: [integration()], brokenShow: true });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Robô" }));
    await waitFor(() =>
      expect(toasts.map((t) => t.message)).toEqual(["Erro ao carregar os dados da integração."]),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a gemini integration opens its own dialog with the spec's messages", async () => {
    const toasts = recordToasts();
    const seen = serve({ list: [integration({ id: 3, name: "IA", type: "gemini" })] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar IA" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar integração Gemini" });
    const name = within(dialog).getByRole("textbox", { name: /^Nome/ });
    fireEvent.change(name, { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Nome é obrigatório")).toBeTruthy();
    expect(within(dialog).getByText("Chave da API é obrigatória")).toBeTruthy();
    fireEvent.change(name, { target: { value: "I" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Nome muito curto")).toBeTruthy();
    expect(seen.some((r) => r.method === "PUT")).toBe(false);
    fireEvent.change(name, { target: { value: "IA Vendas" } });
    fireEvent.change(within(dialog).getByLabelText(/^Chave da API Gemini/), {
      target: { value: "AIza-segredo" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "PUT")?.body).toMatchObject({
      name: "IA Vendas",
      type: "gemini",
      geminiApiKey: "AIza-segredo",
      geminiMaxTokens: 1024,
      geminiTemperature: 0.7,
    });
    expect(toasts.map((t) => t.message)).toEqual(["Integração Gemini atualizada com sucesso!"]);
  });
});
