import type { ContactListImportDto, ContactListItemDto, ContactListRecord } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { ContactListItemsPage } from "./ContactListItemsPage";
import { ContactListsPage } from "./ContactListsPage";

const NOW = "2026-11-26T12:00:00.000Z";
const list: ContactListRecord = {
  id: 7,
  name: "Clientes VIP",
  companyId: 1,
  contactsCount: 2,
  createdAt: NOW,
  updatedAt: NOW,
};
const item = (overrides: Partial<ContactListItemDto>): ContactListItemDto => ({
  id: 1,
  name: "Ana Souza",
  number: "5511988881111",
  email: "",
  isWhatsappValid: true,
  companyId: 1,
  contactListId: 7,
  createdAt: NOW,
  updatedAt: NOW,
  ...overrides,
});
const report: ContactListImportDto = {
  id: 3,
  contactListId: 7,
  fileName: "contatos.xlsx",
  status: "done",
  processed: 3,
  imported: 2,
  refusedCount: 1,
  refused: [{ line: 4, reason: "DUPLICATE_IN_FILE", number: "5511988881111" }],
  error: null,
  createdAt: NOW,
  finishedAt: NOW,
};

/** Requests the pages made, as "METHOD url". */
let requests: string[] = [];

function serve(options: { latest?: ContactListImportDto | null } = {}) {
  requests = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      requests.push(`${method} ${url}`);
      const path = url.split("?")[0];
      if (method === "GET" && path === "/contact-lists")
        return Response.json({ records: [list], count: 1, hasMore: false });
      if (method === "POST" && path === "/contact-lists")
        return Response.json({ ...list, id: 8, name: JSON.parse(String(init.body)).name }, { status: 201 });
      if (method === "DELETE" && path === "/contact-lists/7") return Response.json({ message: "ok" });
      if (method === "GET" && path === "/contact-lists/7") return Response.json(list);
      if (method === "GET" && path === "/contact-list-items")
        return Response.json({
          contacts: [
            item({}),
            item({ id: 2, name: "Bruno Lima", number: "5511988882222", isWhatsappValid: null }),
          ],
          count: 2,
          hasMore: false,
        });
      if (method === "GET" && path === "/contact-lists/7/imports/latest")
        return Response.json(options.latest ?? null);
      return unknownRequest(method, url);
    },
  });
}

function render(path: string, user = buildUser({ profile: "admin" })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path="/contact-lists" element={<ContactListsPage />} />
        <Route path="/contact-lists/:contactListId/contacts" element={<ContactListItemsPage />} />
      </Routes>
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: [path] },
  );
}

