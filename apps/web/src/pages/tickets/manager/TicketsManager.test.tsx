import type { ContactDto } from "@inbox/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { buildUser } from "../../../test/render";
import { buildTicket } from "../../../test/tickets";
import { choose, renderTickets, requests, searchRequests, serveTickets } from "./manager-test-harness";

const admin = buildUser({ id: 1, profile: "admin", companyId: 2 });
const attendant = buildUser({ id: 7, profile: "user", companyId: 2, allUserChat: "enabled" });

const supportingLists = {
  "GET /tags/list": () => [{ id: 3, name: "VIP", color: "#aa0000", kanban: 0 }],
  "GET /users/list": () => [buildUser({ id: 9, name: "Bruno" })],
  "GET /whatsapp": () => [{ id: 1, name: "Vendas", channel: "whatsappapi", status: "CONNECTED" }],
  "GET /queue": () => [{ id: 5, name: "Suporte", color: "#123456" }],
};

describe("the search tab", () => {
  it("searches lower-cased after the pause, and inside messages when the box is checked", async () => {
    const seen = serveTickets({ search: [buildTicket({ id: 4 })] }, supportingLists);
    renderTickets(admin);
    fireEvent.click(await screen.findByRole("tab", { name: "Pesquisa" }));
    const box = await screen.findByRole("searchbox", { name: "Pesquisar atendimentos" });
    fireEvent.change(box, { target: { value: "MARIA" } });
    await waitFor(() =>
      expect(searchRequests(seen).some((r) => r.search.get("searchParam") === "maria")).toBe(true),
    );
    const first = searchRequests(seen).find((r) => r.search.get("searchParam") === "maria");
    expect(first?.search.has("searchOnMessages")).toBe(false);
    // Only the settled text was asked, not every keystroke's.
    expect(searchRequests(seen).some((r) => r.search.get("searchParam") === "MARIA")).toBe(false);

    fireEvent.click(screen.getByRole("checkbox", { name: "Pesquisar também nas mensagens" }));
    await waitFor(() =>
      expect(
        searchRequests(seen).some(
          (r) => r.search.get("searchParam") === "maria" && r.search.get("searchOnMessages") === "true",
        ),
      ).toBe(true),
    );
    expect(within(await screen.findByRole("list", { name: "Lista de atendimentos" })).getByText("Contato 4"));
  });

  it("an admin's tag, user, connection and status filters reach the request", async () => {
    const seen = serveTickets({}, supportingLists);
    renderTickets(admin);
    fireEvent.click(await screen.findByRole("tab", { name: "Pesquisa" }));
    await choose("Etiquetas", "VIP");
    await choose("Usuários", "Bruno");
    await choose("Conexões", "Vendas");
    await choose("Status", "Aguardando", "Resolvido");
    await waitFor(() => {
      const last = searchRequests(seen).at(-1);
      expect(last?.search.get("tags")).toBe("3");
      expect(last?.search.get("users")).toBe("9");
      expect(last?.search.get("whatsapps")).toBe("1");
      expect(JSON.parse(last?.search.get("statusFilter") ?? "null")).toEqual(["pending", "closed"]);
    });
    fireEvent.click(screen.getByRole("button", { name: "Limpar filtros" }));
    await waitFor(() => {
      const last = searchRequests(seen).at(-1);
      expect(["tags", "users", "whatsapps", "statusFilter"].filter((key) => last?.search.has(key))).toEqual(
        [],
      );
    });
  });

  it("the search list is asked again each time the tab shows it (events never add to it)", async () => {
    const seen = serveTickets({}, supportingLists);
    renderTickets(admin);
    fireEvent.click(await screen.findByRole("tab", { name: "Pesquisa" }));
    await waitFor(() => expect(searchRequests(seen)).toHaveLength(1));
    fireEvent.click(screen.getByRole("tab", { name: "Abertas" }));
    fireEvent.click(screen.getByRole("tab", { name: "Pesquisa" }));
    await waitFor(() => expect(searchRequests(seen)).toHaveLength(2));
  });

  it("an ordinary user has no user filter and searches without show-all", async () => {
    const seen = serveTickets({}, supportingLists);
    renderTickets(attendant);
    fireEvent.click(await screen.findByRole("switch", { name: "Todos" }));
    fireEvent.click(screen.getByRole("tab", { name: "Pesquisa" }));
    expect(await screen.findByRole("combobox", { name: "Etiquetas" })).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Usuários" })).toBeNull();
    await waitFor(() => expect(searchRequests(seen).length).toBeGreaterThan(0));
    expect(searchRequests(seen).every((r) => r.search.get("showAll") === "false")).toBe(true);
    expect(requests(seen, "GET", "/users/list")).toHaveLength(0);
    // The open lists do follow show-all.
    expect(requests(seen, "GET", "/tickets").some((r) => r.search.get("showAll") === "true")).toBe(true);
  });
});

