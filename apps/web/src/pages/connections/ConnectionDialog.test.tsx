import type { ConnectionDto, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { buildConnection } from "../../test/connections";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { ConnectionDialog, type ConnectionDialogState } from "./ConnectionDialog";

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

const QUEUES = [
  { id: 3, name: "Vendas", color: "#ff0000" },
  { id: 4, name: "Suporte", color: "#00ff00" },
];

/** The server of the dialog: the connection, the queues, the company settings, and what saving sends. */
function serve(options: { connection?: ConnectionDto; settings?: Record<string, string> }) {
  const calls: Call[] = [];
  let current = options.connection ?? buildConnection({ id: 1 });
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body =
        init.body instanceof FormData
          ? init.body
          : typeof init.body === "string"
            ? JSON.parse(init.body)
            : undefined;
      calls.push({ method, url, body });
      if (method === "GET" && url === "/queue") return Response.json(QUEUES);
      if (method === "GET" && url === "/companySettings/2")
        return Response.json({ userRating: "disabled", scheduleType: "disabled", ...options.settings });
      if (method === "GET" && url === `/whatsapp/${current.id}`) return Response.json(current);
      if (method === "PUT" && url === `/whatsapp/${current.id}`) {
        const queues = (body.queueIds as number[]).map((id) => QUEUES.find((queue) => queue.id === id));
        current = { ...current, ...body, queues };
        return Response.json(current);
      }
      if (url === `/whatsappsession/${current.id}` && (method === "DELETE" || method === "POST")) {
        current = { ...current, status: method === "DELETE" ? "DISCONNECTED" : "qrcode" };
        return Response.json(current);
      }
      if (method === "POST" && url === "/whatsapp") {
        current = buildConnection({ ...body, id: 8, queues: [] });
        return Response.json(current, { status: 201 });
      }
      if (method === "POST" && url === `/whatsapp/${current.id}/media-upload`) {
        const file = (body as FormData).get("file") as File;
        current = {
          ...current,
          greetingMediaAttachment: `/public/company2/greeting/x.png`,
          greetingMediaName: file.name,
          greetingMediaType: "image/png",
        };
        return Response.json(current);
      }
      if (method === "DELETE" && url === `/whatsapp/${current.id}/media-upload`) {
        current = {
          ...current,
          greetingMediaAttachment: null,
          greetingMediaName: null,
          greetingMediaType: null,
        };
        return Response.json(current);
      }
      // The automation tab's flows, prompts and integrations: none in these tests.
      if ((method ?? "GET") === "GET" && url.startsWith("/flowbuilder?"))
        return Response.json({ flows: [], count: 0, hasMore: false });
      if ((method ?? "GET") === "GET" && url.startsWith("/prompt?"))
        return Response.json({ prompts: [], count: 0, hasMore: false });
      if ((method ?? "GET") === "GET" && url.startsWith("/queueIntegration?"))
        return Response.json({ queueIntegrations: [], count: 0, hasMore: false });
      return unknownRequest(method, url);
    },
  });
  return calls;
}

const plan = {
  id: 1,
  name: "Plano",
  useWhatsapp: true,
  useFacebook: true,
  useInstagram: true,
  useCampaigns: true,
  useSchedules: true,
  useInternalChat: true,
  useExternalApi: true,
  useKanban: true,
  useOpenAi: true,
  useIntegrations: false,
};
const admin: UserDto = buildUser({ profile: "admin", company: { id: 2, name: "Acme", dueDate: null, plan } });

function renderDialog(state: ConnectionDialogState, onClose: () => void = () => {}) {
  const onSaved = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ConnectionDialog state={state} onSaved={onSaved} onClose={onClose} />
    </QueryClientProvider>,
    { auth: authValue({ user: admin }) },
  );
  return onSaved;
}

