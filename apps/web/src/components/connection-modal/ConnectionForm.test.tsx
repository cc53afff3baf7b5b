import type { Channel, ConnectionDto } from "@inbox/shared";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../api/api-error";
import { buildConnection } from "../../test/connections";
import { renderWithProviders } from "../../test/render";
import { ConnectionForm } from "./ConnectionForm";
import type { ConnectionFormValues } from "./connection-form-schema";

function renderForm(options: {
  channel: Channel;
  connection?: ConnectionDto;
  onSubmit?: (values: ConnectionFormValues) => Promise<void>;
}) {
  const onSubmit = vi.fn<(values: ConnectionFormValues) => Promise<void>>(
    options.onSubmit ?? (async () => {}),
  );
  renderWithProviders(
    <ConnectionForm
      channel={options.channel}
      connection={options.connection}
      queues={[{ id: 3, name: "Sales", color: "#ff0000" }]}
      onSubmit={onSubmit}
      onCancel={() => {}}
    />,
  );
  return onSubmit;
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`);
const type = (name: string, value: string) => {
  const element = input(name);
  if (!element) throw new Error(`no input ${name}`);
  fireEvent.change(element, { target: { value } });
};
const save = () => fireEvent.click(screen.getByRole("button", { name: "Salvar" }));

const CREDENTIALS = [
  "phoneNumberId",
  "wabaId",
  "pageId",
  "instagramId",
  "accessToken",
  "appSecret",
  "verifyToken",
];

describe("ConnectionForm credentials per channel", () => {
  it.each<[Channel, string[]]>([
    ["whatsapp", []],
    ["whatsappapi", ["phoneNumberId", "wabaId", "accessToken", "appSecret", "verifyToken"]],
    ["facebook", ["pageId", "accessToken", "appSecret", "verifyToken"]],
    ["instagram", ["pageId", "instagramId", "accessToken", "appSecret", "verifyToken"]],
  ])("shows only the %s account fields", (channel, shown) => {
    renderForm({ channel });
    const present = CREDENTIALS.filter((name) => input(name) !== null).sort();
    expect(present).toEqual([...shown].sort());
    expect(input("name")).not.toBeNull();
  });

  it("never prefills the secrets: it shows hints, the verify token and the webhook URL instead", () => {
    renderForm({
      channel: "whatsappapi",
      connection: buildConnection({
        channel: "whatsappapi",
        phoneNumberId: "1234567890",
        wabaId: "987654321",
        verifyToken: "verify-abc",
        webhookUrl: "https://inbox.test/webhooks/meta/key-1",
        accessTokenHint: "…1234",
        appSecretSet: true,
      }),
    });
    expect(input("phoneNumberId")?.value).toBe("1234567890");
    expect(input("accessToken")?.value).toBe("");
    expect(input("accessToken")?.type).toBe("password");
    expect(input("appSecret")?.value).toBe("");
    expect(screen.getByText("Configurado (…1234). Deixe em branco para manter.")).toBeTruthy();
    expect(screen.getByText("Configurado. Deixe em branco para manter.")).toBeTruthy();
    expect(input("verifyToken")?.value).toBe("verify-abc");
    const webhook = screen.getByDisplayValue("https://inbox.test/webhooks/meta/key-1");
    expect(webhook.hasAttribute("readonly")).toBe(true);
    expect(screen.getByRole("button", { name: "Copiar URL do webhook" })).toBeTruthy();
  });

  it("explains that the webhook URL comes after the first save", () => {
    renderForm({ channel: "facebook" });
    expect(screen.getByText("A URL do webhook aparece aqui depois de salvar a conexão.")).toBeTruthy();
  });
});

describe("ConnectionForm validation", () => {
  it("shows 'Too Short!' for a one-letter name and does not save", async () => {
    const onSubmit = renderForm({ channel: "whatsapp" });
    type("name", "A");
    save();
    expect(await screen.findByText("Too Short!")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for the queue when a move-to-queue time is set, on the chatbot tab (errorSendQueue)", async () => {
    const onSubmit = renderForm({ channel: "whatsapp" });
    type("name", "Vendas");
    fireEvent.click(screen.getByRole("tab", { name: "Chatbot e prazos" }));
    type("timeSendQueue", "5");
    fireEvent.click(screen.getByRole("tab", { name: "Geral" }));
    save();
    expect(
      await screen.findByText("Selecione a fila para a qual o atendimento será transferido."),
    ).toBeTruthy();
    expect(screen.getByRole("tab", { name: "Chatbot e prazos" }).getAttribute("aria-selected")).toBe("true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("submits the values with empty secrets, which the body builder leaves out", async () => {
    const onSubmit = renderForm({ channel: "whatsappapi" });
    type("name", "Cloud");
    type("phoneNumberId", "1234567890");
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      name: "Cloud",
      channel: "whatsappapi",
      phoneNumberId: "1234567890",
      accessToken: "",
      appSecret: "",
    });
  });

  it("puts the server's field errors under their fields, translating errorSendQueue", async () => {
    renderForm({
      channel: "whatsapp",
      onSubmit: async () => {
        throw new ApiError(400, {
          error: "ERR_VALIDATION",
          message: "A connection with this name already exists",
          field: "name",
          issues: [
            { field: "name", message: "A connection with this name already exists" },
            { field: "sendIdQueue", message: "errorSendQueue" },
          ],
        });
      },
    });
    type("name", "Vendas");
    save();
    expect(await screen.findByText("Já existe uma conexão com este nome.")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "Chatbot e prazos" }));
    expect(screen.getByText("Selecione a fila para a qual o atendimento será transferido.")).toBeTruthy();
  });
});