describe("ContactListsPage", () => {
  it("shows each list with its contacts count and a link to its contacts", async () => {
    serve();
    render("/contact-lists");
    const row = (await screen.findByText("Clientes VIP")).closest("tr") as HTMLElement;
    expect(within(row).getByText("2")).toBeTruthy();
    expect(within(row).getByRole("link", { name: "Ver contatos de Clientes VIP" }).getAttribute("href")).toBe(
      "/contact-lists/7/contacts",
    );
    expect(within(row).getByRole("button", { name: "Baixar planilha de exemplo" })).toBeTruthy();
  });

  it("on a phone shows one card per list with its contacts count and the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve();
      render("/contact-lists");
      const cardList = await screen.findByRole("list", { name: "Listas de Contatos" });
      expect(screen.queryByRole("table")).toBeNull();
      const [card, ...others] = await within(cardList).findAllByRole("listitem");
      expect(others).toHaveLength(0);
      expect(card?.firstElementChild?.textContent).toBe("Clientes VIP");
      expect([...card!.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Contatos"]);
      expect([...card!.querySelectorAll("dd")].map((value) => value.textContent)).toEqual(["2"]);
      expect(within(card!).getByRole("link", { name: "Ver contatos de Clientes VIP" })).toBeTruthy();
      fireEvent.click(within(card!).getByRole("button", { name: "Editar Clientes VIP" }));
      expect(await screen.findByRole("dialog", { name: "Editar lista de contatos" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("checks the name with the spec's rule before creating a list", async () => {
    serve();
    render("/contact-lists");
    fireEvent.click(await screen.findByRole("button", { name: "Nova lista" }));
    const dialog = await screen.findByRole("dialog", { name: "Nova lista de contatos" });
    const name = within(dialog).getByRole("textbox", { name: /Nome/ });
    fireEvent.change(name, { target: { value: "A" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    expect(await within(dialog).findByText("Muito curto!")).toBeTruthy();
    expect(requests.filter((r) => r.startsWith("POST"))).toEqual([]);
    fireEvent.change(name, { target: { value: "Fornecedores" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(requests).toContain("POST /contact-lists"));
  });

  it("asks before deleting a list", async () => {
    serve();
    render("/contact-lists");
    fireEvent.click(await screen.findByRole("button", { name: "Excluir Clientes VIP" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir Clientes VIP?" });
    expect(requests.some((r) => r.startsWith("DELETE"))).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: /Excluir|Confirmar/ }));
    await waitFor(() => expect(requests).toContain("DELETE /contact-lists/7"));
  });

  it("a user with profile user edits but does not delete", async () => {
    serve();
    render("/contact-lists", buildUser({ profile: "user" }));
    await screen.findByText("Clientes VIP");
    expect(screen.queryByRole("button", { name: "Excluir Clientes VIP" })).toBeNull();
  });
});

describe("ContactListItemsPage", () => {
  it("has the list's name as heading and shows whether each number has WhatsApp", async () => {
    serve();
    render("/contact-lists/7/contacts");
    expect(await screen.findByRole("heading", { level: 1, name: "Clientes VIP" })).toBeTruthy();
    const ana = (await screen.findByText("Ana Souza")).closest("tr") as HTMLElement;
    expect(within(ana).getByRole("img", { name: "Número com WhatsApp" })).toBeTruthy();
    const bruno = screen.getByText("Bruno Lima").closest("tr") as HTMLElement;
    expect(within(bruno).getByRole("img", { name: /Número não verificado/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Listas" }).getAttribute("href")).toBe("/contact-lists");
    expect(screen.getByTestId("contact-list-import-input").getAttribute("accept")).toContain(".xlsx");
  });

  it("on a phone shows one card per contact, titled by the name, with the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve();
      render("/contact-lists/7/contacts");
      const cardList = await screen.findByRole("list", { name: "Contatos da lista" });
      expect(screen.queryByRole("table")).toBeNull();
      const cards = await within(cardList).findAllByRole("listitem");
      expect(cards).toHaveLength(2);
      const bruno = cards[1] as HTMLElement;
      expect(bruno.firstElementChild?.textContent).toBe("Bruno Lima");
      expect([...bruno.querySelectorAll("dt")].map((term) => term.textContent)).toEqual([
        "WhatsApp",
        "Número",
        "Email",
      ]);
      expect(within(bruno).getByRole("img", { name: /Número não verificado/ })).toBeTruthy();
      fireEvent.click(within(bruno).getByRole("button", { name: "Excluir Bruno Lima" }));
      expect(await screen.findByRole("dialog", { name: "Excluir Bruno Lima?" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("shows the last import's result and every refused row with its line and reason", async () => {
    serve({ latest: report });
    render("/contact-lists/7/contacts");
    expect(await screen.findByText("Importação de contatos.xlsx concluída")).toBeTruthy();
    expect(screen.getByText("2 contatos adicionados, 1 linhas recusadas.")).toBeTruthy();
    const refused = screen.getByRole("table", { name: "Linhas recusadas" });
    const row = within(refused).getByText("4").closest("tr") as HTMLElement;
    expect(within(row).getByText("Número repetido na planilha")).toBeTruthy();
  });

  it("shows a running import's progress", async () => {
    serve({ latest: { ...report, status: "running", processed: 1500, refused: [] } });
    render("/contact-lists/7/contacts");
    expect(await screen.findByText("Importando contatos.xlsx: 1500 linhas lidas...")).toBeTruthy();
    expect(screen.getByRole("progressbar", { name: "Progresso da importação" })).toBeTruthy();
  });
});
