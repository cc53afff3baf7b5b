import type { ContactDto, ContactList, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { ContactsPage } from "./ContactsPage";

function buildContact(overrides: Partial<ContactDto> = {}): ContactDto {
  return {
    id: 1,
    companyId: 2,
    name: "Bruna Lima",
    number: "5511987654321",
    email: "bruna@example.com",
    channel: "whatsapp",
    isGroup: false,
    disableBot: false,
    acceptAudioMessage: true,
    active: true,
    lgpdAcceptedAt: null,
    profilePicUrl: null,
    urlPicture: null,
    whatsappId: null,
    walletUserId: null,
    extraInfo: [],
    tags: [],
    createdAt: "2024-01-01T00:00:00.000Z",
    updatedAt: "2024-01-01T00:00:00.000Z",
    ...overrides,
  };
}

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

type Answer = { status?: number; body: unknown };
type Handler = (call: Call) => Answer | undefined;

/** A fake server: per-test handlers, then the page list by pageNumber and GET /contacts/{id}; nothing else. */
function serve(pages: ContactDto[][], handler: Handler = () => undefined) {
  const calls: Call[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      const call = { method: init.method ?? "GET", url, body };
      calls.push(call);
      const custom = handler(call);
      if (custom) return Response.json(custom.body, { status: custom.status ?? 200 });
      if (call.method === "GET" && url.startsWith("/contacts?")) {
        const params = new URLSearchParams(url.split("?")[1]);
        const pageNumber = Number(params.get("pageNumber") ?? 1);
        const contacts = pages[pageNumber - 1] ?? [];
        const list: ContactList = {
          contacts,
          count: pages.flat().length,
          hasMore: pageNumber < pages.length,
        };
        return Response.json(list);
      }
      // The contact modal's wallet picker.
      if (call.method === "GET" && url === "/users/list") return Response.json(companyUsers);
      const shown = pages.flat().find((contact) => url === `/contacts/${contact.id}`);
      if (call.method === "GET" && shown) return Response.json(shown);
      return unknownRequest(call.method, url);
    },
  });
  return calls;
}

function renderPage(user: UserDto) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ContactsPage />
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/contacts"] },
  );
}

const admin = buildUser({ profile: "admin" });
const companyUsers = [buildUser({ id: 31, name: "Olga Dona" }), buildUser({ id: 32, name: "Paulo Lima" })];
const attendant = buildUser({ profile: "user" });

let toasts: ToastMessage[] = [];
let unsubscribe: () => void = () => {};
beforeEach(() => {
  toasts = [];
  unsubscribe = subscribeToToasts((t) => toasts.push(t));
});
afterEach(() => unsubscribe());

describe("ContactsPage list", () => {
  it("lists contacts in the company's national format (BR by default); only an admin gets the delete button", async () => {
    serve([[buildContact(), buildContact({ id: 2, name: "Carlos", number: "100200300", active: false })]]);
    renderPage(attendant);
    const table = await screen.findByRole("table", { name: "Contatos" });
    await within(table).findByText("Bruna Lima");
    // One formatter everywhere since E.164 storage: the company's own country (BR) nationally.
    expect(within(table).getByText("(11) 98765-4321")).toBeTruthy();
    expect(within(table).getByText("100200300")).toBeTruthy();
    expect(within(table).getByText("Bloqueado")).toBeTruthy();
    expect(within(table).queryByRole("button", { name: "Excluir Bruna Lima" })).toBeNull();
    expect(within(table).getByRole("button", { name: "Desbloquear Carlos" })).toBeTruthy();
  });

  it("searches lower-cased after the debounce", async () => {
    const calls = serve([[buildContact()]]);
    renderPage(admin);
    await screen.findByText("Bruna Lima");
    fireEvent.change(screen.getByRole("searchbox", { name: "Pesquisar contatos" }), {
      target: { value: "  BRUNA " },
    });
    await waitFor(() => expect(calls.some((c) => c.url.includes("searchParam=bruna&"))).toBe(true), {
      timeout: 2000,
    });
  });

  it("loads the next page when scrolled near the bottom", async () => {
    const first = Array.from({ length: 3 }, (_, i) => buildContact({ id: i + 1, name: `Pessoa ${i + 1}` }));
    const calls = serve([first, [buildContact({ id: 9, name: "Última pessoa" })]]);
    renderPage(admin);
    const table = await screen.findByRole("table", { name: "Contatos" });
    await within(table).findByText("Pessoa 3");
    const area = table.parentElement as HTMLElement;
    Object.defineProperty(area, "scrollHeight", { value: 1000, configurable: true });
    Object.defineProperty(area, "clientHeight", { value: 500, configurable: true });
    Object.defineProperty(area, "scrollTop", { value: 420, configurable: true });
    fireEvent.scroll(area);
    expect(await within(table).findByText("Última pessoa")).toBeTruthy();
    expect(calls.filter((c) => c.url.includes("pageNumber=2"))).toHaveLength(1);
  });
});

