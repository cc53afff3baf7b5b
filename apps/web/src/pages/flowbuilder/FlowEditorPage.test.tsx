import type { FlowWithGraph } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { FlowEditorPage } from "./FlowEditorPage";
import { duplicateNode, type EditorNode, newNodeId, nextPosition, removeNode } from "./flow-model";

const user = buildUser({ profile: "admin" });
const START = "S".repeat(30);

function flow(nodes: FlowWithGraph["flow"]["nodes"], connections: FlowWithGraph["flow"]["connections"] = []) {
  return {
    id: 3,
    name: "Boas-vindas",
    active: true,
    companyId: user.companyId,
    createdAt: "2026-11-26T12:00:00.000Z",
    updatedAt: "2026-11-26T12:00:00.000Z",
    flow: { nodes, connections },
  } satisfies FlowWithGraph;
}
const start = { id: START, type: "start", position: { x: 0, y: 0 }, data: {} };

/** A fake GET /flowbuilder/flow/3 and POST /flowbuilder/flow; saved bodies are recorded. */
function serve(shown: FlowWithGraph) {
  const saved: { nodes: EditorNode[]; connections: unknown[] }[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      if (init.method === undefined || init.method === "GET") {
        if (url === "/flowbuilder/flow/3") return Response.json({ flow: shown });
      }
      if (init.method === "POST" && url === "/flowbuilder/flow") {
        const body = JSON.parse(String(init.body));
        saved.push(body);
        return Response.json({ ...shown, flow: { nodes: body.nodes, connections: body.connections } });
      }
      return unknownRequest(init.method, url);
    },
  });
  return saved;
}

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => unsubscribe());

function renderEditor() {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => {
    toasts.push(toast);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path="/flowbuilder/:id?" element={<FlowEditorPage />} />
      </Routes>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/flowbuilder/3"] },
  );
}

const nodesOf = (type: string) => screen.queryAllByTestId(`flow-node-${type}`);

/** A key held then released (the canvas acts while it is down). */
async function pressKey(key: string) {
  await act(async () => {
    fireEvent.keyDown(document.body, { key, code: key });
  });
  await act(async () => {
    fireEvent.keyUp(document.body, { key, code: key });
  });
}

async function addFromSpeedDial(label: string) {
  fireEvent.click(screen.getByRole("button", { name: "Adicionar bloco" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: label }));
}

