import type { KanbanTagDto, UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { buildTag, serveTags } from "../../test/tags";
import { TagsKanbanPage } from "./TagsKanbanPage";

const lane = (overrides: Partial<KanbanTagDto>): KanbanTagDto => {
  const { contactsCount: _count, ...tag } = buildTag({ kanban: 1, ...overrides });
  return { ...tag, ticketsCount: overrides.ticketsCount ?? 0 };
};

function renderPage(user: UserDto = buildUser({ profile: "admin" })) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <TagsKanbanPage />
    </QueryClientProvider>,
    { auth: authValue({ user }), initialEntries: ["/TagsKanban"] },
  );
}

describe("TagsKanbanPage", () => {
  it("lists the kanban tags with their ticket counts, searchable by name, with a way back to the board", async () => {
    serveTags({
      kanban: [lane({ id: 5, name: "Triagem", ticketsCount: 4 }), lane({ id: 6, name: "Proposta" })],
    });
    renderPage();
    const table = await screen.findByRole("table", { name: "Tags do Kanban" });
    const triagem = (await within(table).findByText("Triagem")).closest("tr") as HTMLElement;
    expect(within(triagem).getByText("4")).toBeTruthy();
    expect(within(triagem).getByRole("button", { name: "Editar Triagem" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Voltar ao Kanban" }).getAttribute("href")).toBe("/Kanban");
    fireEvent.change(screen.getByRole("searchbox", { name: "Pesquisar tags" }), {
      target: { value: "prop" },
    });
    expect(within(table).queryByText("Triagem")).toBeNull();
    expect(within(table).getByText("Proposta")).toBeTruthy();
  });

  it("on a phone shows a card per lane with its ticket count and the actions inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      serveTags({
        kanban: [lane({ id: 5, name: "Triagem", ticketsCount: 4 }), lane({ id: 6, name: "Proposta" })],
      });
      renderPage();
      const list = await screen.findByRole("list", { name: "Tags do Kanban" });
      expect(screen.queryByRole("table")).toBeNull();
      const cards = await within(list).findAllByRole("listitem");
      expect(cards).toHaveLength(2);
      const triagem = cards[0] as HTMLElement;
      expect(triagem.firstElementChild?.textContent).toBe("Triagem");
      expect([...triagem.querySelectorAll("dt")].map((term) => term.textContent)).toEqual(["Tickets"]);
      expect([...triagem.querySelectorAll("dd")].map((value) => value.textContent)).toEqual(["4"]);
      expect(within(triagem).getByRole("button", { name: "Editar Triagem" })).toBeTruthy();
      fireEvent.click(within(triagem).getByRole("button", { name: "Excluir Triagem" }));
      expect(await screen.findByRole("dialog", { name: "Excluir a tag Triagem?" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("shows the empty state; a plain user gets no edit or delete", async () => {
    serveTags({ kanban: [] });
    renderPage(buildUser({ profile: "user" }));
    expect(await screen.findByText("Nenhuma tag kanban cadastrada.")).toBeTruthy();
    expect(screen.queryByRole("columnheader", { name: "Ações" })).toBeNull();
  });

  it("adds a tag with the kanban switch already on and its lane fields shown", async () => {
    const calls = serveTags({ kanban: [], tags: [buildTag({ id: 6, name: "Proposta", kanban: 1 })] });
    renderPage();
    await screen.findByText("Nenhuma tag kanban cadastrada.");
    fireEvent.click(screen.getByRole("button", { name: "Adicionar tag" }));
    const dialog = await screen.findByRole("dialog", { name: "Adicionar tag" });
    expect(within(dialog).getByRole("switch", { name: "Kanban" })).toHaveProperty("checked", true);
    const rollback = within(dialog).getByRole("combobox", { name: "Coluna de retorno" });
    await waitFor(() => expect(rollback.getAttribute("aria-disabled")).toBeNull());
    // A new tag has no id to leave out: every kanban tag is a lane it may point at.
    expect(
      calls.some((call) => call.path === "/tags/" && call.query.kanban === "1" && !call.query.tagId),
    ).toBe(true);
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Nome" }), {
      target: { value: "Negociação" },
    });
    fireEvent.mouseDown(rollback);
    fireEvent.click(await screen.findByRole("option", { name: "Proposta" }));
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Mensagem ao entrar na coluna" }), {
      target: { value: "Vamos negociar" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Adicionar" }));
    await waitFor(() => expect(calls.some((call) => call.method === "POST")).toBe(true));
    expect(calls.find((call) => call.method === "POST")?.body).toMatchObject({
      name: "Negociação",
      kanban: 1,
      timeLane: 0,
      nextLaneId: null,
      rollbackLaneId: 6,
      greetingMessageLane: "Vamos negociar",
    });
  });
});