describe("ContactsPage actions", () => {
  it("an admin deletes a contact after confirming", async () => {
    const calls = serve([[buildContact({ id: 7 })]], (call) =>
      call.method === "DELETE" && call.url === "/contacts/7"
        ? { body: { message: "Contact deleted" } }
        : undefined,
    );
    renderPage(admin);
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Bruna Lima" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir Bruna Lima?" });
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(screen.queryByText("Bruna Lima")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.url)).toEqual(["/contacts/7"]);
    expect(toasts.map((t) => t.message)).toContain("Contato excluído com sucesso!");
  });

  it("blocks and unblocks with the spec's toasts", async () => {
    const contact = buildContact({ id: 5 });
    const calls = serve([[contact]], (call) =>
      call.method === "PUT" && call.url === "/contacts/block/5"
        ? { body: { ...contact, active: (call.body as { active: boolean }).active } }
        : undefined,
    );
    renderPage(attendant);
    fireEvent.click(await screen.findByRole("button", { name: "Bloquear Bruna Lima" }));
    expect(await screen.findByText("Bloqueado")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ active: false });
    fireEvent.click(screen.getByRole("button", { name: "Desbloquear Bruna Lima" }));
    expect(await screen.findByText("Ativo")).toBeTruthy();
    expect(toasts.map((t) => t.message)).toEqual(["Contato bloqueado", "Contato desbloqueado"]);
  });
});

