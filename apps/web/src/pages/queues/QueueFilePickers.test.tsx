import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { buildOption, buildQueue, choose, renderPage, serve, stopToasts, type } from "./test-fixtures";

afterEach(stopToasts);

const fileLists = [
  { id: 4, name: "Catálogos" },
  { id: 5, name: "Tabela de preços" },
];

describe("Queue modal: file list pickers (GET /files/list)", () => {
  it("sends the queue's chosen fileListId, and a file option's optFileId, which it requires", async () => {
    const saved = buildQueue({ id: 7, name: "Comercial", color: "#008B02" });
    const calls = serve({ fileLists, saved });
    renderPage();
    await screen.findByText("Nenhuma fila cadastrada.");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar fila" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar fila" });
    await within(dialog).findByRole("button", { name: "Adicionar opção" });
    expect(calls.map((call) => call.url)).toContain("/files/list");

    type(within(dialog).getByRole("textbox", { name: "Nome" }), "Comercial");
    fireEvent.click(within(dialog).getByRole("button", { name: "Usar a cor #008B02" }));
    // The queue's own picker comes before the option tree.
    const [queuePicker] = within(dialog).getAllByRole("combobox", { name: "Lista de arquivos" });
    fireEvent.mouseDown(queuePicker as HTMLElement);
    fireEvent.click(await screen.findByRole("option", { name: "Tabela de preços" }));

    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar opção" }));
    const option = within(dialog).getByRole("group", { name: "Opção 1" });
    type(within(option).getByRole("textbox", { name: "Nome da opção" }), "Catálogo");
    await choose(option, "Tipo", "Arquivo");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(option).findByText("Escolha a lista de arquivos desta opção.")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await choose(option, "Lista de arquivos", "Catálogos");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const body = calls.find((call) => call.method === "POST")?.body as Record<string, unknown>;
    expect(body.fileListId).toBe(5);
    expect(body.chatbots).toEqual([
      {
        name: "Catálogo",
        greetingMessage: "",
        queueType: "file",
        closeTicket: false,
        optQueueId: null,
        optUserId: null,
        optFileId: 4,
        optIntegrationId: null,
        options: [],
      },
    ]);
  });

  it("shows a queue's saved lists, sends 'none' as null, and drops optFileId when the type changes", async () => {
    const queue = buildQueue({
      fileListId: 4,
      chatbots: [
        buildOption({ id: 10, name: "Arquivos", queueType: "file", optFileId: 5 }),
        buildOption({ id: 11, name: "Vendas", queueType: "file", optFileId: 4 }),
      ],
    });
    const calls = serve({ queues: [queue], fileLists, saved: queue });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Suporte" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar fila" });
    const first = await within(dialog).findByRole("group", { name: "Opção 1" });
    const second = within(dialog).getByRole("group", { name: "Opção 2" });
    const [queuePicker] = within(dialog).getAllByRole("combobox", { name: "Lista de arquivos" });
    expect(queuePicker?.textContent).toBe("Catálogos");
    expect(within(first).getByRole("combobox", { name: "Lista de arquivos" }).textContent).toBe(
      "Tabela de preços",
    );

    fireEvent.mouseDown(queuePicker as HTMLElement);
    fireEvent.click(await screen.findByRole("option", { name: "Nenhum" }));
    await choose(second, "Tipo", "Texto");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const body = calls.find((call) => call.method === "PUT")?.body as Record<string, unknown>;
    expect(body.fileListId).toBeNull();
    expect(body.chatbots).toMatchObject([
      { id: 10, queueType: "file", optFileId: 5 },
      { id: 11, queueType: "text", optFileId: null },
    ]);
  });
});
