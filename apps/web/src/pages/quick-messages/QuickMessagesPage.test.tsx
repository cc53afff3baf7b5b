import type { QuickMessageDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { QuickMessagesPage } from "./QuickMessagesPage";

const me = buildUser({ id: 7 });

function quick(overrides: Partial<QuickMessageDto> = {}): QuickMessageDto {
  return {
    id: 1,
    shortcode: "bomdia",
    message: "Bom dia!",
    mediaPath: null,
    mediaName: null,
    geral: true,
    userId: 7,
    ...overrides,
  };
}

interface Seen {
  method: string;
  url: string;
  body: unknown;
}

function serve(state: { records: QuickMessageDto[] }) {
  const seen: Seen[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      seen.push({ method, url, body });
      if (method === "GET" && url.startsWith("/quick-messages?"))
        return Response.json({ records: state.records, count: state.records.length, hasMore: false });
      if (method === "POST" && url === "/quick-messages") {
        const created = quick({ id: 99, ...(body as object), userId: me.id });
        state.records = [...state.records, created];
        return Response.json(created, { status: 201 });
      }
      if (method === "POST" && url === "/quick-messages/99/media-upload")
        return Response.json(quick({ id: 99, mediaName: "foto.png", mediaPath: "/public/x.png" }));
      if (method === "DELETE" && url === "/quick-messages/1") {
        state.records = state.records.filter((q) => q.id !== 1);
        return Response.json({ message: "ok" });
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
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: me.companyId }}>
        <QuickMessagesPage />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user: me }) },
  );
  return socket;
}

describe("QuickMessagesPage", () => {
  it("lists shortcode, attachment or none, the geral check; another user's personal one is view-only", async () => {
    serve({
      records: [
        quick({ mediaName: "tabela.pdf" }),
        quick({ id: 2, shortcode: "alheia", geral: false, userId: 8 }),
      ],
    });
    renderPage();
    await screen.findByText("tabela.pdf");
    const table = screen.getByRole("table", { name: "Respostas Rápidas" });
    const [, first, second] = within(table).getAllByRole("row");
    expect(within(first as HTMLElement).getByText("tabela.pdf")).toBeTruthy();
    expect(within(first as HTMLElement).getByLabelText("Global")).toBeTruthy();
    expect(within(second as HTMLElement).getByText("Sem anexo")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Excluir alheia" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Ver alheia" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar Resposta Rápida" });
    expect(within(dialog).getByText(/somente leitura/)).toBeTruthy();
    expect((within(dialog).getByRole("textbox", { name: /Atalho/ }) as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).queryByRole("button", { name: "Salvar" })).toBeNull();
  });

  it("adds one with a file: the shortcode is required, then the fields and the file are sent", async () => {
    const seen = serve({ records: [] });
    renderPage();
    expect(await screen.findByText("Nenhuma resposta rápida cadastrada.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar Resposta Rápida" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeTruthy();
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Atalho/ }), { target: { value: "foto" } });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Resposta" }), {
      target: { value: "Veja" },
    });
    fireEvent.click(within(dialog).getByRole("switch", { name: /Global/ }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], "foto.png", { type: "image/png" });
    fireEvent.change(within(dialog).getByLabelText("Anexar arquivo", { selector: "input" }), {
      target: { files: [file] },
    });
    expect(within(dialog).getByTestId("quick-file-name").textContent).toBe("foto.png");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.find((r) => r.method === "POST" && r.url === "/quick-messages")?.body).toEqual({
      shortcode: "foto",
      message: "Veja",
      geral: true,
    });
    const upload = seen.find((r) => r.url === "/quick-messages/99/media-upload")?.body as FormData;
    expect(upload.get("typeArch")).toBe("quickMessage");
    expect((upload.get("file") as File).name).toBe("foto.png");
  });

  it("deletes after confirmation, and a live event loads the list again", async () => {
    const state = { records: [quick()] };
    const seen = serve(state);
    const socket = renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Excluir bomdia" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir bomdia?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(seen.some((r) => r.method === "DELETE")).toBe(true));
    expect(await screen.findByText("Nenhuma resposta rápida cadastrada.")).toBeTruthy();

    state.records = [quick({ id: 5, shortcode: "nova" })];
    act(() =>
      socket.push(`company-${me.companyId}-quickmessage`, { action: "create", record: state.records[0] }),
    );
    expect(await screen.findByText("nova")).toBeTruthy();
  });
});
