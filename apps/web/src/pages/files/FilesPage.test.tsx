import type { FileListDto, FileListOptionDto } from "@inbox/shared";
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
import { FilesPage } from "./FilesPage";

const NOW = "2026-11-26T12:00:00.000Z";
const admin = buildUser({ id: 7, profile: "admin" });

function option(overrides: Partial<FileListOptionDto> = {}): FileListOptionDto {
  return {
    id: 11,
    fileListId: 1,
    name: "Catálogo",
    path: null,
    mediaType: null,
    mediaName: null,
    ...overrides,
  };
}

function fileList(overrides: Partial<FileListDto> = {}): FileListDto {
  return {
    id: 1,
    name: "Catálogos",
    message: "Veja nossos arquivos",
    userId: 7,
    companyId: admin.companyId,
    options: [],
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

/** A fake /files API over `state.files`; every request is recorded. */
function serve(state: { files: FileListDto[]; refuseUploads?: boolean }) {
  const seen: Seen[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : init.body;
      seen.push({ method, url, body });
      const [path, query = ""] = url.split("?");
      if (method === "GET" && path === "/files") {
        const search = new URLSearchParams(query).get("searchParam") ?? "";
        const files = state.files.filter((f) => f.name.toLowerCase().includes(search.toLowerCase()));
        return Response.json({ files, count: files.length, hasMore: false });
      }
      if (method === "POST" && path === "/files") {
        const input = body as { name: string; message: string; options: { name: string }[] };
        const created = fileList({
          id: 50,
          name: input.name,
          message: input.message,
          options: input.options.map((o, i) => option({ id: 100 + i, fileListId: 50, name: o.name })),
        });
        state.files = [...state.files, created];
        return Response.json(created, { status: 201 });
      }
      if (method === "PUT" && path === "/files/1") {
        const input = body as { name: string; message: string; options: { id?: number; name: string }[] };
        return Response.json(
          fileList({
            name: input.name,
            options: input.options.map((o, i) => option({ id: o.id ?? 200 + i, name: o.name })),
          }),
        );
      }
      if (method === "POST" && path?.startsWith("/files/uploadList/") && state.refuseUploads)
        return Response.json({ error: "ERR_FILE_TOO_LARGE", message: "File too large" }, { status: 413 });
      if (method === "POST" && path === "/files/uploadList/50") return Response.json(state.files.at(-1));
      if (method === "POST" && path === "/files/uploadList/1") return Response.json(fileList());
      if (method === "DELETE" && path === "/files/1") {
        state.files = state.files.filter((f) => f.id !== 1);
        return Response.json({ message: "File list deleted" });
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
        <FilesPage />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }) },
  );
  return socket;
}

let unsubscribe = () => {};
afterEach(() => unsubscribe());

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: "image/png" });