describe("flow model", () => {
  it("node ids are 30 letters and digits; a new node goes 40 px right of the last", () => {
    const ids = new Set(Array.from({ length: 50 }, newNodeId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{30}$/);
    const last = {
      id: "a",
      type: "interval",
      position: { x: 100, y: 50 },
      data: {},
      measured: { width: 260 },
    };
    expect(nextPosition([last as EditorNode])).toEqual({ x: 400, y: 50 });
  });

  it("duplicating copies the data; removing drops the node's edges; the start node stays", () => {
    const nodes = [
      { id: START, type: "start", position: { x: 0, y: 0 }, data: {} },
      { id: "m", type: "message", position: { x: 1, y: 0 }, data: { label: "Oi" } },
    ] as EditorNode[];
    const copied = duplicateNode(nodes, "m");
    expect(copied).toHaveLength(3);
    expect(copied[2]).toMatchObject({ type: "message", data: { label: "Oi" }, selected: true });
    expect(copied[2]!.data).not.toBe(nodes[1]!.data);
    const edges = [{ id: "e", source: START, target: "m" }];
    expect(removeNode(nodes, edges, "m")).toEqual({ nodes: [nodes[0]], edges: [] });
    expect(removeNode(nodes, edges, START)).toEqual({ nodes, edges });
  });
});

describe("FlowEditorPage", () => {
  it("labels the canvas's own controls in the user's language", async () => {
    serve(flow([start]));
    renderEditor();
    expect(await screen.findByRole("button", { name: "Aproximar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Afastar" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Ajustar à tela" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Zoom In" })).toBeNull();
    expect(screen.queryByText("Mini Map")).toBeNull();
  });

  it("shows the graph, adds a node from the speed-dial, duplicates and deletes it, saves with the toast", async () => {
    const saved = serve(flow([start]));
    renderEditor();
    expect(await screen.findByText("Não se esqueça de salvar seu fluxo!")).toBeTruthy();
    expect(nodesOf("start")).toHaveLength(1);

    await addFromSpeedDial("Intervalo");
    const dialog = await screen.findByRole("dialog", { name: "Adicionar Intervalo" });
    fireEvent.change(within(dialog).getByLabelText("Tempo em segundos"), { target: { value: "7" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(nodesOf("interval")).toHaveLength(1));

    fireEvent.click(within(nodesOf("interval")[0]!).getByLabelText("Duplicar Intervalo"));
    await waitFor(() => expect(nodesOf("interval")).toHaveLength(2));
    fireEvent.click(within(nodesOf("interval")[1]!).getByLabelText("Excluir Intervalo"));
    await waitFor(() => expect(nodesOf("interval")).toHaveLength(1));

    // Double-click opens the node's editor in edit mode.
    fireEvent.doubleClick(nodesOf("interval")[0]!);
    const edit = await screen.findByRole("dialog", { name: "Editar Intervalo" });
    fireEvent.click(within(edit).getByRole("button", { name: "Cancelar" }));
    // And from its edit button, the keyboard's way: a change is drawn on the node.
    fireEvent.click(within(nodesOf("interval")[0]!).getByLabelText("Editar Intervalo"));
    const again = await screen.findByRole("dialog", { name: "Editar Intervalo" });
    fireEvent.change(within(again).getByLabelText("Tempo em segundos"), { target: { value: "9" } });
    fireEvent.click(within(again).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(nodesOf("interval")[0]!.textContent).toContain("Tempo em segundos: 9"));

    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const body = saved[0]!;
    expect(body).toMatchObject({ idFlow: 3 });
    expect(body.nodes.map((n) => n.type)).toEqual(["start", "interval"]);
    expect(body.nodes[1]!.id).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(body.nodes[1]!.data).toMatchObject({ sec: 9 });
    // The interval is reached by no path: saved, with a warning naming it.
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain("Fluxo salvo com sucesso"));
    expect(screen.getByText("Intervalo #2: Nenhum caminho chega a este nó")).toBeTruthy();
  });

  it("the speed-dial adds message and condition nodes too (no other way draws them)", async () => {
    const saved = serve(flow([start]));
    renderEditor();
    await screen.findByText("Não se esqueça de salvar seu fluxo!");

    await addFromSpeedDial("Mensagem");
    const message = await screen.findByRole("dialog", { name: "Adicionar Mensagem" });
    fireEvent.change(within(message).getByRole("textbox", { name: "Mensagem" }), {
      target: { value: "Olá!" },
    });
    fireEvent.click(within(message).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(nodesOf("message")).toHaveLength(1));
    expect(nodesOf("message")[0]!.textContent).toContain("Olá!");

    await addFromSpeedDial("Condição");
    const condition = await screen.findByRole("dialog", { name: "Adicionar Condição" });
    fireEvent.change(within(condition).getByRole("textbox", { name: "Chave (campo do contato)" }), {
      target: { value: "mensagem" },
    });
    fireEvent.change(within(condition).getByRole("textbox", { name: "Valor" }), { target: { value: "1" } });
    fireEvent.click(within(condition).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(nodesOf("condition")).toHaveLength(1));
    const drawn = nodesOf("condition")[0]!;
    expect(drawn.textContent).toContain("mensagem = 1");
    // Its two ways out: a (Verdadeiro) and b (Falso).
    expect(
      Array.from(drawn.querySelectorAll(".react-flow__handle.source"), (h) =>
        h.getAttribute("data-handleid"),
      ),
    ).toEqual(["a", "b"]);

    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.nodes.map((n) => [n.type, n.data])).toEqual([
      ["start", {}],
      ["message", { label: "Olá!" }],
      ["condition", { key: "mensagem", condition: 1, value: "1" }],
    ]);
  });

  it("Delete removes the selected node with its edges; the start node cannot be removed", async () => {
    const message = {
      id: "m".repeat(30),
      type: "message",
      position: { x: 300, y: 0 },
      data: { label: "Olá" },
    };
    serve(flow([start, message], [{ id: "e1", source: START, target: message.id }]));
    renderEditor();
    await screen.findByText("Olá");
    const node = nodesOf("message")[0]!;
    fireEvent.click(node);
    await waitFor(() => expect(node.closest(".react-flow__node")?.className).toContain("selected"));
    await pressKey("Delete");
    await waitFor(() => expect(nodesOf("message")).toHaveLength(0));
    fireEvent.click(nodesOf("start")[0]!);
    await pressKey("Backspace");
    expect(nodesOf("start")).toHaveLength(1);
  });

  it("refuses to save a graph with errors and lists them; a click shows the node", async () => {
    const ticket = { id: "t".repeat(30), type: "ticket", position: { x: 300, y: 0 }, data: {} };
    const saved = serve(flow([start, ticket], [{ id: "e1", source: START, target: ticket.id }]));
    renderEditor();
    await screen.findByText("Não se esqueça de salvar seu fluxo!");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    const problem = await screen.findByRole("button", { name: "Mostrar Ticket #2" });
    expect(problem.textContent).toBe("Ticket #2: Adicione uma fila");
    expect(screen.getByText("O fluxo tem problemas")).toBeTruthy();
    expect(toasts.map((t) => t.message)).toContain("Corrija os erros do fluxo antes de salvar.");
    fireEvent.click(problem);
    expect(saved).toHaveLength(0);
  });
});
