import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { CampaignDialog } from "./CampaignDialog";
import { buildCampaign, renderCampaignPage, serveCampaigns } from "./test-fixtures";

const CONNECTIONS = [
  { id: 3, name: "Vendas", channel: "whatsapp", status: "CONNECTED" },
  { id: 8, name: "Oficial", channel: "whatsappapi", status: "CONNECTED" },
];
const TEMPLATES = {
  templates: [
    { name: "boas_vindas", language: "pt_BR", category: "UTILITY", body: "Bem-vindo!", parameterCount: 0 },
    {
      name: "promo",
      language: "pt_BR",
      category: "MARKETING",
      body: "Olá {{1}}, use o cupom {{2}}",
      parameterCount: 2,
    },
  ],
};
const USERS = [
  { id: 4, name: "Maria", email: "maria@x.com", profile: "user", queues: [] },
  { id: 5, name: "Mariana", email: "mariana@x.com", profile: "user", queues: [] },
];

type Extra = Parameters<typeof serveCampaigns>[1];

/** The campaign API plus two connections (one Cloud API), users, queues and the templates. */
function serve(campaigns = [buildCampaign()], extra?: Extra) {
  return serveCampaigns(campaigns, (method, path, body) => {
    const answer = extra?.(method, path, body);
    if (answer) return answer;
    if (method === "GET" && path === "/whatsapp") return Response.json(CONNECTIONS);
    if (method === "GET" && path === "/campaigns/templates/8") return Response.json(TEMPLATES);
    if (method === "GET" && path === "/users")
      return Response.json({ users: USERS, count: 2, hasMore: false });
    if (method === "GET" && path === "/queue")
      return Response.json([{ id: 6, name: "Suporte", color: "#00f" }]);
    return undefined;
  });
}

function open(editing: ReturnType<typeof buildCampaign> | null) {
  const onSaved = vi.fn();
  const onClose = vi.fn();
  renderCampaignPage(<CampaignDialog editing={editing} onSaved={onSaved} onClose={onClose} />, "/campaigns");
  return { onSaved, onClose, dialog: screen.getByRole("dialog") };
}