describe("ContactModal", () => {
  it("creates a contact: the spec's messages first, then the digits and extra info are sent", async () => {
    const calls = serve([[]], (call) =>
      call.method === "POST" ? { status: 201, body: buildContact({ id: 3, name: "Nova" }) } : undefined,
    );
    renderPage(attendant);
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar contato" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar contato" });
    fireEvent.change(within(dialog).getByLabelText(/^Nome\W*$/), { target: { value: "A" } });
    fireEvent.change(within(dialog).getByLabelText(/Número do WhatsApp/), { target: { value: "123" } });
    fireEvent.change(within(dialog).getByLabelText(/Endereço de email/), { target: { value: "nope" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(within(dialog).getAllByText("Too Short!")).toHaveLength(2));
    expect(within(dialog).getByText("Invalid email")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/^Nome\W*$/), { target: { value: "Nova Pessoa" } });
    const number = within(dialog).getByLabelText(/Número do WhatsApp/);
    fireEvent.change(number, { target: { value: "5511987650001" } });
    fireEvent.blur(number);
    await waitFor(() => expect((number as HTMLInputElement).value).toBe("(11) 98765-0001"));
    fireEvent.change(within(dialog).getByLabelText(/Endereço de email/), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar informação" }));
    fireEvent.change(within(dialog).getByLabelText("Nome do campo"), { target: { value: "CPF" } });
    fireEvent.change(within(dialog).getByLabelText("Valor"), { target: { value: "123.456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    // The number goes as shown ('(11) 98765-0001' -> its digits); the server stores it as E.164 in the company's country.
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      name: "Nova Pessoa",
      number: "11987650001",
      email: "",
      disableBot: false,
      extraInfo: [{ name: "CPF", value: "123.456" }],
    });
    expect(toasts.map((t) => t.message)).toContain("Contato salvo com sucesso.");
  });

  it("shows a duplicated number under the number field", async () => {
    serve([[]], (call) =>
      call.method === "POST"
        ? { status: 400, body: { error: "ERR_DUPLICATED_CONTACT", message: "dup", field: "number" } }
        : undefined,
    );
    renderPage(attendant);
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar contato" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar contato" });
    fireEvent.change(within(dialog).getByLabelText(/^Nome\W*$/), { target: { value: "Repetido" } });
    fireEvent.change(within(dialog).getByLabelText(/Número do WhatsApp/), {
      target: { value: "5511987650001" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Já existe um contato com este número.")).toBeTruthy();
    expect(screen.getByRole("dialog")).toBeTruthy();
  });

  it("says 'Este não é um número válido.' under the number for what cannot be a phone number, and sends nothing", async () => {
    const calls = serve([[]]);
    renderPage(attendant);
    fireEvent.click(await screen.findByRole("button", { name: "Adicionar contato" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar contato" });
    fireEvent.change(within(dialog).getByLabelText(/^Nome\W*$/), { target: { value: "Sem Número" } });
    fireEvent.change(within(dialog).getByLabelText(/Número do WhatsApp/), { target: { value: "12345678" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Este não é um número válido.")).toBeTruthy();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("edits a contact with its extra info: kept entries keep their ids, removed ones go", async () => {
    const contact = buildContact({
      id: 4,
      extraInfo: [
        { id: 10, name: "CPF", value: "1" },
        { id: 11, name: "Plano", value: "ouro" },
      ],
    });
    const calls = serve([[contact]], (call) =>
      call.method === "PUT"
        ? { body: { ...contact, name: "Bruna Reis", extraInfo: [contact.extraInfo[1]] } }
        : undefined,
    );
    renderPage(attendant);
    fireEvent.click(await screen.findByRole("button", { name: "Editar Bruna Lima" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar contato" });
    const name = await within(dialog).findByLabelText(/^Nome\W*$/);
    expect((name as HTMLInputElement).value).toBe("Bruna Lima");
    expect((within(dialog).getByLabelText(/Número do WhatsApp/) as HTMLInputElement).value).toBe(
      "(11) 98765-4321",
    );
    fireEvent.change(name, { target: { value: "Bruna Reis" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Remover informação 1" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.url).toBe("/contacts/4");
    // The number as the form shows it; the server finds it unchanged (same E.164 number).
    expect(put?.body).toEqual({
      name: "Bruna Reis",
      number: "11987654321",
      email: "bruna@example.com",
      disableBot: false,
      extraInfo: [{ id: 11, name: "Plano", value: "ouro" }],
    });
    expect(await screen.findByText("Bruna Reis")).toBeTruthy();
  });

  it("with LGPD hidden numbers an attendant cannot edit the number and never sends the mask", async () => {
    const masked = buildContact({ id: 6, number: "5511987**-**21" });
    const calls = serve([[masked]], (call) =>
      call.method === "PUT" && call.url === "/contacts/6" ? { body: masked } : undefined,
    );
    const user = buildUser({
      profile: "user",
      company: {
        id: 2,
        name: "Acme",
        dueDate: "2999-12-31",
        companieSettings: [
          { key: "enableLGPD", value: "enabled" },
          { key: "lgpdHideNumber", value: "enabled" },
        ],
      },
    });
    renderPage(user);
    fireEvent.click(await screen.findByRole("button", { name: "Editar Bruna Lima" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar contato" });
    const number = await within(dialog).findByLabelText(/Número do WhatsApp/);
    expect((number as HTMLInputElement).disabled).toBe(true);
    expect(within(dialog).getByText("Número oculto pela LGPD.")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).not.toHaveProperty("number");
  });

  it("an admin picks the contact's wallet user; the choice is sent", async () => {
    const contact = buildContact({ id: 8, walletUserId: 31 });
    const calls = serve([[contact]], (call) =>
      call.method === "PUT" ? { body: { ...contact, walletUserId: 32 } } : undefined,
    );
    renderPage(admin);
    fireEvent.click(await screen.findByRole("button", { name: "Editar Bruna Lima" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar contato" });
    const wallet = await within(dialog).findByRole("combobox", { name: /Carteira \(responsável\)/ });
    await waitFor(() => expect(wallet.textContent).toBe("Olga Dona"));
    fireEvent.mouseDown(wallet);
    fireEvent.click(await screen.findByRole("option", { name: "Paulo Lima" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({ walletUserId: 32 });
  });

  it("an attendant sees the wallet user but cannot change it, and never sends it", async () => {
    const contact = buildContact({ id: 9, walletUserId: 31 });
    const calls = serve([[contact]], (call) => (call.method === "PUT" ? { body: contact } : undefined));
    renderPage(attendant);
    fireEvent.click(await screen.findByRole("button", { name: "Editar Bruna Lima" }));
    const dialog = await screen.findByRole("dialog", { name: "Editar contato" });
    const wallet = await within(dialog).findByRole("combobox", { name: /Carteira \(responsável\)/ });
    await waitFor(() => expect(wallet.textContent).toBe("Olga Dona"));
    expect(wallet.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")?.body).not.toHaveProperty("walletUserId");
  });
});
