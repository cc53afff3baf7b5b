import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { buildUser } from "../../test/render";
import {
  buildOption,
  buildQueue,
  choose,
  listed,
  renderPage,
  serve,
  stopToasts,
  toasts,
  type,
} from "./test-fixtures";

afterEach(stopToasts);

describe("QueuesPage access", () => {
  it("shows the access-denied view to profile user and asks nothing", () => {
    const calls = serve();
    renderPage(buildUser({ profile: "user" }));
    expect(screen.getByText("Oops! Acesso Negado!")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("QueuesPage", () => {
  it("lists the queues with their colour, greeting and order, and says when there are none", async () => {
    serve({
      queues: [
        buildQueue(),
        buildQueue({
          id: 2,
          name: "Vendas",
          color: "#B80000",
          greetingMessage: "Vendas aqui",
          orderQueue: null,
        }),
      ],
    });
    renderPage();
    const table = await screen.findByRole("table", { name: "Filas & Chatbot" });
    await within(table).findByText("Suporte");
    expect(within(table).getByRole("img", { name: "Cor #1273DE" })).toBeTruthy();
    expect(within(table).getByText("Olá! Escolha uma opção")).toBeTruthy();
    const vendas = within(table).getByText("Vendas").closest("tr") as HTMLElement;
    expect(within(vendas).getByText("-")).toBeTruthy();
    expect(within(vendas).getByRole("button", { name: "Editar Vendas" })).toBeTruthy();
    expect(within(vendas).getByRole("button", { name: "Excluir Vendas" })).toBeTruthy();
  });

  it("shows the empty state without queues", async () => {
    serve();
    renderPage();
    expect(await screen.findByText("Nenhuma fila cadastrada.")).toBeTruthy();
  });

  it("creates a queue with a two-level chatbot and shows it in the list", async () => {
    const ana = buildUser({ id: 5, name: "Ana Souza" });
    const saved = buildQueue({
      id: 7,
      name: "Comercial",
      color: "#008B02",
      greetingMessage: "Bem-vindo",
      orderQueue: null,
    });
    const calls = serve({ users: [ana], saved });
    renderPage();
    await screen.findByText("Nenhuma fila cadastrada.");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar fila" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar fila" });
    await within(dialog).findByRole("button", { name: "Adicionar opção" });
    // The schedule tab shows only when scheduleType is "queue".
    expect(within(dialog).queryByRole("tab", { name: "Horários de atendimento" })).toBeNull();

    type(within(dialog).getByRole("textbox", { name: "Nome" }), "Comercial");
    fireEvent.click(within(dialog).getByRole("button", { name: "Usar a cor #008B02" }));
    type(within(dialog).getByRole("textbox", { name: "Mensagem de saudação" }), "Bem-vindo");

    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar opção" }));
    const first = within(dialog).getByRole("group", { name: "Opção 1" });
    type(within(first).getByRole("textbox", { name: "Nome da opção" }), "Planos");
    type(within(first).getByRole("textbox", { name: "Mensagem do bot" }), "Qual plano?");
    fireEvent.click(within(first).getByRole("button", { name: "Adicionar sub-opção a 1" }));
    const child = within(dialog).getByRole("group", { name: "Opção 1.1" });
    type(within(child).getByRole("textbox", { name: "Nome da opção" }), "Falar com vendas");
    await choose(child, "Tipo", "Atendente");
    await choose(child, "Atendente", "Ana Souza");
    fireEvent.click(within(child).getByRole("switch", { name: "Fechar ticket" }));

    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    const post = calls.find((call) => call.method === "POST");
    expect(post).toEqual({
      method: "POST",
      url: "/queue",
      body: {
        name: "Comercial",
        color: "#008B02",
        greetingMessage: "Bem-vindo",
        outOfHoursMessage: "",
        orderQueue: null,
        closeTicket: false,
        ativarRoteador: false,
        tempoRoteador: 0,
        integrationId: null,
        fileListId: null,
        chatbots: [
          {
            name: "Planos",
            greetingMessage: "Qual plano?",
            queueType: "text",
            closeTicket: false,
            optQueueId: null,
            optUserId: null,
            optFileId: null,
            optIntegrationId: null,
            options: [
              {
                name: "Falar com vendas",
                greetingMessage: "",
                queueType: "attendent",
                closeTicket: true,
                optQueueId: null,
                optUserId: 5,
                optFileId: null,
                optIntegrationId: null,
                options: [],
              },
            ],
          },
        ],
      },
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(toasts.map((toast) => toast.message)).toEqual(["Operação realizada com sucesso!"]);
    expect(await screen.findByRole("img", { name: "Cor #008B02" })).toBeTruthy();
  });

  it("shows the rules of spec 2 section 5 in the interface's language and sends nothing", async () => {
    const calls = serve({ queues: [buildQueue()] });
    renderPage();
    await screen.findByText("Suporte");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar fila" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar fila" });
    await within(dialog).findByRole("button", { name: "Adicionar opção" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar opção" }));
    const option = within(dialog).getByRole("group", { name: "Opção 1" });
    type(within(option).getByRole("textbox", { name: "Nome da opção" }), "abc");
    fireEvent.click(within(option).getByRole("button", { name: "Adicionar sub-opção a 1" }));
    await choose(within(dialog).getByRole("group", { name: "Opção 1.1" }), "Tipo", "Atendente");
    type(within(dialog).getByRole("textbox", { name: "Nome" }), "A");
    type(within(dialog).getByRole("textbox", { name: "Cor" }), "#1");

    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    const name = within(dialog).getByRole("textbox", { name: "Nome" });
    await waitFor(() => expect(name.getAttribute("aria-invalid")).toBe("true"));
    const helper = (field: HTMLElement) =>
      document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(helper(name)).toBe("Informe um nome de 2 a 50 caracteres.");
    expect(helper(within(dialog).getByRole("textbox", { name: "Cor" }))).toBe(
      "Informe uma cor de 3 a 9 caracteres, como #1273DE.",
    );
    // The company already has a queue: this one is the second and needs a greeting.
    expect(
      within(dialog).getByText("A mensagem de saudação é obrigatória quando há mais de uma fila."),
    ).toBeTruthy();
    expect(
      within(option).getByText("Mensagem do bot necessária para seguir para o próximo nível."),
    ).toBeTruthy();
    const optionName = within(option).getAllByRole("textbox", { name: "Nome da opção" })[0] as HTMLElement;
    expect(helper(optionName)).toBe("Informe um nome de 4 a 100 caracteres.");
    const child = within(dialog).getByRole("group", { name: "Opção 1.1" });
    expect(helper(within(child).getByRole("textbox", { name: "Nome da opção" }))).toBe(
      "Informe um nome de 4 a 100 caracteres.",
    );
    expect(within(child).getByText("Escolha o atendente desta opção.")).toBeTruthy();
    // None of the shared schema's English texts reaches the Portuguese interface.
    expect(within(dialog).queryByText(/Required|Too Short!|Too Long!/)).toBeNull();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("keeps the title, the tabs and the buttons in view: only the content between them scrolls to a refused field", async () => {
    serve({ queues: [buildQueue()], scheduleType: "queue" });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Suporte" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar fila" });
    const name = await within(dialog).findByRole("textbox", { name: "Nome" });
    const content = dialog.querySelector<HTMLElement>(".MuiDialogContent-root");
    if (!content) throw new Error("no DialogContent");
    expect(getComputedStyle(content).overflowY).toBe("auto");
    expect(content.contains(name)).toBe(true);
    const save = within(dialog).getByRole("button", { name: "Salvar" });
    const outside = [
      within(dialog).getByRole("heading", { name: "Editar fila" }),
      within(dialog).getByRole("tablist"),
      save,
      within(dialog).getByRole("button", { name: "Cancelar" }),
    ];
    for (const element of outside) expect(content.contains(element)).toBe(false);
    // The form between the title and the paper's edges may shrink below its content, so
    // the content scrolls rather than the whole paper; Save stays its submit button (Enter).
    const form = save.closest("form") as HTMLFormElement;
    expect(form.contains(content)).toBe(true);
    expect(save.getAttribute("type")).toBe("submit");
    const layout = getComputedStyle(form);
    expect([layout.display, layout.flexDirection]).toEqual(["flex", "column"]);
    expect(layout.minHeight).toMatch(/^0(px)?$/);
    // A refused save gives the focus to the first field in error, which brings it into view.
    const color = within(dialog).getByRole("textbox", { name: "Cor" });
    type(color, "#1");
    expect(document.activeElement).not.toBe(color);
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(color));
    expect(color.getAttribute("aria-invalid")).toBe("true");
    // One height whichever tab is shown.
    const paper = dialog.closest(".MuiDialog-paper") ?? dialog;
    expect(getComputedStyle(paper).height).toBe("calc(100% - 64px)");
    fireEvent.click(within(dialog).getByRole("tab", { name: "Horários de atendimento" }));
    expect(getComputedStyle(paper).height).toBe("calc(100% - 64px)");
    // Escape closes it.
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("puts the server's refusal under its field (a colour another queue has)", async () => {
    serve({
      refusal: {
        status: 400,
        body: {
          error: "ERR_QUEUE_COLOR_ALREADY_EXISTS",
          message: "Another queue has this colour",
          field: "color",
        },
      },
    });
    renderPage();
    await screen.findByText("Nenhuma fila cadastrada.");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar fila" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar fila" });
    await within(dialog).findByRole("button", { name: "Adicionar opção" });
    type(within(dialog).getByRole("textbox", { name: "Nome" }), "Vendas");
    type(within(dialog).getByRole("textbox", { name: "Cor" }), "#123456");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Esta cor já está em uso, escolha outra.")).toBeTruthy();
  });

  it("edits a queue: loads its tree and schedules, and PUT keeps the options' ids", async () => {
    const queue = buildQueue({
      schedules: [
        {
          weekday: "Segunda-feira",
          weekdayEn: "monday",
          startTimeA: "09:00",
          endTimeA: "12:00",
          startTimeB: "",
          endTimeB: "",
        },
      ],
      chatbots: [
        buildOption({ options: [buildOption({ id: 11, chatbotId: 10, queueId: null, name: "Boletos" })] }),
      ],
    });
    const calls = serve({ queues: [queue], scheduleType: "queue", saved: queue });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Suporte" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar fila" });
    const child = await within(dialog).findByRole("group", { name: "Opção 1.1" });
    expect((within(child).getByRole("textbox", { name: "Nome da opção" }) as HTMLInputElement).value).toBe(
      "Boletos",
    );

    fireEvent.click(within(dialog).getByRole("tab", { name: "Horários de atendimento" }));
    const start = within(dialog).getByRole("textbox", { name: "Segunda-feira, turno A: início" });
    expect((start as HTMLInputElement).value).toBe("09:00");
    // A day the queue has no hours for starts from the defaults.
    expect(
      (within(dialog).getByRole("textbox", { name: "Terça-feira, turno B: fim" }) as HTMLInputElement).value,
    ).toBe("18:00");
    type(start, "0830");
    expect((start as HTMLInputElement).value).toBe("08:30");

    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    const put = calls.find((call) => call.method === "PUT") as { url: string; body: Record<string, unknown> };
    expect(put.url).toBe("/queue/1");
    expect(put.body.chatbots).toMatchObject([
      { id: 10, name: "Financeiro", options: [{ id: 11, name: "Boletos" }] },
    ]);
    expect((put.body.schedules as unknown[])[0]).toEqual({
      weekday: "Segunda-feira",
      weekdayEn: "monday",
      startTimeA: "08:30",
      endTimeA: "12:00",
      startTimeB: "",
      endTimeB: "",
    });
    expect(put.body.schedules).toHaveLength(7);
  });

  it("asks 'Deseja realmente excluir esse registro?' before deleting, then calls DELETE /queue/{id}", async () => {
    const calls = serve({ queues: [buildQueue({ id: 9, name: "Antiga" })] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Antiga" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir Antiga?" });
    expect(within(dialog).getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Excluir Antiga" }));
    const again = await screen.findByRole("dialog", { name: "Excluir Antiga?" });
    fireEvent.click(within(again).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(calls).toContainEqual({ method: "DELETE", url: "/queue/9" }));
    expect(await screen.findByText("Nenhuma fila cadastrada.")).toBeTruthy();
    expect(toasts.map((toast) => toast.message)).toEqual(["Operação realizada com sucesso!"]);
  });

  it("follows company-{id}-queue live: created, updated and deleted queues", async () => {
    serve({ queues: [buildQueue()] });
    const socket = renderPage();
    await screen.findByText("Suporte");
    socket.push("company-2-queue", {
      action: "create",
      queue: listed(buildQueue({ id: 3, name: "Nova", orderQueue: 0 })),
    });
    const table = screen.getByRole("table", { name: "Filas & Chatbot" });
    await within(table).findByText("Nova");
    // By orderQueue: the new one (0) comes first.
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent?.split("#")[0])[1],
    ).toContain("Nova");
    socket.push("company-2-queue", { action: "update", queue: listed(buildQueue({ name: "Suporte 2" })) });
    await within(table).findByText("Suporte 2");
    socket.push("company-2-queue", { action: "delete", queueId: 3 });
    await waitFor(() => expect(within(table).queryByText("Nova")).toBeNull());
  });
});
