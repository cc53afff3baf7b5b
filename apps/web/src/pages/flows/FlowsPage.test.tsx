import type { FlowDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { FlowEditorPage } from "../flowbuilder/FlowEditorPage";
import { FlowsPage } from "./FlowsPage";

const NOW = "2026-11-26T12:00:00.000Z";
const user = buildUser({ id: 7, profile: "user" });

function flow(overrides: Partial<FlowDto> = {}): FlowDto {
  return {
    id: 1,
    name: "Boas-vindas",
    active: true,
    companyId: user.companyId,
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

/** A fake /flowbuilder API over `state.flows`, two per page; every request is recorded. */
function serve(state: { flows: FlowDto[] }) {
  const seen: Seen[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      seen.push({ method, url, body });
      const [path, query = ""] = url.split("?");
      if (method === "GET" && path === "/flowbuilder") {
        const params = new URLSearchParams(query);
        const search = (params.get("searchParam") ?? "").toLowerCase();
        const page = Number(params.get("pageNumber") ?? "1");
        const found = state.flows.filter((f) => f.name.toLowerCase().includes(search));
        const flows = found.slice((page - 1) * 2, page * 2);
        return Response.json({ flows, count: found.length, hasMore: page * 2 < found.length });
      }
      if (method === "POST" && path === "/flowbuilder") {
        const created = flow({ id: 50, name: (body as { name: string }).name });
        state.flows = [...state.flows, created];
        return Response.json(created, { status: 201 });
      }
      if (method === "PUT" && path === "/flowbuilder") {
        const input = body as { flowId: number; name: string };
        state.flows = state.flows.map((f) => (f.id === input.flowId ? { ...f, name: input.name } : f));
        return Response.json(state.flows.find((f) => f.id === input.flowId));
      }
      if (method === "POST" && path === "/flowbuilder/duplicate") {
        const source = state.flows.find((f) => f.id === (body as { flowId: number }).flowId)!;
        const copy = { ...source, id: 60 };
        state.flows = [...state.flows, copy];
        return Response.json(copy, { status: 201 });
      }
      const shown = method === "GET" && path?.match(/^\/flowbuilder\/flow\/(\d+)$/);
      if (shown) {
        const found = state.flows.find((f) => f.id === Number(shown[1]));
        if (!found)
          return Response.json({ error: "ERR_NOT_FOUND", message: "Flow not found" }, { status: 404 });
        const start = { id: "s".repeat(30), type: "start", position: { x: 0, y: 0 }, data: {} };
        return Response.json({ flow: { ...found, flow: { nodes: [start], connections: [] } } });
      }
      if (method === "DELETE" && path === "/flowbuilder/1") {
        state.flows = state.flows.filter((f) => f.id !== 1);
        return Response.json({ message: "Flow deleted" });
      }
      return unknownRequest(method, url);
    },
  });
  return seen;
}

function renderPage(socket = new FakeSocket()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <Routes>
          <Route path="/flowbuilders" element={<FlowsPage />} />
          <Route path="/flowbuilder/:id?" element={<FlowEditorPage />} />
        </Routes>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/flowbuilders"] },
  );
  return socket;
}

let unsubscribe = () => {};
afterEach(() => unsubscribe());

/** Opens the row menu of the first row named `name`. */
const openMenu = async (name: string) =>
  fireEvent.click((await screen.findAllByRole("button", { name: `Ações de ${name}` }))[0]!);