const field = (name: string) => {
  const element = document.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`);
  if (!element) throw new Error(`no field ${name}`);
  return element;
};
const type = (name: string, value: string) => fireEvent.change(field(name), { target: { value } });
const openTab = (name: string) => fireEvent.click(screen.getByRole("tab", { name }));
const pick = async (label: string, option: string) => {
  fireEvent.mouseDown(screen.getByRole("combobox", { name: label }));
  fireEvent.click(await screen.findByRole("option", { name: option }));
  // A multiple select stays open: close it.
  const listbox = screen.queryByRole("listbox");
  if (listbox) fireEvent.keyDown(listbox, { key: "Escape" });
};
const save = () => fireEvent.click(screen.getByRole("button", { name: "Salvar" }));
const putBody = (calls: Call[]) =>
  calls.find((call) => call.method === "PUT")?.body as Record<string, unknown>;

let toasts: ToastMessage[] = [];
let unsubscribe: () => void = () => {};
beforeEach(() => {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
});
afterEach(() => unsubscribe());

/** Opens the edit dialog, lets `fill` change a tab, saves, and answers the PUT body. */
async function savedBody(fill: () => Promise<void> | void, settings?: Record<string, string>) {
  const calls = serve({ settings });
  const onSaved = renderDialog({ open: true, mode: "edit", connectionId: 1 });
  await screen.findByRole("tab", { name: "Mensagens" });
  await fill();
  save();
  await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
  return putBody(calls);
}

describe("ConnectionDialog: message import on a connected connection", () => {
  it("warns for as long as the import is on, resets the session before the save and starts it after", async () => {
    const calls = serve({
      connection: buildConnection({
        id: 1,
        channel: "whatsapp",
        status: "CONNECTED",
        importOldMessages: new Date(Date.now() - 10 * 86_400_000).toISOString(),
        queueIdImportMessages: 3,
      }),
    });
    const onSaved = renderDialog({ open: true, mode: "edit", connectionId: 1 });
    const warning = /Esta conexão está conectada: ao salvar com a importação ativada/;
    expect(await screen.findByText(warning)).toBeTruthy();
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.url}`)).toEqual(
      ["DELETE /whatsappsession/1", "PUT /whatsapp/1", "POST /whatsappsession/1"],
    );
  });
});

