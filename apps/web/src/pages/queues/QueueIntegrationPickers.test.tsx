import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { buildUser } from "../../test/render";
import { buildOption, buildQueue, choose, renderPage, serve, stopToasts, type } from "./test-fixtures";

afterEach(stopToasts);

const integrations = [
  { id: 8, name: "ERP", type: "n8n" },
  { id: 9, name: "Dialogflow vendas", type: "dialogflow" },
];

/** An admin whose company's plan has useIntegrations (or not). */
function adminWithPlan(useIntegrations: boolean) {
  const user = buildUser({ profile: "admin" });
  return {
    ...user,
    company: { id: 2, name: "Acme", dueDate: "2999-12-31", plan: { useIntegrations } },
  } as typeof user;
}

async function openAddDialog() {
  await screen.findByText("Nenhuma fila cadastrada.");
  fireEvent.click(screen.getByRole("button", { name: "Adicionar fila" }));
  const dialog = await screen.findByRole("dialog", { name: "Adicionar fila" });
  await within(dialog).findByRole("button", { name: "Adicionar opção" });
  type(within(dialog).getByRole("textbox", { name: "Nome" }), "Comercial");
  fireEvent.click(within(dialog).getByRole("button", { name: "Usar a cor #008B02" }));
  return dialog;
}

describe("Queue modal: integration pickers (GET /queueIntegration)", () => {
  it("sends the queue's integrationId and an integration option's optIntegrationId, which it requires", async () => {
    const calls = serve({ integrations, saved: buildQueue({ id: 7 }) });
    renderPage(adminWithPlan(true));
    const dialog = await openAddDialog();
    expect(calls.some((call) => call.url.startsWith("/queueIntegration?"))).toBe(true);
    const [queuePicker] = within(dialog).getAllByRole("combobox", { name: "Integração" });
    expect(
      within(dialog).getByText(/O bot entrega à integração os contatos que traz para esta fila/),
    ).toBeTruthy();
    fireEvent.mouseDown(queuePicker as HTMLElement);
    fireEvent.click(await screen.findByRole("option", { name: "ERP" }));

    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar opção" }));
    const option = within(dialog).getByRole("group", { name: "Opção 1" });
    type(within(option).getByRole("textbox", { name: "Nome da opção" }), "Robô de vendas");
    await choose(option, "Tipo", "Integração");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(option).findByText("Escolha a integração desta opção.")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);

    await choose(option, "Integração", "Dialogflow vendas");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const body = calls.find((call) => call.method === "POST")?.body as Record<string, unknown>;
    expect(body.integrationId).toBe(8);
    expect(body.chatbots).toEqual([
      {
        name: "Robô de vendas",
        greetingMessage: "",
        queueType: "integration",
        closeTicket: false,
        optQueueId: null,
        optUserId: null,
        optFileId: null,
        optIntegrationId: 9,
        options: [],
      },
    ]);
  });

  it("shows the server's refusal of the queue's integration under its select", async () => {
    serve({
      integrations,
      refusal: {
        status: 400,
        body: { error: "ERR_NOT_FOUND", message: "Unknown integration", field: "integrationId" },
      },
    });
    renderPage(adminWithPlan(true));
    const dialog = await openAddDialog();
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Integração" }));
    fireEvent.click(await screen.findByRole("option", { name: "ERP" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Escolha uma integração desta empresa.")).toBeTruthy();
    expect(within(dialog).getByRole("combobox", { name: "Integração" }).getAttribute("aria-invalid")).toBe(
      "true",
    );
  });

  it("shows the server's refusal of an option's integration under that option's select", async () => {
    const queue = buildQueue({
      chatbots: [
        buildOption({ id: 10, name: "Texto", queueType: "text" }),
        buildOption({ id: 11, name: "Robô", queueType: "integration", optIntegrationId: 9 }),
      ],
    });
    const calls = serve({
      queues: [queue],
      integrations,
      refusal: {
        status: 400,
        body: { error: "ERR_NOT_FOUND", message: "Unknown integration", field: "optIntegrationId" },
      },
    });
    // Without useIntegrations the queue's own select is hidden; options of type integration keep theirs.
    renderPage(adminWithPlan(false));
    fireEvent.click(await screen.findByRole("button", { name: "Editar Suporte" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar fila" });
    const second = await within(dialog).findByRole("group", { name: "Opção 2" });
    expect(within(dialog).getAllByRole("combobox", { name: "Integração" })).toHaveLength(1);
    expect(within(second).getByRole("combobox", { name: "Integração" }).textContent).toBe(
      "Dialogflow vendas",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(second).findByText("Escolha uma integração desta empresa.")).toBeTruthy();
    const body = calls.find((call) => call.method === "PUT")?.body as Record<string, unknown>;
    expect(body.integrationId).toBeNull();
    expect(body.chatbots).toMatchObject([
      { id: 10, queueType: "text", optIntegrationId: null },
      { id: 11, queueType: "integration", optIntegrationId: 9 },
    ]);
  });
});