describe("list buttons", () => {
  it("close-all asks yes or no; no closes nothing, yes posts the status and selected queues", async () => {
    let closeAlls = 0;
    const seen = serveTickets(
      { pending: [buildTicket({ id: 2 })] },
      {
        ...supportingLists,
        "POST /tickets/closeAll": () => {
          closeAlls++;
          return { closed: 3 };
        },
      },
    );
    renderTickets(admin);
    fireEvent.click(await screen.findByRole("tab", { name: "Aguardando: 1" }));
    await choose("Filas", "Suporte", "Sem fila");
    fireEvent.click(screen.getByRole("button", { name: "Fechar todos" }));
    const dialog = await screen.findByRole("dialog", { name: "Fechar todos os atendimentos?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Não" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(closeAlls).toBe(0);

    fireEvent.click(screen.getByRole("button", { name: "Fechar todos" }));
    fireEvent.click(await screen.findByRole("button", { name: "Sim" }));
    expect(await screen.findByText("3 atendimentos fechados.")).toBeTruthy();
    expect(requests(seen, "POST", "/tickets/closeAll")[0]?.body).toEqual({
      status: "pending",
      selectedQueueIds: [5, 0],
    });
  });

  it("close-all is for admins only", async () => {
    serveTickets({}, supportingLists);
    renderTickets(attendant);
    expect(await screen.findByRole("button", { name: "Novo atendimento" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Fechar todos" })).toBeNull();
  });

  it("the sort button asks oldest first, and is hidden on the closed and search tabs", async () => {
    const seen = serveTickets({}, supportingLists);
    renderTickets(admin);
    const sort = await screen.findByRole("button", { name: "Mais antigos primeiro" });
    expect(sort.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(sort);
    await waitFor(() =>
      expect(
        requests(seen, "GET", "/tickets").some(
          (r) => r.search.get("status") === "pending" && r.search.get("sortTickets") === "ASC",
        ),
      ).toBe(true),
    );
    expect(sort.getAttribute("aria-pressed")).toBe("true");
    fireEvent.click(screen.getByRole("tab", { name: "Resolvidos" }));
    await waitFor(() => expect(screen.queryByRole("button", { name: "Mais antigos primeiro" })).toBeNull());
    expect(
      requests(seen, "GET", "/tickets")
        .filter((r) => r.search.get("status") === "closed")
        .every((r) => !r.search.has("sortTickets")),
    ).toBe(true);
    fireEvent.click(screen.getByRole("tab", { name: "Pesquisa" }));
    expect(await screen.findByRole("searchbox", { name: "Pesquisar atendimentos" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Mais antigos primeiro" })).toBeNull();
  });
});

function buildContact(overrides: Partial<ContactDto> = {}): ContactDto {
  return {
    id: 4,
    companyId: 2,
    name: "Maria Lima",
    number: "5511999990004",
    email: "",
    channel: "whatsapp",
    isGroup: false,
    disableBot: false,
    acceptAudioMessage: true,
    active: true,
    lgpdAcceptedAt: null,
    profilePicUrl: null,
    urlPicture: null,
    whatsappId: 1,
    walletUserId: null,
    extraInfo: [],
    tags: [],
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

const contactRoutes = (contacts: ContactDto[]) => ({
  ...supportingLists,
  "GET /contacts": () => ({ contacts, count: contacts.length, hasMore: false }),
});

/** Opens the dialog, searches "mar" and picks the contact named `name`. */
async function pickContact(name: string) {
  fireEvent.click(await screen.findByRole("button", { name: "Novo atendimento" }));
  const dialog = await screen.findByRole("dialog", { name: "Novo atendimento" });
  fireEvent.change(within(dialog).getByRole("combobox", { name: "Contato" }), { target: { value: "mar" } });
  fireEvent.click(await screen.findByRole("option", { name: new RegExp(name) }));
  return dialog;
}

const freeStatus = { inQueue: false, beingAttendedBy: null, ticket: null };

describe("the new ticket dialog", () => {
  it("searches contacts from 3 characters, needs a contact with a number, then a queue", async () => {
    const seen = serveTickets(
      {},
      {
        ...contactRoutes([buildContact(), buildContact({ id: 6, name: "Mario Sem Número", number: "" })]),
        "GET /contacts/4/status": () => freeStatus,
      },
    );
    renderTickets(admin);
    fireEvent.click(await screen.findByRole("button", { name: "Novo atendimento" }));
    const dialog = await screen.findByRole("dialog", { name: "Novo atendimento" });
    const create = within(dialog).getByRole("button", { name: "Criar" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    const input = within(dialog).getByRole("combobox", { name: "Contato" });
    fireEvent.change(input, { target: { value: "ma" } });
    // Give the debounce time to pass: two characters never ask.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(requests(seen, "GET", "/contacts")).toHaveLength(0);
    fireEvent.change(input, { target: { value: "mar" } });
    fireEvent.click(await screen.findByRole("option", { name: /Mario Sem Número/ }));
    expect(requests(seen, "GET", "/contacts")[0]?.search.get("searchParam")).toBe("mar");
    expect(await within(dialog).findByText("Este contato não tem número.")).toBeTruthy();
    expect(create.disabled).toBe(true);

    fireEvent.change(input, { target: { value: "mar" } });
    const maria = await screen.findByRole("option", { name: /Maria Lima/ });
    // Numbers read as people write them, in the option and under the chosen contact.
    expect(within(maria).getByText("(11) 99999-0004")).toBeTruthy();
    fireEvent.click(maria);
    expect(await within(dialog).findByText("(11) 99999-0004")).toBeTruthy();
    await waitFor(() => expect(create.disabled).toBe(false));
    fireEvent.click(create);
    expect(await within(dialog).findByText("Selecione uma fila")).toBeTruthy();
    expect(requests(seen, "GET", "/contacts/4/status")).toHaveLength(0);
  });

  it("creates an open ticket for the contact and shows it", async () => {
    const created = buildTicket({ id: 30, status: "open", userId: 1 });
    const seen = serveTickets(
      { open: [created] },
      {
        ...contactRoutes([buildContact()]),
        "GET /contacts/4/status": () => freeStatus,
        "POST /tickets": () => Response.json(created, { status: 201 }),
      },
    );
    renderTickets(admin);
    await pickContact("Maria Lima");
    await choose("Fila", "Suporte");
    await choose("Conexão", "Vendas");
    fireEvent.click(await screen.findByRole("button", { name: "Criar" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/tickets/${created.uuid}`));
    expect(requests(seen, "POST", "/tickets")[0]?.body).toEqual({
      contactId: 4,
      queueId: 5,
      whatsappId: 1,
      userId: 1,
      status: "open",
    });
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Novo atendimento" })).toBeNull());
  });

  it("refuses a contact waiting in a queue, and one another attendant holds, without creating", async () => {
    let status: unknown = {
      inQueue: true,
      beingAttendedBy: null,
      ticket: { id: 8, uuid: "x", status: "pending" },
    };
    const seen = serveTickets(
      {},
      {
        ...contactRoutes([buildContact()]),
        "GET /contacts/4/status": () => status,
      },
    );
    renderTickets(admin);
    const dialog = await pickContact("Maria Lima");
    await choose("Fila", "Suporte");
    await choose("Conexão", "Vendas");
    fireEvent.click(within(dialog).getByRole("button", { name: "Criar" }));
    expect(await screen.findByText("Este contato já está sendo atendido por outro usuário.")).toBeTruthy();

    status = {
      inQueue: false,
      beingAttendedBy: { id: 9, name: "Bruno" },
      ticket: { id: 8, uuid: "x", status: "open" },
    };
    fireEvent.click(within(dialog).getByRole("button", { name: "Criar" }));
    expect(await screen.findByText("Este contato está sendo atendido por Bruno")).toBeTruthy();
    expect(requests(seen, "POST", "/tickets")).toHaveLength(0);
  });

  it("an open ticket another user holds shows the 'already being handled' notice", async () => {
    serveTickets(
      {},
      {
        ...contactRoutes([buildContact()]),
        "GET /contacts/4/status": () => freeStatus,
        "POST /tickets": () =>
          Response.json(
            {
              error: "ERR_OTHER_OPEN_TICKET",
              message: "An open ticket already exists for this contact",
              ticket: {
                id: 8,
                uuid: "00000000-0000-4000-8000-000000000008",
                status: "open",
                userId: 9,
                user: { id: 9, name: "Bruno" },
                queue: { id: 5, name: "Suporte" },
              },
            },
            { status: 409 },
          ),
      },
    );
    renderTickets(admin);
    await pickContact("Maria Lima");
    await choose("Fila", "Suporte");
    await choose("Conexão", "Vendas");
    fireEvent.click(await screen.findByRole("button", { name: "Criar" }));
    const notice = await screen.findByRole("dialog", { name: "Atendimento em andamento" });
    expect(
      within(notice).getByText("Este atendimento já está sendo atendido por Bruno (Suporte)."),
    ).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/tickets");
  });

  it("an open ticket of one's own (or nobody's) is opened instead", async () => {
    const existing = buildTicket({ id: 8, status: "pending" });
    serveTickets(
      { pending: [existing] },
      {
        ...contactRoutes([buildContact()]),
        "GET /contacts/4/status": () => freeStatus,
        "POST /tickets": () =>
          Response.json(
            {
              error: "ERR_OTHER_OPEN_TICKET",
              message: "An open ticket already exists for this contact",
              ticket: {
                id: 8,
                uuid: existing.uuid,
                status: "pending",
                userId: null,
                user: null,
                queue: null,
              },
            },
            { status: 409 },
          ),
      },
    );
    renderTickets(admin);
    await pickContact("Maria Lima");
    await choose("Fila", "Suporte");
    await choose("Conexão", "Vendas");
    fireEvent.click(await screen.findByRole("button", { name: "Criar" }));
    await waitFor(() => expect(screen.getByTestId("location").textContent).toBe(`/tickets/${existing.uuid}`));
    expect(screen.queryByRole("dialog", { name: "Atendimento em andamento" })).toBeNull();
  });
});