describe("ConnectionDialog: every tab's fields reach PUT /whatsapp/{id}", () => {
  it("general: name, queues, groups", async () => {
    const body = await savedBody(async () => {
      type("name", "Loja Centro");
      await pick("Filas", "Vendas");
      fireEvent.click(screen.getByRole("switch", { name: "Permitir grupos" }));
      await pick("Tratar grupos como atendimento", "Habilitado");
    });
    expect(body).toMatchObject({
      name: "Loja Centro",
      queueIds: [3],
      allowGroup: true,
      groupAsTicket: "enabled",
      importOldMessages: null,
    });
    expect(body).not.toHaveProperty("channel");
    expect(body).not.toHaveProperty("importMessages");
    expect(toasts.map((toast) => toast.message)).toEqual(["Conexão salva com sucesso!"]);
  });

  it("messages: greeting, completion, out of hours, rating, inactivity", async () => {
    const body = await savedBody(() => {
      openTab("Mensagens");
      type("greetingMessage", "Olá! Escolha uma opção:");
      type("complationMessage", "Obrigado pelo contato!");
      type("outOfHoursMessage", "Estamos fora do horário.");
      type("ratingMessage", "Dê uma nota de 0 a 10.");
      type("inactiveMessage", "Ainda está aí?");
    });
    expect(body).toMatchObject({
      greetingMessage: "Olá! Escolha uma opção:",
      complationMessage: "Obrigado pelo contato!",
      outOfHoursMessage: "Estamos fora do horário.",
      ratingMessage: "Dê uma nota de 0 a 10.",
      inactiveMessage: "Ainda está aí?",
    });
  });

  it("chatbot: limits, the move-to-queue timer and its queue, inactivity, reopening", async () => {
    const body = await savedBody(async () => {
      openTab("Chatbot");
      type("maxUseBotQueues", "5");
      type("timeUseBotQueues", "60");
      type("timeSendQueue", "10");
      await pick("Fila de transferência", "Suporte");
      type("timeInactiveMessage", "15");
      type("expiresTicket", "30");
      await pick("Encerrar quando a última mensagem for", "Do atendente");
      type("timeCreateNewTicket", "120");
      type("expiresInactiveMessage", "Encerramos por falta de resposta.");
    });
    expect(body).toMatchObject({
      maxUseBotQueues: 5,
      timeUseBotQueues: 60,
      timeSendQueue: 10,
      sendIdQueue: 4,
      timeInactiveMessage: 15,
      expiresTicket: 30,
      whenExpiresTicket: "1",
      timeCreateNewTicket: 120,
      expiresInactiveMessage: "Encerramos por falta de resposta.",
    });
  });

  it("assessments: the NPS expiry and invalid answers", async () => {
    const body = await savedBody(() => {
      openTab("Avaliações");
      type("expiresTicketNPS", "20");
      type("maxUseBotQueuesNPS", "2");
    });
    expect(body).toMatchObject({ expiresTicketNPS: 20, maxUseBotQueuesNPS: 2 });
  });

  it("schedules (scheduleType connection): seven days, shifts A and B", async () => {
    const body = await savedBody(
      () => {
        openTab("Horários");
        fireEvent.change(screen.getByRole("textbox", { name: "Sábado, turno A: fim" }), {
          target: { value: "1100" },
        });
        fireEvent.change(screen.getByRole("textbox", { name: "Sábado, turno B: início" }), {
          target: { value: "" },
        });
        fireEvent.change(screen.getByRole("textbox", { name: "Sábado, turno B: fim" }), {
          target: { value: "" },
        });
      },
      { scheduleType: "connection" },
    );
    const schedules = body.schedules as Record<string, string>[];
    expect(schedules).toHaveLength(7);
    expect(schedules[5]).toEqual({
      weekday: "Sábado",
      weekdayEn: "saturday",
      startTimeA: "08:00",
      endTimeA: "11:00",
      startTimeB: "",
      endTimeB: "",
    });
    expect(schedules[0]).toMatchObject({ weekdayEn: "monday", startTimeA: "08:00", endTimeB: "18:00" });
  });

  it("collective vacation: start, end and message", async () => {
    const body = await savedBody(() => {
      openTab("Férias coletivas");
      type("collectiveVacationStart", "2030-12-24");
      type("collectiveVacationEnd", "2031-01-02");
      type("collectiveVacationMessage", "Férias coletivas até 2 de janeiro.");
    });
    expect(body).toMatchObject({
      collectiveVacationStart: "2030-12-24",
      collectiveVacationEnd: "2031-01-02",
      collectiveVacationMessage: "Férias coletivas até 2 de janeiro.",
    });
  });

  it("without scheduleType connection: no schedules tab, and the stored schedules are left alone", async () => {
    const calls = serve({ settings: { scheduleType: "company" } });
    const onSaved = renderDialog({ open: true, mode: "edit", connectionId: 1 });
    await screen.findByRole("tab", { name: "Mensagens" });
    expect(screen.queryByRole("tab", { name: "Horários" })).toBeNull();
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(putBody(calls)).not.toHaveProperty("schedules");
  });

  it("shows the validation messages and sends nothing while the company's rating rules fail", async () => {
    const calls = serve({ settings: { userRating: "enabled" } });
    renderDialog({ open: true, mode: "edit", connectionId: 1 });
    await screen.findByRole("tab", { name: "Mensagens" });
    save();
    expect(
      await screen.findByText("Informe a mensagem de avaliação: a avaliação de atendimentos está ativa."),
    ).toBeTruthy();
    openTab("Avaliações");
    expect(
      screen.getByText("O prazo da avaliação NPS não pode ser 0 com a avaliação de atendimentos ativa."),
    ).toBeTruthy();
    expect(calls.some((call) => call.method === "PUT")).toBe(false);
  });
});