async function choose(scope: HTMLElement, label: string, option: string) {
  fireEvent.mouseDown(await within(scope).findByRole("combobox", { name: new RegExp(`^${label}`) }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

const isDisabled = (element: HTMLElement) =>
  (element as HTMLInputElement).disabled || element.getAttribute("aria-disabled") === "true";

describe("CampaignDialog: the editable rule", () => {
  it("shows a running campaign read-only: every field disabled and no save", async () => {
    serve();
    const { dialog } = open(buildCampaign({ status: "EM_ANDAMENTO", editable: false }));
    expect(within(dialog).getByText("Campanha (somente leitura)")).toBeTruthy();
    await within(dialog).findByRole("combobox", { name: /^Conexão/ });
    expect(isDisabled(within(dialog).getByRole("textbox", { name: /^Nome/ }))).toBe(true);
    expect(isDisabled(within(dialog).getByRole("combobox", { name: /^Conexão/ }))).toBe(true);
    expect(isDisabled(within(dialog).getByRole("combobox", { name: /^Lista de contatos/ }))).toBe(true);
    expect(isDisabled(within(dialog).getByRole("textbox", { name: "Mensagem 1" }))).toBe(true);
    expect(within(dialog).queryByRole("button", { name: "Salvar" })).toBeNull();
  });

  it("lets a cancelled campaign change its messages only, and saves them", async () => {
    const fake = serve([buildCampaign({ id: 1, status: "CANCELADA", editable: false })]);
    const { dialog, onSaved } = open(buildCampaign({ id: 1, status: "CANCELADA", editable: false }));
    expect(within(dialog).getByText("Campanha cancelada: só as mensagens podem ser editadas")).toBeTruthy();
    expect(isDisabled(within(dialog).getByRole("textbox", { name: /^Nome/ }))).toBe(true);
    expect(isDisabled(within(dialog).getByRole("combobox", { name: /^Conexão/ }))).toBe(true);
    const text = within(dialog).getByRole("textbox", { name: "Mensagem 1" });
    expect(isDisabled(text)).toBe(false);
    fireEvent.change(text, { target: { value: "Voltamos, {nome}!" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(fake.bodies.get("PUT /campaigns/1")).toMatchObject({
      message1: "Voltamos, {nome}!",
      templates: [],
    });
  });
});

describe("CampaignDialog: the user picker", () => {
  it("searches users by name only once 3 characters are typed", async () => {
    const fake = serve();
    const { dialog } = open(buildCampaign({ id: 1, openTicket: "enabled" }));
    const user = within(dialog).getByRole("combobox", { name: "Usuário" });
    user.focus();
    fireEvent.change(user, { target: { value: "Ma" } });
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(fake.requests.filter((r) => r === "GET /users")).toHaveLength(0);
    expect(fake.requests).not.toContain("GET /users/list");

    fireEvent.change(user, { target: { value: "Mar" } });
    await waitFor(
      () => expect(fake.urls.some((u) => /^GET \/users\?.*searchParam=Mar(&|$)/.test(u))).toBe(true),
      {
        timeout: 2000,
      },
    );
    fireEvent.click(await screen.findByRole("option", { name: "Maria" }));
    await choose(dialog, "Fila", "Suporte");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(fake.bodies.get("PUT /campaigns/1")).toMatchObject({ userId: 4, queueId: 6 }));
  });

  it("keeps the user picker disabled while openTicket is disabled", async () => {
    serve();
    const { dialog } = open(buildCampaign({ id: 1, openTicket: "disabled" }));
    expect(isDisabled(within(dialog).getByRole("combobox", { name: "Usuário" }))).toBe(true);
  });
});

describe("CampaignDialog: Cloud API templates", () => {
  it("offers a whatsappapi connection's templates instead of free text and saves the chosen one", async () => {
    const fake = serve([]);
    const { dialog } = open(null);
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome/ }), {
      target: { value: "Oficial BF" },
    });
    expect(within(dialog).getByRole("textbox", { name: "Mensagem 1" })).toBeTruthy();
    await choose(dialog, "Conexão", "Oficial");

    await choose(dialog, "Modelo de mensagem", "promo (pt_BR)");
    expect(within(dialog).queryByRole("textbox", { name: "Mensagem 1" })).toBeNull();
    expect(within(dialog).getByTestId("campaign-template-body").textContent).toBe(
      "Olá {{1}}, use o cupom {{2}}",
    );
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Parâmetro 1" }), {
      target: { value: "{nome}" },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Parâmetro 2" }), {
      target: { value: "{cupom}" },
    });
    expect(within(dialog).queryByRole("textbox", { name: "Parâmetro 3" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));

    await waitFor(() => expect(fake.requests).toContain("POST /campaigns"));
    expect(fake.requests).toContain("GET /campaigns/templates/8");
    expect(fake.bodies.get("POST /campaigns")).toMatchObject({
      name: "Oficial BF",
      whatsappId: 8,
      templates: [
        {
          name: "promo",
          language: "pt_BR",
          variables: ["{nome}", "{cupom}"],
          body: "Olá {{1}}, use o cupom {{2}}",
        },
      ],
    });
  });

  it("each tab holds its own template and confirmation message: two variants", async () => {
    const fake = serve([]);
    const { dialog } = open(null);
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome/ }), {
      target: { value: "Duas variantes" },
    });
    await choose(dialog, "Conexão", "Oficial");
    fireEvent.click(within(dialog).getByRole("switch", { name: "Confirmação" }));
    // Tab 1: a template with parameters and its confirmation.
    await choose(dialog, "Modelo de mensagem", "promo (pt_BR)");
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Parâmetro 1" }), {
      target: { value: "{nome}" },
    });
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Parâmetro 2" }), {
      target: { value: "BF10" },
    });
    fireEvent.change(await within(dialog).findByRole("textbox", { name: "Mensagem de confirmação 1" }), {
      target: { value: "Obrigado {nome}!" },
    });
    // Tab 3: another template (tab 2 stays empty: no variant), with its own confirmation.
    fireEvent.click(within(dialog).getByRole("tab", { name: "Msg. 3" }));
    const third = await within(dialog).findByRole("combobox", { name: /^Modelo de mensagem/ });
    expect(third.textContent).not.toContain("promo");
    expect(within(dialog).queryByRole("textbox", { name: "Parâmetro 1" })).toBeNull();
    await choose(dialog, "Modelo de mensagem", "boas_vindas (pt_BR)");
    expect(within(dialog).getByTestId("campaign-template-body").textContent).toBe("Bem-vindo!");
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Mensagem de confirmação 3" }), {
      target: { value: "Bem-vindo de volta!" },
    });
    // Back on tab 1, its template and values are still there.
    fireEvent.click(within(dialog).getByRole("tab", { name: "Msg. 1" }));
    expect((within(dialog).getByRole("textbox", { name: "Parâmetro 2" }) as HTMLInputElement).value).toBe(
      "BF10",
    );
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(fake.requests).toContain("POST /campaigns"));
    expect(fake.bodies.get("POST /campaigns")).toMatchObject({
      confirmation: true,
      confirmationMessage1: "Obrigado {nome}!",
      confirmationMessage3: "Bem-vindo de volta!",
      templates: [
        { name: "promo", variables: ["{nome}", "BF10"] },
        null,
        { name: "boas_vindas", language: "pt_BR", variables: [], body: "Bem-vindo!" },
      ],
    });
  });

  it("a template chosen and then removed leaves no trailing empty slots in the body", async () => {
    const fake = serve([]);
    const { dialog } = open(null);
    fireEvent.change(within(dialog).getByRole("textbox", { name: /^Nome/ }), { target: { value: "Uma" } });
    await choose(dialog, "Conexão", "Oficial");
    await choose(dialog, "Modelo de mensagem", "boas_vindas (pt_BR)");
    fireEvent.click(within(dialog).getByRole("tab", { name: "Msg. 2" }));
    await choose(dialog, "Modelo de mensagem", "promo (pt_BR)");
    await choose(dialog, "Modelo de mensagem", "Nenhum");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(fake.requests).toContain("POST /campaigns"));
    expect((fake.bodies.get("POST /campaigns") as { templates: unknown[] }).templates).toEqual([
      { name: "boas_vindas", language: "pt_BR", variables: [], body: "Bem-vindo!" },
    ]);
  });

  it("shows a stored template of a Cloud API campaign with its values", async () => {
    serve();
    const { dialog } = open(
      buildCampaign({
        whatsappId: 8,
        whatsapp: { id: 8, name: "Oficial", channel: "whatsappapi" },
        templates: [
          {
            name: "promo",
            language: "pt_BR",
            variables: ["{nome}", "BF10"],
            body: "Olá {{1}}, use o cupom {{2}}",
          },
        ],
      }),
    );
    expect(await within(dialog).findByTestId("campaign-template-body")).toBeTruthy();
    expect((within(dialog).getByRole("textbox", { name: "Parâmetro 2" }) as HTMLInputElement).value).toBe(
      "BF10",
    );
  });

  it("says so in the field when the templates cannot be read", async () => {
    serve([], (method, path) =>
      method === "GET" && path === "/campaigns/templates/8"
        ? Response.json({ error: "ERR_FACEBOOK_GRAPH", message: "Meta fora do ar" }, { status: 502 })
        : undefined,
    );
    const { dialog } = open(null);
    await choose(dialog, "Conexão", "Oficial");
    expect(await within(dialog).findByText(/Não foi possível carregar os modelos/)).toBeTruthy();
  });
});
