import type { HelpDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../../app/toast/toast-store";
import { buildHelp } from "../../../test/helps";
import { stubMediaQuery } from "../../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../../test/render";
import { unknownRequest } from "../../../test/unknown-request";
import { HelpsTab } from "./HelpsTab";

interface Call {
  method: string;
  url: string;
  body?: Record<string, unknown>;
}

/** A help list: GET /helps/list answers it; POST and PUT store the body (or answer `refusal`); DELETE removes. */
function serve(options: { helps?: HelpDto[]; refusal?: { status: number; body: object } } = {}) {
  let helps = [...(options.helps ?? [])];
  const calls: Call[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, ...(body === undefined ? {} : { body }) });
      if (method === "GET" && url === "/helps/list") return Response.json(helps);
      if (method !== "GET" && options.refusal)
        return Response.json(options.refusal.body, { status: options.refusal.status });
      const id = Number(/^\/helps\/(\d+)$/.exec(url)?.[1]);
      if (method === "POST" && url === "/helps") {
        const help = buildHelp({ ...body, id: 100 });
        helps.push(help);
        return Response.json(help, { status: 201 });
      }
      if (method === "PUT" && helps.some((h) => h.id === id)) {
        helps = helps.map((h) => (h.id === id ? { ...h, ...body } : h));
        return Response.json(helps.find((h) => h.id === id));
      }
      if (method === "DELETE" && helps.some((h) => h.id === id)) {
        helps = helps.filter((h) => h.id !== id);
        return Response.json({ message: "Help deleted" });
      }
      return unknownRequest(method, url);
    },
  });
  return calls;
}

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => unsubscribe());

function renderTab() {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <HelpsTab />
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser({ profile: "admin", super: true }) }) },
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByRole("textbox", { name: new RegExp(`^${label}`) }), { target: { value } });
const writes = (calls: Call[]) => calls.filter((c) => c.method !== "GET");

describe("HelpsTab", () => {
  it("adds a help video: a pasted YouTube address is sent as its code; the spec's success toast; the table shows it", async () => {
    const calls = serve();
    renderTab();
    expect(await screen.findByText("Nenhum vídeo de ajuda cadastrado.")).toBeTruthy();
    type("Título", "Primeiros passos");
    type("Código do vídeo", "https://youtu.be/dQw4w9WgXcQ");
    type("Descrição", "Como conectar");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          method: "POST",
          url: "/helps",
          body: { title: "Primeiros passos", video: "dQw4w9WgXcQ", description: "Como conectar" },
        },
      ]),
    );
    await waitFor(() => expect(toasts.map((t) => t.message)).toEqual(["Operação realizada com sucesso!"]));
    const table = await screen.findByRole("table", { name: "Vídeos de ajuda" });
    expect(within(table).getByText("Primeiros passos")).toBeTruthy();
  });

  it("shows each field's rule and sends nothing when the form is wrong", async () => {
    const calls = serve();
    renderTab();
    type("Código do vídeo", "<script>");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Informe um título de 1 a 100 caracteres.")).toBeTruthy();
    expect(
      screen.getByText(
        "Informe o código do vídeo no YouTube (letras, números, - e _) ou o endereço do vídeo.",
      ),
    ).toBeTruthy();
    expect(writes(calls)).toEqual([]);
  });

  it("a refused save shows the spec's failure toast and keeps the values", async () => {
    serve({ refusal: { status: 500, body: { error: "ERR_INTERNAL", message: "x" } } });
    renderTab();
    type("Título", "Filas");
    type("Código do vídeo", "abc");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(toasts.map((t) => t.message)).toEqual([
        "Não foi possível realizar a operação. Verifique se já existe uma ajuda com o mesmo nome ou se os campos foram preenchidos corretamente",
      ]),
    );
    expect((screen.getByRole("textbox", { name: /^Título/ }) as HTMLInputElement).value).toBe("Filas");
  });

  it("edits a row in the form and deletes another after the spec's confirmation", async () => {
    const calls = serve({ helps: [buildHelp(), buildHelp({ id: 2, title: "Filas", video: "abc" })] });
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Filas" }));
    expect(await screen.findByRole("form", { name: "Editar Filas" })).toBeTruthy();
    type("Descrição", "Criar filas");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        {
          method: "PUT",
          url: "/helps/2",
          body: { title: "Filas", video: "abc", description: "Criar filas" },
        },
      ]),
    );

    fireEvent.click(screen.getByRole("button", { name: "Excluir Primeiros passos" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    expect(writes(calls)).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole("button", { name: /Excluir|Confirmar/ }));
    await waitFor(() => expect(writes(calls).at(-1)).toEqual({ method: "DELETE", url: "/helps/1" }));
    await waitFor(() => expect(screen.queryByText("Primeiros passos")).toBeNull());
  });

  it("on a phone shows a card per video with its code and description, and the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve({ helps: [buildHelp(), buildHelp({ id: 2, title: "Filas", video: "abc" })] });
      renderTab();
      const list = await screen.findByRole("list", { name: "Vídeos de ajuda" });
      expect(screen.queryByRole("table")).toBeNull();
      const cards = within(list).getAllByRole("listitem");
      expect(cards).toHaveLength(2);
      const filas = cards[1] as HTMLElement;
      expect(filas.firstElementChild?.textContent).toBe("Filas");
      expect([...filas.querySelectorAll("dt")].map((term) => term.textContent)).toEqual([
        "Código do vídeo",
        "Descrição",
      ]);
      fireEvent.click(within(filas).getByRole("button", { name: "Editar Filas" }));
      expect(await screen.findByRole("form", { name: "Editar Filas" })).toBeTruthy();
      fireEvent.click(
        within(cards[0] as HTMLElement).getByRole("button", { name: "Excluir Primeiros passos" }),
      );
      const dialog = await screen.findByRole("dialog");
      expect(within(dialog).getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    } finally {
      restore();
    }
  });
});
