import type { UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { RealtimeContext } from "../../realtime/realtime-context";
import { FakeSocket } from "../../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { buildTag, serveTags } from "../../test/tags";
import { TagsPage } from "./TagsPage";

const admin = buildUser({ profile: "admin" });
let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => unsubscribe());

function renderPage(user: UserDto = admin) {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const socket = new FakeSocket();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
        <TagsPage />
      </RealtimeContext.Provider>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/tags"] },
  );
  return socket;
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });

describe("TagsPage", () => {
  it("lists the tags as coloured chips with their contact counts; admins get edit and delete", async () => {
    serveTags({ tags: [buildTag({ contactsCount: 3 }), buildTag({ id: 2, name: "Atrasado" })] });
    renderPage();
    const table = await screen.findByRole("table", { name: "Tags" });
    const vip = (await within(table).findByText("Cliente VIP")).closest("tr") as HTMLElement;
    expect(within(vip).getByRole("button", { name: "Ver os contatos de Cliente VIP (3)" }).textContent).toBe(
      "3",
    );
    expect(within(vip).getByRole("button", { name: "Editar Cliente VIP" })).toBeTruthy();
    expect(within(vip).getByRole("button", { name: "Excluir Cliente VIP" })).toBeTruthy();
  });

  it("shows a plain user no edit or delete (the server refuses them), but lets them add", async () => {
    serveTags({ tags: [buildTag()] });
    renderPage(buildUser({ profile: "user" }));
    const table = await screen.findByRole("table", { name: "Tags" });
    await within(table).findByText("Cliente VIP");
    expect(within(table).queryByRole("button", { name: "Editar Cliente VIP" })).toBeNull();
    expect(within(table).queryByRole("button", { name: "Excluir Cliente VIP" })).toBeNull();
    expect(screen.getByRole("button", { name: "Adicionar tag" })).toBeTruthy();
  });

  it("shows the empty state", async () => {
    serveTags();
    renderPage();
    expect(await screen.findByText("Nenhuma tag cadastrada.")).toBeTruthy();
  });

  it("says when the list cannot load", async () => {
    serveTags({ listFails: true });
    renderPage();
    expect(await screen.findByText(/Não foi possível carregar as tags\./)).toBeTruthy();
  });

  it("searches by name after the typing stops", async () => {
    const calls = serveTags({ tags: [buildTag(), buildTag({ id: 2, name: "Atrasado" })] });
    renderPage();
    await screen.findByText("Atrasado");
    type(screen.getByRole("searchbox", { name: "Pesquisar tags" }), "VIP");
    await waitFor(() => expect(calls.some((call) => call.query.searchParam === "VIP")).toBe(true), {
      timeout: 3000,
    });
    expect(await screen.findByText("Cliente VIP")).toBeTruthy();
    expect(screen.queryByText("Atrasado")).toBeNull();
    expect(calls.some((call) => call.path === "/tags/" && call.query.searchParam === "VIP")).toBe(true);
  });

  it("reads the list again on a tag event", async () => {
    const calls = serveTags({ tags: [buildTag()] });
    const socket = renderPage();
    await screen.findByText("Cliente VIP");
    const before = calls.filter((call) => call.path === "/tags/").length;
    socket.push(`company${admin.companyId}-tag`, { action: "delete", tagId: 7 });
    await waitFor(() => expect(calls.filter((call) => call.path === "/tags/").length).toBe(before + 1));
  });

  it("deletes a tag after confirmation", async () => {
    const calls = serveTags({ tags: [buildTag()] });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Cliente VIP" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir a tag Cliente VIP?" });
    expect(calls.some((call) => call.method === "DELETE")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(toasts.at(-1)?.message).toBe("Tag excluída com sucesso."));
    expect(calls.some((call) => call.method === "DELETE" && call.path === "/tags/1")).toBe(true);
  });

  it("lists a tag's contacts from its count and removes one after confirmation", async () => {
    const calls = serveTags({
      tags: [buildTag({ contactsCount: 2 })],
      contacts: {
        1: [
          { id: 10, name: "Maria", number: "5511999990000" },
          { id: 11, name: "João", number: "5511888880000" },
        ],
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Ver os contatos de Cliente VIP (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Contatos com a tag Cliente VIP" });
    expect(await within(dialog).findByText("Maria")).toBeTruthy();
    expect(within(dialog).getByText("(11) 99999-0000")).toBeTruthy(); // as people write it
    fireEvent.click(within(dialog).getByRole("button", { name: "Remover João da tag" }));
    const confirm = await screen.findByRole("dialog", { name: "Remover a tag de João?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Remover" }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === "DELETE" && call.path === "/tags-contacts/1/11")).toBe(
        true,
      ),
    );
    await waitFor(() => expect(toasts.at(-1)?.message).toBe("Tag removida do contato."));
  });
});