describe("ConnectionDialog: the greeting's file", () => {
  it("a chosen file is uploaded after the connection is saved", async () => {
    const calls = serve({ connection: buildConnection({ id: 1, queues: [QUEUES[0]!] }) });
    const onSaved = renderDialog({ open: true, mode: "edit", connectionId: 1 });
    await screen.findByRole("tab", { name: "Mensagens" });
    openTab("Mensagens");
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "boas-vindas.png", {
      type: "image/png",
    });
    fireEvent.change(screen.getByLabelText("Anexar arquivo", { selector: "input" }), {
      target: { files: [file] },
    });
    expect(screen.getByText("boas-vindas.png · Será enviado ao salvar")).toBeTruthy();
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    const order = calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.url}`);
    expect(order).toEqual(["PUT /whatsapp/1", "POST /whatsapp/1/media-upload"]);
    const upload = calls.find((call) => call.url === "/whatsapp/1/media-upload")?.body as FormData;
    expect((upload.get("file") as File).name).toBe("boas-vindas.png");
    expect(onSaved.mock.calls[0]?.[0]).toMatchObject({ greetingMediaName: "boas-vindas.png" });
  });

  it("shows the stored file and removes it on save; Undo keeps it", async () => {
    const calls = serve({
      connection: buildConnection({
        id: 1,
        queues: [QUEUES[0]!],
        greetingMediaAttachment: "/public/company2/greeting/a.pdf",
        greetingMediaName: "cardapio.pdf",
        greetingMediaType: "application/pdf",
      }),
    });
    const onSaved = renderDialog({ open: true, mode: "edit", connectionId: 1 });
    await screen.findByRole("tab", { name: "Mensagens" });
    openTab("Mensagens");
    const link = screen.getByRole("link", { name: "cardapio.pdf" });
    expect(link.getAttribute("href")).toBe("/public/company2/greeting/a.pdf");
    fireEvent.click(screen.getByRole("button", { name: "Remover arquivo" }));
    expect(screen.getByText(/Será removido ao salvar/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Desfazer" }));
    fireEvent.click(screen.getByRole("button", { name: "Remover arquivo" }));
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.url}`)).toEqual(
      ["PUT /whatsapp/1", "DELETE /whatsapp/1/media-upload"],
    );
  });
});

describe("ConnectionDialog: a connection without queues", () => {
  it("warns in the dialog and after saving that only users who see tickets without a queue get its tickets", async () => {
    const calls = serve({});
    const onSaved = renderDialog({ open: true, mode: "create", channel: "whatsapp" });
    await screen.findByRole("tab", { name: "Geral" });
    const dialog = screen.getByRole("dialog");
    expect(
      within(dialog).getByText(
        "Sem filas, os atendimentos desta conexão chegam apenas aos usuários que veem atendimentos sem fila.",
      ),
    ).toBeTruthy();
    type("name", "Nova loja");
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      name: "Nova loja",
      channel: "whatsapp",
      queueIds: [],
    });
    expect(toasts).toEqual([
      expect.objectContaining({ severity: "success", message: "Conexão salva com sucesso!" }),
      expect.objectContaining({
        severity: "warning",
        message:
          "Conexão salva sem filas: os atendimentos dela chegam apenas aos usuários que veem atendimentos sem fila.",
      }),
    ]);
  });
});

describe("ConnectionDialog layout", () => {
  it("keeps the title, the tabs and the buttons in view at one height: only the tab's content scrolls", async () => {
    serve({});
    const onClose = vi.fn();
    renderDialog({ open: true, mode: "edit", connectionId: 1 }, onClose);
    await screen.findByRole("tab", { name: "Geral" });
    const dialog = screen.getByRole("dialog");
    const content = dialog.querySelector<HTMLElement>(".MuiDialogContent-root");
    if (!content) throw new Error("no DialogContent");
    expect(getComputedStyle(content).overflowY).toBe("auto");
    expect(content.contains(field("name"))).toBe(true);
    const saveButton = within(dialog).getByRole("button", { name: "Salvar" });
    const outside = [
      within(dialog).getByRole("heading", { name: "Editar conexão" }),
      within(dialog).getByRole("tablist"),
      saveButton,
      within(dialog).getByRole("button", { name: "Cancelar" }),
    ];
    for (const element of outside) expect(content.contains(element)).toBe(false);
    // The form between the title and the paper's edges may shrink below its content, so
    // the content scrolls rather than the whole paper; Save stays its submit button (Enter).
    const form = saveButton.closest("form") as HTMLFormElement;
    expect(form.contains(content)).toBe(true);
    expect(saveButton.getAttribute("type")).toBe("submit");
    const layout = getComputedStyle(form);
    expect([layout.display, layout.flexDirection]).toEqual(["flex", "column"]);
    expect(layout.minHeight).toMatch(/^0(px)?$/);
    // A fixed height, not the tab's: switching tabs does not resize the dialog.
    const paper = dialog.closest(".MuiDialog-paper") ?? dialog;
    for (const tab of ["Geral", "Avaliações", "Férias coletivas"]) {
      openTab(tab);
      expect(getComputedStyle(paper).height).toBe("calc(100% - 64px)");
    }
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
