import { brokenSettingRule, type CompanyScheduleDayDto, type SettingDto, type UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { act } from "react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { RequirePermission } from "../../app/guards/RequirePermission";
import { isAdmin } from "../../app/permissions";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { RealtimeContext } from "../../realtime/realtime-context";
import { SettingsEvents, withCompanySetting } from "../../realtime/SettingsEvents";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { SettingsPage } from "./SettingsPage";

/** What a fresh company answers (company_settings defaults). */
const DEFAULTS: Record<string, string | null> = {
  phoneDefaultCountry: "BR",
  userRating: "disabled",
  scheduleType: "disabled",
  chatBotType: "text",
  acceptCallWhatsapp: "enabled",
  userRandom: "disabled",
  sendGreetingMessageOneQueues: "disabled",
  sendSignMessage: "enabled",
  sendFarewellWaitingTicket: "disabled",
  sendGreetingAccepted: "disabled",
  sendQueuePosition: "disabled",
  acceptAudioMessageContact: "enabled",
  enableLGPD: "disabled",
  requiredTag: "disabled",
  lgpdDeleteMessage: "disabled",
  lgpdHideNumber: "disabled",
  lgpdConsent: "disabled",
  lgpdMessage: null,
  lgpdLink: null,
  sendMsgTransfTicket: "disabled",
  closeTicketOnTransfer: "disabled",
  transferMessage: null,
  greetingAcceptedMessage: null,
  AcceptCallWhatsappMessage: null,
  sendQueuePositionMessage: null,
  showNotificationPending: "disabled",
  DirectTicketsToWallets: "disabled",
};

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/**
 * A settings server: GET /settings answers the stored values, PUT
 * /settings/{key} stores one (refusing a flag without its message, as the
 * server does), GET and PUT /companies/2(/schedules) the business hours.
 */
function serve(overrides: Record<string, string | null> = {}, schedules: CompanyScheduleDayDto[] = []) {
  const values: Record<string, string | null> = { ...DEFAULTS, ...overrides };
  const calls: Call[] = [];
  let stored = schedules;
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, ...(body === undefined ? {} : { body }) });
      if (url === "/settings" && method === "GET")
        return Response.json(Object.entries(values).map(([key, value]) => ({ key, value })));
      const key = /^\/settings\/(\w+)$/.exec(url)?.[1];
      if (key && method === "PUT") {
        const value = typeof body.value === "string" && body.value.trim() ? body.value.trim() : null;
        const broken = brokenSettingRule({ ...values, [key]: value }, key);
        if (broken)
          return Response.json(
            { error: "ERR_SETTING_MESSAGE_REQUIRED", message: "required", field: broken.message },
            { status: 400 },
          );
        values[key] = value;
        return Response.json({ key, value });
      }
      if (url === "/companies/2" && method === "GET")
        return Response.json({ id: 2, name: "Acme", schedules: stored });
      if (url === "/companies/2/schedules" && method === "PUT") {
        stored = body.schedules;
        return Response.json({ id: 2, name: "Acme", schedules: stored });
      }
      return unknownRequest(method, url);
    },
  });
  return calls;
}

const admin = buildUser({ profile: "admin" });
let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => unsubscribe());

/** The /settings route as AppRoutes declares it, inside the signed-in layout's settings listener. */
function renderPage(user: UserDto = admin, onUserChanged: (user: UserDto) => void = () => {}) {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <SettingsEvents user={user} onUserChanged={onUserChanged} />
        <RequirePermission allow={isAdmin}>
          <SettingsPage />
        </RequirePermission>
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/settings"] },
  );
  return socket;
}

