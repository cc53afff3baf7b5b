import type { Channel, ConnectionDto } from "@inbox/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "../../../api/api-error";
import { buildConnection } from "../../../test/connections";
import { renderWithProviders } from "../../../test/render";
import { ConnectionForm, type ConnectionFormProps } from "./ConnectionForm";
import type { ConnectionFormValues } from "./connection-form-schema";
import type { GreetingMediaChange } from "./GreetingMediaField";

const SETTINGS = { userRating: false, schedulesByConnection: false, integrations: false };

function renderForm(options: {
  channel: Channel;
  connection?: ConnectionDto;
  settings?: Partial<ConnectionFormProps["settings"]>;
  onSubmit?: (values: ConnectionFormValues, media: GreetingMediaChange) => Promise<void>;
  automation?: ConnectionFormProps["automation"];
}) {
  const onSubmit = vi.fn<(values: ConnectionFormValues, media: GreetingMediaChange) => Promise<void>>(
    options.onSubmit ?? (async () => {}),
  );
  renderWithProviders(
    <ConnectionForm
      channel={options.channel}
      connection={options.connection}
      queues={[{ id: 3, name: "Sales", color: "#ff0000" }]}
      settings={{ ...SETTINGS, ...options.settings }}
      onSubmit={onSubmit}
      onCancel={() => {}}
      automation={options.automation}
    />,
  );
  return onSubmit;
}

const input = (name: string) => document.querySelector<HTMLInputElement>(`[name="${name}"]`);
const type = (name: string, value: string) => {
  const element = input(name);
  if (!element) throw new Error(`no input ${name}`);
  fireEvent.change(element, { target: { value } });
};
const save = () => fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
const openTab = (name: string) => fireEvent.click(screen.getByRole("tab", { name }));
const selectedTab = () =>
  screen.getAllByRole("tab").find((tab) => tab.getAttribute("aria-selected") === "true");

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

  it("offers the message import only on a QR-code connection", () => {
    renderForm({ channel: "whatsappapi" });
    expect(input("importMessages")).toBeNull();
  });
});