describe("FlowsPage", () => {
  it("lists names with Ativo/Desativado to a plain user, scrolls for more and searches after the debounce", async () => {
    const seen = serve({
      flows: [
        flow(),
        flow({ id: 2, name: "Cobrança", active: false }),
        flow({ id: 3, name: "Suporte técnico" }),
      ],
    });
    renderPage();
    const table = await screen.findByRole("table", { name: "Fluxos de conversa" });
    expect(screen.getByRole("heading", { name: "Fluxos de conversa" })).toBeTruthy();
    const first = (await within(table).findByText("Boas-vindas")).closest("tr")!;
    expect(within(first).getByText("Ativo")).toBeTruthy();
    const second = within(table).getByText("Cobrança").closest("tr")!;
    expect(within(second).getByText("Desativado")).toBeTruthy();
    expect(within(table).queryByText("Suporte técnico")).toBeNull();

    fireEvent.scroll(table.parentElement!);
    expect(await within(table).findByText("Suporte técnico")).toBeTruthy();

    fireEvent.change(screen.getByRole("searchbox", { name: "Pesquisar fluxos" }), {
      target: { value: "cob" },
    });
    await waitFor(
      () => {
        expect(within(table).queryByText("Boas-vindas")).toBeNull();
        expect(within(table).getByText("Cobrança")).toBeTruthy();
      },
      { timeout: 2000 },
    );
    expect(seen.filter((r) => r.method === "GET").map((r) => r.url)).toEqual([
      "/flowbuilder?searchParam=&pageNumber=1",
      "/flowbuilder?searchParam=&pageNumber=2",
      "/flowbuilder?searchParam=cob&pageNumber=1",
    ]);
  });

  it("adds a flow through the name dialog with the spec's messages", async () => {
    const toasts: ToastMessage[] = [];
    unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
    const seen = serve({ flows: [] });
    renderPage();
    expect(await screen.findByText("Nenhum fluxo encontrado.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar Fluxo" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar fluxo" });
    const name = within(dialog).getByRole("textbox", { name: /^Nome/ });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Digite um nome!")).toBeTruthy();
    fireEvent.change(name, { target: { value: "A" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Muito curto!")).toBeTruthy();
    fireEvent.change(name, { target: { value: "x".repeat(51) } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Muito longo!")).toBeTruthy();
    expect(seen.some((r) => r.method === "POST")).toBe(false);

    fireEvent.change(name, { target: { value: " Vendas " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "POST")?.body).toEqual({ name: "Vendas" });
    expect(await screen.findByText("Vendas")).toBeTruthy();
    expect(toasts.map((t) => [t.severity, t.message])).toEqual([["success", "Fluxo salvo com sucesso"]]);
  });

  it("renames from the row menu", async () => {
    const seen = serve({ flows: [flow()] });
    renderPage();
    await openMenu("Boas-vindas");
    fireEvent.click(await screen.findByRole("menuitem", { name: "Editar nome" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar nome do fluxo" });
    const name = within(dialog).getByRole("textbox", { name: /^Nome/ });
    expect((name as HTMLInputElement).value).toBe("Boas-vindas");
    fireEvent.change(name, { target: { value: "Recepção" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "PUT")?.body).toEqual({ name: "Recepção", flowId: 1 });
    expect(await screen.findByText("Recepção")).toBeTruthy();
  });

  it("duplicates and deletes only after confirmation; cancel asks nothing", async () => {
    const toasts: ToastMessage[] = [];
    unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
    const seen = serve({ flows: [flow()] });
    renderPage();

    await openMenu("Boas-vindas");
    fireEvent.click(await screen.findByRole("menuitem", { name: "Excluir" }));
    let confirm = await screen.findByRole("dialog", { name: "Excluir Boas-vindas?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    await openMenu("Boas-vindas");
    fireEvent.click(await screen.findByRole("menuitem", { name: "Duplicar" }));
    confirm = await screen.findByRole("dialog", { name: "Duplicar Boas-vindas?" });
    expect(seen.some((r) => r.method !== "GET")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Duplicar" }));
    await waitFor(() => expect(screen.getAllByText("Boas-vindas")).toHaveLength(2));
    expect(seen.find((r) => r.url === "/flowbuilder/duplicate")?.body).toEqual({ flowId: 1 });

    await openMenu("Boas-vindas");
    fireEvent.click(await screen.findByRole("menuitem", { name: "Excluir" }));
    confirm = await screen.findByRole("dialog", { name: "Excluir Boas-vindas?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.getAllByText("Boas-vindas")).toHaveLength(1));
    expect(seen.filter((r) => r.method === "DELETE").map((r) => r.url)).toEqual(["/flowbuilder/1"]);
    expect(toasts.map((t) => t.message)).toEqual([
      "Fluxo duplicado com sucesso",
      "Fluxo excluído com sucesso",
    ]);
  });

  it("opens the editor from the row menu and by clicking a row", async () => {
    serve({ flows: [flow({ id: 9, name: "Pós-venda" })] });
    renderPage();
    await openMenu("Pós-venda");
    fireEvent.click(await screen.findByRole("menuitem", { name: "Editar fluxo" }));
    expect(await screen.findByText("Não se esqueça de salvar seu fluxo!")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Editor de fluxo: Pós-venda" })).toBeTruthy();
    fireEvent.click(screen.getByRole("link", { name: "Voltar aos fluxos" }));
    fireEvent.click((await screen.findByText("Pós-venda")).closest("tr")!);
    expect(await screen.findByRole("heading", { name: "Editor de fluxo: Pós-venda" })).toBeTruthy();
  });

  it("on a phone shows one card per flow: the row menu works inside the card, and the card opens the editor", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve({ flows: [flow(), flow({ id: 2, name: "Cobrança", active: false })] });
      renderPage();
      const list = await screen.findByRole("list", { name: "Fluxos de conversa" });
      expect(screen.queryByRole("table")).toBeNull();
      const cards = await within(list).findAllByRole("listitem");
      expect(cards).toHaveLength(2);
      const first = cards[0] as HTMLElement;
      expect(within(first).getByRole("link", { name: "Boas-vindas" }).getAttribute("href")).toBe(
        "/flowbuilder/1",
      );
      expect([...first.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Status"]);
      expect(within(cards[1] as HTMLElement).getByText("Desativado")).toBeTruthy();

      fireEvent.click(within(first).getByRole("button", { name: "Ações de Boas-vindas" }));
      fireEvent.click(await screen.findByRole("menuitem", { name: "Excluir" }));
      const confirm = await screen.findByRole("dialog", { name: "Excluir Boas-vindas?" });
      fireEvent.click(within(confirm).getByRole("button", { name: "Cancelar" }));
      await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
      expect(screen.getByRole("list", { name: "Fluxos de conversa" })).toBeTruthy();

      fireEvent.click(cards[1] as HTMLElement);
      expect(await screen.findByRole("heading", { name: "Editor de fluxo: Cobrança" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("a live event on company-{id}-flowbuilder loads the list again", async () => {
    const state = { flows: [flow()] };
    serve(state);
    const socket = renderPage();
    expect(await screen.findByText("Boas-vindas")).toBeTruthy();
    state.flows = [...state.flows, flow({ id: 5, name: "Noturno" })];
    act(() =>
      socket.push(`company-${user.companyId}-flowbuilder`, { action: "create", flow: state.flows[1] }),
    );
    expect(await screen.findByText("Noturno")).toBeTruthy();
  });
});