const select = (label: string) => screen.getByRole("combobox", { name: label });
/** Chooses `option` in the select labelled `label`. */
async function choose(label: string, option: string) {
  fireEvent.mouseDown(await screen.findByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}
const puts = (calls: Call[]) => calls.filter((call) => call.method === "PUT");

describe("SettingsPage access", () => {
  it("shows the no-access view to profile user and asks nothing", () => {
    const calls = serve();
    renderPage(buildUser({ profile: "user" }));
    expect(screen.getByText("Oops! Acesso Negado!")).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Configurações" })).toBeNull();
    expect(calls).toEqual([]);
  });
});

describe("SettingsPage options", () => {
  it("shows every setting of the company by group, with what the server does with it", async () => {
    serve();
    renderPage();
    expect(await screen.findByRole("heading", { name: "Atendimento" })).toBeTruthy();
    for (const group of ["Chatbot, filas e expediente", "Transferência", "Chamadas", "LGPD", "Notificações"])
      expect(screen.getByRole("heading", { name: group })).toBeTruthy();
    expect(select("Avaliações").textContent).toBe("Desabilitado");
    expect(select("Gerenciamento de expediente").textContent).toBe("Desabilitado");
    expect(select("Tipo do chatbot").textContent).toBe("Texto");
    expect(select("Assinar mensagens com o nome do atendente").textContent).toBe("Habilitado");
    expect(screen.getByText("Um atendimento só é resolvido quando o contato tem uma tag.")).toBeTruthy();
    // Stored only (docs/SETTINGS.md): the help text does not promise that audio is refused.
    expect(
      screen.getByText(
        "Guardado; ainda não altera o atendimento: os áudios dos contatos continuam sendo recebidos. Cada contato também guarda a sua própria opção.",
      ),
    ).toBeTruthy();
    // Only super users see the platform's settings; the schedules tab only with scheduleType company.
    expect(screen.queryByRole("heading", { name: "Plataforma" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Limite de download de arquivos" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Horários" })).toBeNull();
    expect(screen.queryByRole("tab", { name: "Planos" })).toBeNull();
    // LGPD details appear with LGPD enabled; messages with their flag.
    expect(screen.queryByRole("combobox", { name: "Ocultar o número do contato para usuários" })).toBeNull();
    expect(screen.queryByRole("textbox", { name: "Mensagem de transferência" })).toBeNull();
  });

  it("saves a choice at once with 'Operação atualizada com sucesso.'", async () => {
    const calls = serve();
    renderPage();
    await choose("Tag obrigatória para resolver", "Habilitado");
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        { method: "PUT", url: "/settings/requiredTag", body: { value: "enabled" } },
      ]),
    );
    await waitFor(() => expect(toasts.map((t) => t.message)).toEqual(["Operação atualizada com sucesso."]));
    expect(select("Tag obrigatória para resolver").textContent).toBe("Habilitado");
  });

  it("offers the phone numbers' default country by name with its calling code, Brazil until changed", async () => {
    const calls = serve();
    renderPage();
    await waitFor(() => expect(select("País padrão dos números").textContent).toBe("Brasil (+55)"));
    expect(screen.getByText(/Números digitados sem código do país \(\+55…\) são deste país/)).toBeTruthy();
    await choose("País padrão dos números", "Portugal (+351)");
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        { method: "PUT", url: "/settings/phoneDefaultCountry", body: { value: "PT" } },
      ]),
    );
    await waitFor(() => expect(select("País padrão dos números").textContent).toBe("Portugal (+351)"));
  });

  it("asks for the transfer message before enabling it, then saves the message and the flag in that order", async () => {
    const calls = serve();
    renderPage();
    await choose("Enviar mensagem de transferência", "Habilitado");
    const message = await screen.findByRole("textbox", { name: "Mensagem de transferência" });
    expect(
      screen.getByText("A mensagem de transferência é obrigatória com o envio da transferência habilitado."),
    ).toBeTruthy();
    expect(puts(calls)).toEqual([]);
    // Leaving it empty saves nothing.
    fireEvent.blur(message);
    expect(puts(calls)).toEqual([]);

    fireEvent.change(message, { target: { value: "Você foi transferido para {{queue}}" } });
    fireEvent.blur(message);
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        {
          method: "PUT",
          url: "/settings/transferMessage",
          body: { value: "Você foi transferido para {{queue}}" },
        },
        { method: "PUT", url: "/settings/sendMsgTransfTicket", body: { value: "enabled" } },
      ]),
    );
    await waitFor(() => expect(toasts).toHaveLength(2));
    expect(select("Enviar mensagem de transferência").textContent).toBe("Habilitado");
  });

  it("refuses to clear a message its flag needs", async () => {
    const calls = serve({ sendGreetingAccepted: "enabled", greetingAcceptedMessage: "Olá {{name}}" });
    renderPage();
    const message = await screen.findByRole("textbox", { name: "Mensagem de saudação ao aceitar" });
    expect((message as HTMLTextAreaElement).value).toBe("Olá {{name}}");
    // Message variables are shown as the admin types them, not filled in.
    expect(
      screen.getByText("Use {{name}} para o nome do contato e {{userName}} para o nome do atendente."),
    ).toBeTruthy();
    fireEvent.change(message, { target: { value: "  " } });
    fireEvent.blur(message);
    expect(
      await screen.findByText("A mensagem de saudação é obrigatória com a saudação ao aceitar habilitada."),
    ).toBeTruthy();
    expect(puts(calls)).toEqual([]);
  });

  it("says at once that an enabled flag lacks its message (older data saved without it)", async () => {
    serve({ sendGreetingAccepted: "enabled", greetingAcceptedMessage: null });
    renderPage();
    expect(await screen.findByRole("textbox", { name: "Mensagem de saudação ao aceitar" })).toBeTruthy();
    expect(
      screen.getByText("A mensagem de saudação é obrigatória com a saudação ao aceitar habilitada."),
    ).toBeTruthy();
  });

  it("refusing calls needs the call message: saved at once when it exists", async () => {
    const calls = serve({ AcceptCallWhatsappMessage: "Não atendemos ligações" });
    renderPage();
    await choose("Aceitar chamadas no WhatsApp", "Desabilitado");
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        { method: "PUT", url: "/settings/acceptCallWhatsapp", body: { value: "disabled" } },
      ]),
    );
    expect(await screen.findByRole("textbox", { name: "Mensagem de chamada recusada" })).toBeTruthy();
  });

  it("shows the LGPD details once LGPD is enabled", async () => {
    serve();
    renderPage();
    await choose("Habilitar tratamento LGPD", "Habilitado");
    expect(
      await screen.findByRole("combobox", { name: "Ocultar o número do contato para usuários" }),
    ).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Mensagem de consentimento (LGPD)" })).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Link da política de privacidade" })).toBeTruthy();
  });

  it("gives super users the user creation and the download limit, and keeps the platform tabs' place", async () => {
    const calls = serve({ userCreation: "enabled" });
    renderPage(buildUser({ profile: "admin", super: true }));
    expect(await screen.findByRole("heading", { name: "Plataforma" })).toBeTruthy();
    expect(select("Criação de usuários").textContent).toBe("Habilitado");
    // Never stored: the server's default of 64 MB.
    expect(select("Limite de download de arquivos").textContent).toBe("64 MB");
    for (const tab of ["Planos", "Empresas", "Ajuda", "Whitelabel"])
      expect(screen.getByRole("tab", { name: tab }).hasAttribute("disabled")).toBe(false);
    await choose("Limite de download de arquivos", "512 MB");
    await waitFor(() =>
      expect(puts(calls)).toEqual([
        { method: "PUT", url: "/settings/downloadLimit", body: { value: "512" } },
      ]),
    );
  });

  it("gives super users the public signup and its trial days, and saves a new trial length", async () => {
    const calls = serve();
    renderPage(buildUser({ profile: "admin", super: true }));
    const platform = await screen.findByRole("region", { name: "Plataforma" });
    // Never stored: the signup is refused and a signup's trial is 7 days (docs/SETTINGS.md).
    expect(within(platform).getByRole("combobox", { name: "Cadastro público de empresas" }).textContent).toBe(
      "Desabilitado",
    );
    expect(within(platform).getByRole("combobox", { name: "Dias de teste no cadastro" }).textContent).toBe(
      "7 dias",
    );
    expect(
      within(platform).getByText(
        "Uma empresa criada pelo cadastro público vence pela primeira vez após estes dias (padrão 7).",
      ),
    ).toBeTruthy();
    fireEvent.mouseDown(select("Dias de teste no cadastro"));
    const options = await screen.findAllByRole("option");
    expect(options.map((option) => option.textContent)).toEqual([
      "1 dia",
      ...["3", "5", "7", "10", "14", "15", "21", "30", "45", "60", "90"].map((days) => `${days} dias`),
    ]);
    fireEvent.click(screen.getByRole("option", { name: "14 dias" }));
    await waitFor(() =>
      expect(puts(calls)).toEqual([{ method: "PUT", url: "/settings/trialDays", body: { value: "14" } }]),
    );
    await waitFor(() => expect(select("Dias de teste no cadastro").textContent).toBe("14 dias"));
    expect(toasts.map((t) => t.message)).toEqual(["Operação atualizada com sucesso."]);

    await choose("Cadastro público de empresas", "Habilitado");
    await waitFor(() =>
      expect(puts(calls)[1]).toEqual({
        method: "PUT",
        url: "/settings/allowSignup",
        body: { value: "enabled" },
      }),
    );
  });

  it("shows an admin neither the signup nor its trial days", async () => {
    serve({ allowSignup: "enabled", trialDays: "30" });
    renderPage();
    await screen.findByRole("heading", { name: "Atendimento" });
    expect(screen.queryByRole("combobox", { name: "Dias de teste no cadastro" })).toBeNull();
    expect(screen.queryByRole("combobox", { name: "Cadastro público de empresas" })).toBeNull();
    expect(screen.queryByText("30 dias")).toBeNull();
  });
});

