import type { PromptDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { buildQueue, listed } from "../queues/test-fixtures";
import { PromptsPage } from "./PromptsPage";

const NOW = "2026-11-26T12:00:00.000Z";
const admin = buildUser({ id: 7, profile: "admin" });

function prompt(overrides: Partial<PromptDto> = {}): PromptDto {
  return {
    id: 1,
    name: "Atendente virtual",
    apiKeySet: true,
    prompt: "Você é um atendente educado.",
    voice: "texto",
    voiceKeySet: false,
    voiceRegion: "",
    temperature: 1,
    maxTokens: 100,
    maxMessages: 10,
    queueId: 3,
    queue: { id: 3, name: "Vendas" },
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

/** A fake /prompt and /queue API over `state`; every request is recorded. */
function serve(state: { prompts: PromptDto[] }) {
  const seen: Seen[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      seen.push({ method, url, body });
      const [path] = url.split("?");
      if (method === "GET" && path === "/prompt")
        return Response.json({ prompts: state.prompts, count: state.prompts.length, hasMore: false });
      if (method === "GET" && path === "/queue")
        return Response.json(
          [buildQueue({ id: 3, name: "Vendas" }), buildQueue({ id: 4, name: "Suporte" })].map(listed),
        );
      if (method === "POST" && path === "/prompt") {
        const created = prompt({ ...(body as object), id: 50 });
        state.prompts = [...state.prompts, created];
        return Response.json(created, { status: 201 });
      }
      if (method === "PUT" && path === "/prompt/1") return Response.json(prompt(body as object));
      if (method === "DELETE" && path === "/prompt/1") {
        state.prompts = state.prompts.filter((p) => p.id !== 1);
        return Response.json({ message: "Prompt deleted" });
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
        <PromptsPage />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }) },
  );
  return socket;
}

let unsubscribe = () => {};
afterEach(() => unsubscribe());
const recordToasts = () => {
  const toasts: ToastMessage[] = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  return toasts;
};

describe("PromptsPage", () => {
  it("a plain user gets the no-access view and asks nothing", async () => {
    const seen = serve({ prompts: [] });
    renderPage(buildUser({ profile: "user" }));
    expect(await screen.findByRole("heading", { name: "Oops! Acesso Negado!" })).toBeTruthy();
    expect(seen).toEqual([]);
  });

  it("lists name, queue and max tokens under a title with the count; live by company-{id}-prompt", async () => {
    const state = { prompts: [prompt()] };
    serve(state);
    const socket = renderPage();
    expect(await screen.findByRole("heading", { name: "Prompts (1)" })).toBeTruthy();
    const row = screen.getByText("Atendente virtual").closest("tr")!;
    expect(within(row).getByText("Vendas")).toBeTruthy();
    expect(within(row).getByText("100")).toBeTruthy();
    state.prompts = [...state.prompts, prompt({ id: 2, name: "Agendador", queue: null, queueId: null })];
    act(() =>
      socket.push(`company-${admin.companyId}-prompt`, { action: "create", prompt: state.prompts[1] }),
    );
    expect(await screen.findByRole("heading", { name: "Prompts (2)" })).toBeTruthy();
    expect(screen.getByText("Sem fila")).toBeTruthy();
  });

  it("on a phone shows one card per prompt with its queue and tokens, and the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve({ prompts: [prompt()] });
      renderPage();
      const card = (await screen.findByText("Atendente virtual")).closest("li")!;
      expect(screen.queryByRole("table")).toBeNull();
      expect([...card.querySelectorAll("dt")].map((term) => term.textContent)).toEqual([
        "Setor/Fila",
        "Máximo de tokens",
      ]);
      expect(within(card).getByText("Vendas")).toBeTruthy();
      expect(within(card).getByRole("button", { name: "Excluir Atendente virtual" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("adds a prompt: name, API key and prompt required, 'Informe o setor', the spec's defaults and voices", async () => {
    const toasts = recordToasts();
    const seen = serve({ prompts: [] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar Prompt" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar prompt" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findAllByText("Obrigatório")).toHaveLength(3);
    expect(within(dialog).getByText("Informe o setor")).toBeTruthy();
    expect(seen.some((r) => r.method === "POST")).toBe(false);

    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome/ }), { target: { value: "Robô" } });
    fireEvent.change(within(dialog).getByLabelText(/^Chave da API/), { target: { value: "sk-123" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Prompt/ }), {
      target: { value: "Seja breve." },
    });
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /^Setor\/Fila/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Suporte" }));
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: /^Voz/ }));
    const voices = await screen.findAllByRole("option");
    expect(voices.map((o) => o.textContent)).toHaveLength(16);
    expect(voices[0]?.textContent).toBe("Texto");
    fireEvent.click(screen.getByRole("option", { name: "pt-BR-YaraNeural" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "POST")?.body).toEqual({
      name: "Robô",
      apiKey: "sk-123",
      prompt: "Seja breve.",
      queueId: 4,
      voice: "pt-BR-YaraNeural",
      voiceRegion: "",
      temperature: 1,
      maxTokens: 100,
      maxMessages: 10,
    });
    expect(toasts.map((t) => t.message)).toEqual(["Prompt salvo com sucesso!"]);
  });

  it("edits without the stored keys (never prefilled, kept when blank) and deletes after confirmation with an info toast", async () => {
    const toasts = recordToasts();
    const seen = serve({ prompts: [prompt()] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Atendente virtual" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar prompt" });
    const key = within(dialog).getByLabelText(/^Chave da API/) as HTMLInputElement;
    expect(key.value).toBe("");
    expect(key.placeholder).toMatch(/guardada/);
    fireEvent.change(within(dialog).getByRole("spinbutton", { name: /^Máximo de tokens/ }), {
      target: { value: "250" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = seen.find((r) => r.method === "PUT")?.body as Record<string, unknown>;
    expect(put).toMatchObject({ name: "Atendente virtual", maxTokens: 250, queueId: 3 });
    expect(put).not.toHaveProperty("apiKey");
    expect(put).not.toHaveProperty("voiceKey");

    fireEvent.click(screen.getByRole("button", { name: "Excluir Atendente virtual" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir Atendente virtual?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Nenhum prompt encontrado.")).toBeTruthy();
    expect(toasts.map((t) => [t.severity, t.message])).toEqual([
      ["success", "Prompt salvo com sucesso!"],
      ["info", "Prompt excluído com sucesso!"],
    ]);
  });
});