describe("ConnectionForm tabs (spec 2 section 2)", () => {
  const tabNames = () => screen.getAllByRole("tab").map((tab) => tab.textContent);

  it("general, messages, chatbot, assessments and vacation; no schedules nor integrations by default", () => {
    renderForm({ channel: "facebook" });
    expect(tabNames()).toEqual(["Geral", "Mensagens", "Chatbot", "Avaliações", "Férias coletivas"]);
    expect(screen.queryByRole("table", { name: "Horários" })).toBeNull();
  });

  it("the schedules tab with scheduleType connection, integrations with the plan flag", () => {
    renderForm({ channel: "whatsapp", settings: { schedulesByConnection: true, integrations: true } });
    expect(tabNames()).toEqual([
      "Geral",
      "Integrações",
      "Mensagens",
      "Chatbot",
      "Avaliações",
      "Horários",
      "Férias coletivas",
    ]);
    openTab("Integrações");
    expect(screen.getByRole("combobox", { name: "Fluxo de boas-vindas" })).toBeTruthy();
    expect(screen.getByRole("combobox", { name: "Integração" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Prompt" })).toBeNull();
    openTab("Horários");
    const table = screen.getByRole("table", { name: "Horários" });
    expect(within(table).getAllByRole("row")).toHaveLength(8);
    expect(within(table).getByRole("textbox", { name: "Segunda-feira, turno A: início" })).toHaveProperty(
      "value",
      "08:00",
    );
    expect(within(table).getByRole("textbox", { name: "Domingo, turno B: fim" })).toHaveProperty(
      "value",
      "18:00",
    );
  });

  it("each field says what the server does with it", () => {
    renderForm({ channel: "whatsapp" });
    openTab("Chatbot");
    expect(
      screen.getByText(
        "Minutos sem escolher fila até mover o atendimento para a fila de transferência (0 = nunca).",
      ),
    ).toBeTruthy();
    openTab("Mensagens");
    expect(screen.getByText(/Enviada quando um novo atendimento começa/)).toBeTruthy();
  });

  it("warns while no queue is chosen: the tickets reach only users who see tickets without a queue", () => {
    renderForm({ channel: "whatsapp" });
    const warning =
      "Sem filas, os atendimentos desta conexão chegam apenas aos usuários que veem atendimentos sem fila.";
    expect(screen.getByText(warning)).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole("combobox", { name: "Filas" }));
    fireEvent.click(screen.getByRole("option", { name: "Sales" }));
    expect(screen.queryByText(warning)).toBeNull();
  });
});

describe("ConnectionForm validation", () => {
  it("says the name's 2-50 rule in the interface's language for a one-letter name, and does not save", async () => {
    const onSubmit = renderForm({ channel: "whatsapp" });
    type("name", "A");
    save();
    expect(await screen.findByText("Informe um nome de 2 a 50 caracteres.")).toBeTruthy();
    expect(screen.queryByText("Too Short!")).toBeNull();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("translates the account fields' messages: ids, the secrets' and the verify token's lengths", async () => {
    const onSubmit = renderForm({ channel: "whatsappapi" });
    type("name", "Cloud");
    type("phoneNumberId", "12 34");
    type("appSecret", "x".repeat(1025));
    type("verifyToken", "x".repeat(257));
    save();
    expect(await screen.findByText("Use até 64 letras, números, _ ou -.")).toBeTruthy();
    expect(screen.getByText("No máximo 1024 caracteres.")).toBeTruthy();
    expect(screen.getByText("No máximo 256 caracteres.")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("asks for the queue when a move-to-queue time is set, on the chatbot tab (errorSendQueue)", async () => {
    const onSubmit = renderForm({ channel: "whatsapp" });
    type("name", "Vendas");
    openTab("Chatbot");
    type("timeSendQueue", "5");
    openTab("Geral");
    save();
    expect(
      await screen.findByText("Selecione a fila para a qual o atendimento será transferido."),
    ).toBeTruthy();
    expect(selectedTab()?.textContent).toBe("Chatbot");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("with userRating enabled: the rating message and a non-zero NPS expiry (errorRatingMessage, errorExpiresNPS)", async () => {
    const onSubmit = renderForm({ channel: "whatsapp", settings: { userRating: true } });
    type("name", "Vendas");
    save();
    expect(
      await screen.findByText("Informe a mensagem de avaliação: a avaliação de atendimentos está ativa."),
    ).toBeTruthy();
    expect(selectedTab()?.textContent).toBe("Mensagens");
    openTab("Avaliações");
    expect(
      screen.getByText("O prazo da avaliação NPS não pode ser 0 com a avaliação de atendimentos ativa."),
    ).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    type("expiresTicketNPS", "30");
    openTab("Mensagens");
    type("ratingMessage", "De 0 a 10, que nota você dá?");
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
  });

  it("a vacation message asks for its dates", async () => {
    const onSubmit = renderForm({ channel: "whatsapp" });
    type("name", "Vendas");
    openTab("Férias coletivas");
    type("collectiveVacationMessage", "Voltamos em fevereiro");
    save();
    expect(await screen.findByText("Informe o início das férias.")).toBeTruthy();
    expect(screen.getByText("Informe o fim das férias.")).toBeTruthy();
    type("collectiveVacationStart", "2030-01-10");
    type("collectiveVacationEnd", "2030-01-05");
    save();
    expect(await screen.findByText("O fim das férias deve ser no início ou depois.")).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("the import needs a start within 2 years and a queue", async () => {
    const onSubmit = renderForm({ channel: "whatsapp" });
    type("name", "Vendas");
    fireEvent.click(screen.getByRole("switch", { name: "Importar mensagens do aparelho" }));
    type("importOldMessages", "2001-01-01");
    save();
    expect(await screen.findByText("A importação começa entre 2 anos atrás e hoje.")).toBeTruthy();
    type("importOldMessages", new Date(Date.now() - 86_400_000 * 5).toISOString().slice(0, 10));
    save();
    expect(await screen.findByText("Selecione a fila das mensagens importadas.")).toBeTruthy();
    // The failing queue picker takes the focus.
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole("combobox", { name: "Fila das mensagens importadas" }),
      ),
    );
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("schedule times take the HH:MM mask and must make a shift", async () => {
    const onSubmit = renderForm({ channel: "whatsapp", settings: { schedulesByConnection: true } });
    type("name", "Vendas");
    openTab("Horários");
    const start = screen.getByRole("textbox", { name: "Terça-feira, turno A: início" });
    fireEvent.change(start, { target: { value: "0930" } });
    expect(start).toHaveProperty("value", "09:30");
    fireEvent.change(screen.getByRole("textbox", { name: "Terça-feira, turno A: fim" }), {
      target: { value: "0900" },
    });
    fireEvent.change(screen.getByRole("textbox", { name: "Quarta-feira, turno B: início" }), {
      target: { value: "25:00" },
    });
    openTab("Geral");
    save();
    expect(await screen.findByText("O fim do turno deve ser depois do início.")).toBeTruthy();
    expect(selectedTab()?.textContent).toBe("Horários");
    expect(screen.getByText("Use o formato HH:MM.")).toBeTruthy();
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
    expect(onSubmit.mock.calls[0]?.[1]).toEqual({ kind: "keep" });
  });

  it("puts the server's field errors under their fields, translating the keys", async () => {
    renderForm({
      channel: "whatsapp",
      settings: { schedulesByConnection: true },
      onSubmit: async () => {
        throw new ApiError(400, {
          error: "ERR_VALIDATION",
          message: "A connection with this name already exists",
          field: "name",
          issues: [
            { field: "name", message: "A connection with this name already exists" },
            { field: "sendIdQueue", message: "errorSendQueue" },
            { field: "ratingMessage", message: "errorRatingMessage" },
            { field: "schedules.0.endTimeA", message: "A shift ends after it starts" },
            { field: "queueIds", message: "Unknown queue" },
            { field: "maxUseBotQueues", message: "Too small: expected number to be >=0" },
          ],
        });
      },
    });
    type("name", "Vendas");
    save();
    expect(await screen.findByText("Já existe uma conexão com este nome.")).toBeTruthy();
    expect(screen.getByText("Escolha filas desta empresa.")).toBeTruthy();
    openTab("Chatbot");
    expect(screen.getByText("Selecione a fila para a qual o atendimento será transferido.")).toBeTruthy();
    expect(screen.getByText("Informe um número inteiro de 0 a 1000000.")).toBeTruthy();
    openTab("Mensagens");
    expect(
      screen.getByText("Informe a mensagem de avaliação: a avaliação de atendimentos está ativa."),
    ).toBeTruthy();
    openTab("Horários");
    expect(screen.getByText("O fim do turno deve ser depois do início.")).toBeTruthy();
  });
});

describe("ConnectionForm automation (spec 3: welcome flow, no-phrase flow, prompt, integration)", () => {
  const automation = {
    flows: [
      { id: 5, name: "Boas-vindas" },
      { id: 6, name: "Não entendi" },
    ],
    prompts: [{ id: 7, name: "Atendente IA" }],
    integrations: [{ id: 8, name: "ERP" }],
  };
  const choose = async (label: string, option: string) => {
    fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
    fireEvent.click(await screen.findByRole("option", { name: option }));
  };

  it("a WhatsApp connection chooses its flows; the prompt and integration need their plan flags", async () => {
    const onSubmit = renderForm({
      channel: "whatsapp",
      connection: buildConnection({ id: 1, name: "Vendas", flowIdNotPhrase: 6, promptId: 7 }),
      settings: { integrations: true, openAi: true },
      automation,
    });
    fireEvent.click(screen.getByRole("tab", { name: "Integrações" }));
    expect(screen.getByRole("combobox", { name: "Fluxo quando nenhuma frase corresponde" }).textContent).toBe(
      "Não entendi",
    );
    expect(screen.getByRole("combobox", { name: "Prompt" }).textContent).toBe("Atendente IA");
    await choose("Fluxo de boas-vindas", "Boas-vindas");
    await choose("Integração", "ERP");
    await choose("Prompt", "Nenhum");
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({
      flowIdWelcome: 5,
      flowIdNotPhrase: 6,
      promptId: null,
      integrationId: 8,
    });
  });
});