describe("SettingsPage live", () => {
  it("a setting changed in another tab shows here at once", async () => {
    serve();
    const socket = renderPage();
    await screen.findByRole("heading", { name: "Atendimento" });
    act(() =>
      socket.push("company-2-settings", {
        action: "update",
        setting: { key: "requiredTag", value: "enabled" },
      }),
    );
    await waitFor(() => expect(select("Tag obrigatória para resolver").textContent).toBe("Habilitado"));
    act(() =>
      socket.push("company-2-settings", {
        action: "update",
        setting: { key: "scheduleType", value: "company" },
      }),
    );
    expect(await screen.findByRole("tab", { name: "Horários" })).toBeTruthy();
  });

  it("keeps the signed-in user's company settings current (LGPD masks read them)", () => {
    const user = buildUser({
      company: {
        id: 2,
        name: "Acme",
        dueDate: null,
        companieSettings: [
          { key: "enableLGPD", value: "disabled" },
          { key: "lgpdHideNumber", value: "disabled" },
        ],
      },
    });
    const changed = withCompanySetting(user, { key: "lgpdHideNumber", value: "enabled" } as SettingDto);
    expect(changed.company?.companieSettings).toEqual([
      { key: "enableLGPD", value: "disabled" },
      { key: "lgpdHideNumber", value: "enabled" },
    ]);
    // Keys outside the company's attendance settings leave the user as it is.
    expect(withCompanySetting(user, { key: "downloadLimit", value: "64" })).toBe(user);
  });
});