describe("FilesPage", () => {
  it("shows a profile user the no-permission view and asks the server nothing", async () => {
    const seen = serve({ files: [fileList()] });
    renderPage(buildUser({ profile: "user" }));
    expect(await screen.findByText("Oops! Acesso Negado!")).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
    expect(seen).toEqual([]);
  });

  it("lists the names and searches by name after the debounce", async () => {
    const seen = serve({ files: [fileList(), fileList({ id: 2, name: "Tabela de preços" })] });
    renderPage();
    const table = await screen.findByRole("table", { name: "Lista de arquivos" });
    expect(await within(table).findByText("Catálogos")).toBeTruthy();
    expect(within(table).getByText("Tabela de preços")).toBeTruthy();
    fireEvent.change(screen.getByRole("searchbox", { name: "Pesquisar listas" }), {
      target: { value: "tab" },
    });
    await waitFor(
      () => {
        expect(within(table).queryByText("Catálogos")).toBeNull();
        expect(within(table).getByText("Tabela de preços")).toBeTruthy();
      },
      { timeout: 2000 },
    );
    const searches = seen.filter((r) => r.method === "GET").map((r) => r.url);
    expect(searches).toEqual(["/files?searchParam=&pageNumber=1", "/files?searchParam=tab&pageNumber=1"]);
  });

  it("creates a list with options: checks the fields, saves them, then uploads each option's file", async () => {
    const seen = serve({ files: [] });
    renderPage();
    expect(await screen.findByText("Nenhuma lista de arquivos encontrada.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar lista de arquivos" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome\s*\*?$/ }), {
      target: { value: "Ab" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar opção" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("nome muito curto")).toBeTruthy();
    // The message and the option's name are both required.
    expect(within(dialog).getAllByText("Obrigatório")).toHaveLength(2);
    expect(seen.filter((r) => r.method === "POST")).toEqual([]);

    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome\s*\*?$/ }), {
      target: { value: "Catálogos" },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Mensagem/ }), {
      target: { value: "Escolha um arquivo" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar opção" }));
    const first = within(dialog).getByRole("group", { name: "Opção 1" });
    const second = within(dialog).getByRole("group", { name: "Opção 2" });
    fireEvent.change(within(first).getByRole("textbox", { name: /Nome da opção/ }), {
      target: { value: "Sem arquivo" },
    });
    fireEvent.change(within(second).getByRole("textbox", { name: /Nome da opção/ }), {
      target: { value: "Foto" },
    });
    fireEvent.change(within(second).getByTestId("file-option-input-2"), {
      target: { files: [png("foto.png")] },
    });
    expect(within(second).getByText("foto.png (será enviado ao salvar)")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    expect(seen.find((r) => r.method === "POST" && r.url === "/files")?.body).toEqual({
      name: "Catálogos",
      message: "Escolha um arquivo",
      options: [{ name: "Sem arquivo" }, { name: "Foto" }],
    });
    const upload = seen.find((r) => r.url === "/files/uploadList/50")?.body as FormData;
    expect(upload.get("fileId")).toBe("50");
    expect((upload.getAll("files") as File[]).map((f) => f.name)).toEqual(["foto.png"]);
    // The file belongs to the second option the server created.
    expect(upload.getAll("id")).toEqual(["101"]);
    expect(upload.getAll("mediaType")).toEqual(["image/png"]);
    expect(await screen.findByText("Catálogos")).toBeTruthy();
  });

  it("edits a list: shows an option's file, removes it, replaces another's and adds an option", async () => {
    const seen = serve({
      files: [
        fileList({
          options: [
            option({ id: 11, name: "Catálogo", path: "/public/a.pdf", mediaName: "catalogo.pdf" }),
            option({ id: 12, name: "Preços", path: "/public/b.pdf", mediaName: "precos.pdf" }),
          ],
        }),
      ],
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Catálogos" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar lista de arquivos" });
    const first = within(dialog).getByRole("group", { name: "Opção 1" });
    const second = within(dialog).getByRole("group", { name: "Opção 2" });
    expect(within(first).getByText("catalogo.pdf")).toBeTruthy();
    fireEvent.click(within(first).getByRole("button", { name: "Remover arquivo da opção 1" }));
    expect(within(first).getByText("Sem arquivo")).toBeTruthy();
    fireEvent.change(within(second).getByTestId("file-option-input-2"), {
      target: { files: [png("novo.png")] },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar opção" }));
    const third = within(dialog).getByRole("group", { name: "Opção 3" });
    fireEvent.change(within(third).getByRole("textbox", { name: /Nome da opção/ }), {
      target: { value: "Vídeo" },
    });
    fireEvent.change(within(third).getByTestId("file-option-input-3"), { target: { files: [png("v.png")] } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    expect(seen.find((r) => r.method === "PUT")?.body).toEqual({
      name: "Catálogos",
      message: "Veja nossos arquivos",
      options: [{ id: 11, name: "Catálogo", path: null }, { id: 12, name: "Preços" }, { name: "Vídeo" }],
    });
    const upload = seen.find((r) => r.url === "/files/uploadList/1")?.body as FormData;
    expect((upload.getAll("files") as File[]).map((f) => f.name)).toEqual(["novo.png", "v.png"]);
    expect(upload.getAll("id")).toEqual(["12", "202"]);
  });

  it("a refused file leaves the saved list saved: the error is told and nothing is created twice", async () => {
    const toasts: ToastMessage[] = [];
    unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
    const seen = serve({ files: [], refuseUploads: true });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar lista de arquivos" });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome\s*\*?$/ }), {
      target: { value: "Catálogos" },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Mensagem/ }), {
      target: { value: "Veja" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar opção" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: /Nome da opção/ }), {
      target: { value: "Grande" },
    });
    fireEvent.change(within(dialog).getByTestId("file-option-input-1"), {
      target: { files: [png("g.png")] },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(seen.filter((r) => r.method === "POST").map((r) => r.url)).toEqual([
      "/files",
      "/files/uploadList/50",
    ]);
    expect(toasts.map((toast) => [toast.severity, toast.message])).toEqual([
      ["error", "O arquivo é grande demais."],
    ]);
    expect(await screen.findByText("Catálogos")).toBeTruthy();
  });

  it("on a phone shows one card per list with its option count and the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve({ files: [fileList(), fileList({ id: 2, name: "Tabela de preços" })] });
      renderPage();
      const list = await screen.findByRole("list", { name: "Lista de arquivos" });
      expect(screen.queryByRole("table")).toBeNull();
      const cards = await within(list).findAllByRole("listitem");
      expect(cards).toHaveLength(2);
      const first = cards[0] as HTMLElement;
      expect(within(first).getByText("Catálogos")).toBeTruthy();
      expect([...first.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Opções"]);
      fireEvent.click(within(first).getByRole("button", { name: "Excluir Catálogos" }));
      expect(await screen.findByRole("dialog", { name: "Excluir Catálogos?" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("deletes after confirmation, and a live event loads the list again", async () => {
    const state = { files: [fileList()] };
    const seen = serve(state);
    const socket = renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Catálogos" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir Catálogos?" });
    expect(seen.some((r) => r.method === "DELETE")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(seen.some((r) => r.method === "DELETE" && r.url === "/files/1")).toBe(true));
    expect(await screen.findByText("Nenhuma lista de arquivos encontrada.")).toBeTruthy();

    state.files = [fileList({ id: 5, name: "Manuais" })];
    act(() => socket.push(`company-${admin.companyId}-file`, { action: "create", fileList: state.files[0] }));
    expect(await screen.findByText("Manuais")).toBeTruthy();
  });
});