describe("the tag dialog", () => {
  it("says 'Obrigatório' and 'Mensagem muito curta' (spec 2) and sends nothing", async () => {
    const calls = serveTags();
    renderPage();
    await screen.findByText("Nenhuma tag cadastrada.");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar tag" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar tag" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeTruthy();
    type(within(dialog).getByRole("textbox", { name: "Nome" }), "ab");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Mensagem muito curta")).toBeTruthy();
    expect(calls.some((call) => call.method === "POST")).toBe(false);
  });

  it("starts a new tag with a random colour and no kanban fields, and creates it with unique=1", async () => {
    const calls = serveTags();
    renderPage();
    await screen.findByText("Nenhuma tag cadastrada.");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar tag" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar tag" });
    const color = within(dialog).getByRole("textbox", { name: "Cor" }) as HTMLInputElement;
    expect(color.value).toMatch(/^#[0-9a-f]{6}$/);
    expect(within(dialog).queryByRole("combobox", { name: "Próxima coluna" })).toBeNull();
    type(within(dialog).getByRole("textbox", { name: "Nome" }), "  Retorno  ");
    type(color, "#123abc");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(toasts.at(-1)?.message).toBe("Tag salva com sucesso."));
    const post = calls.find((call) => call.method === "POST");
    expect(post?.query).toEqual({ unique: "1" });
    expect(post?.body).toEqual({
      name: "Retorno",
      color: "#123abc",
      kanban: 0,
      timeLane: 0,
      nextLaneId: null,
      rollbackLaneId: null,
      greetingMessageLane: null,
    });
  });

  it("shows a taken name under the name field", async () => {
    serveTags({
      refusal: {
        status: 400,
        body: {
          error: "ERR_TAG_NAME_ALREADY_EXISTS",
          message: "Another tag already has this name",
          field: "name",
        },
      },
    });
    renderPage();
    await screen.findByText("Nenhuma tag cadastrada.");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar tag" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar tag" });
    type(within(dialog).getByRole("textbox", { name: "Nome" }), "Cliente VIP");
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    expect(await within(dialog).findByText("Já existe uma tag com este nome.")).toBeTruthy();
  });

  it("edits a kanban tag: the lane selects offer the other kanban tags only", async () => {
    const calls = serveTags({
      tags: [
        buildTag({ id: 5, name: "Triagem", kanban: 1, timeLane: 2, greetingMessageLane: "Olá" }),
        buildTag({ id: 6, name: "Proposta", kanban: 1, color: "#008B02" }),
        buildTag({ id: 7, name: "Fechado", kanban: 1, color: "#1273DE" }),
        buildTag({ id: 8, name: "Comum", kanban: 0 }),
      ],
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Triagem" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar tag" });
    expect(await within(dialog).findByDisplayValue("Triagem")).toBeTruthy();
    expect(within(dialog).getByRole("switch", { name: "Kanban" })).toHaveProperty("checked", true);
    expect(within(dialog).getByRole("spinbutton", { name: "Tempo na coluna (horas)" })).toHaveProperty(
      "value",
      "2",
    );
    await waitFor(() =>
      expect(
        calls.some((call) => call.path === "/tags/" && call.query.kanban === "1" && call.query.tagId === "5"),
      ).toBe(true),
    );
    const next = within(dialog).getByRole("combobox", { name: "Próxima coluna" });
    await waitFor(() => expect(next.getAttribute("aria-disabled")).toBeNull());
    fireEvent.mouseDown(next);
    const listbox = await screen.findByRole("listbox");
    expect(
      within(listbox)
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Nenhuma", "Proposta", "Fechado"]);
    fireEvent.click(within(listbox).getByRole("option", { name: "Fechado" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.some((call) => call.method === "PUT")).toBe(true));
    expect(calls.find((call) => call.method === "PUT")).toMatchObject({
      path: "/tags/5",
      body: { kanban: 1, timeLane: 2, nextLaneId: 7, rollbackLaneId: null, greetingMessageLane: "Olá" },
    });
  });

  it("shows a refused lane under its select", async () => {
    serveTags({
      tags: [buildTag({ id: 5, name: "Triagem", kanban: 1 })],
      refusal: {
        status: 400,
        body: { error: "ERR_TAG_INVALID_LANE", message: "x", field: "rollbackLaneId" },
      },
    });
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Editar Triagem" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar tag" });
    await within(dialog).findByDisplayValue("Triagem");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("A raia deve ser outra tag kanban da empresa.")).toBeTruthy();
  });
});