describe("SettingsPage schedules", () => {
  it("edits the seven weekdays with HH:MM masks and saves them: 'Horários atualizados com sucesso.'", async () => {
    const calls = serve({ scheduleType: "company" });
    renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: "Horários" }));
    const table = await screen.findByRole("table", { name: "Horários" });
    expect(within(table).getAllByRole("row")).toHaveLength(8);
    // Never saved: the spec's default hours, and a word that the company counts as open until then.
    expect(screen.getByText(/Horários ainda não salvos/)).toBeTruthy();
    const mondayStart = screen.getByRole("textbox", { name: "Segunda-feira, turno A: início" });
    expect((mondayStart as HTMLInputElement).value).toBe("08:00");

    fireEvent.change(mondayStart, { target: { value: "0730" } });
    expect((mondayStart as HTMLInputElement).value).toBe("07:30");
    const sundayStart = screen.getByRole("textbox", { name: "Domingo, turno B: início" });
    fireEvent.change(sundayStart, { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText("Informe o início e o fim do turno")).toBeTruthy();
    expect(puts(calls)).toEqual([]);

    fireEvent.change(screen.getByRole("textbox", { name: "Domingo, turno B: fim" }), {
      target: { value: "" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    const sent = puts(calls)[0]?.body as { schedules: CompanyScheduleDayDto[] };
    expect(puts(calls)[0]?.url).toBe("/companies/2/schedules");
    expect(sent.schedules).toHaveLength(7);
    expect(sent.schedules[0]).toEqual({
      weekday: "Segunda-feira",
      weekdayEn: "monday",
      startTimeA: "07:30",
      endTimeA: "12:00",
      startTimeB: "13:00",
      endTimeB: "18:00",
    });
    expect(sent.schedules[6]).toMatchObject({ weekdayEn: "sunday", startTimeB: "", endTimeB: "" });
    await waitFor(() => expect(toasts.map((t) => t.message)).toEqual(["Horários atualizados com sucesso."]));
    expect(screen.queryByText(/Horários ainda não salvos/)).toBeNull();
  });

  it("shows the stored week, a day missing from it closed, and follows a save made in another tab", async () => {
    serve({ scheduleType: "company" }, [
      {
        weekday: "Segunda-feira",
        weekdayEn: "monday",
        startTimeA: "09:00",
        endTimeA: "17:00",
        startTimeB: "",
        endTimeB: "",
      },
    ]);
    const socket = renderPage();
    fireEvent.click(await screen.findByRole("tab", { name: "Horários" }));
    const mondayStart = await screen.findByRole("textbox", { name: "Segunda-feira, turno A: início" });
    expect((mondayStart as HTMLInputElement).value).toBe("09:00");
    expect(
      (screen.getByRole("textbox", { name: "Terça-feira, turno A: início" }) as HTMLInputElement).value,
    ).toBe("");
    act(() =>
      socket.push("company-2-settings", {
        action: "update",
        schedules: [
          {
            weekday: "Segunda-feira",
            weekdayEn: "monday",
            startTimeA: "10:00",
            endTimeA: "16:00",
            startTimeB: "",
            endTimeB: "",
          },
        ],
      }),
    );
    await waitFor(() =>
      expect(
        (screen.getByRole("textbox", { name: "Segunda-feira, turno A: início" }) as HTMLInputElement).value,
      ).toBe("10:00"),
    );
  });
});
