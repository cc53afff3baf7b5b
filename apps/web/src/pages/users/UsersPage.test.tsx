import type { UserDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { UsersPage } from "./UsersPage";

const me = buildUser({ id: 1, name: "Admin Ana", email: "ana@x.test", profile: "admin", online: true });
const bruno = buildUser({ id: 2, name: "Bruno", email: "bruno@x.test", profile: "user" });

function serve(users: UserDto[]) {
  configureApiClient({
    fetch: async (url, init) => {
      const parsed = new URL(url, "http://test");
      if ((init.method ?? "GET") === "GET" && parsed.pathname === "/users")
        return Response.json({ users, count: users.length, hasMore: false });
      return unknownRequest(init.method, url);
    },
  });
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <UsersPage />
    </QueryClientProvider>,
    { auth: authValue({ user: me }), initialEntries: ["/users"] },
  );
}

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

describe("UsersPage", () => {
  it("offers no delete button on the signed-in user's own row; the others keep theirs", async () => {
    serve([me, bruno]);
    renderPage();
    const table = await screen.findByRole("table", { name: "Usuários" });
    const row = (name: string) => (within(table).getByText(name).closest("tr") as HTMLElement) ?? table;
    await within(table).findByText("Bruno");
    expect(within(row("Admin Ana")).getByRole("button", { name: "Editar Admin Ana" })).toBeTruthy();
    expect(within(row("Admin Ana")).queryByRole("button", { name: "Excluir Admin Ana" })).toBeNull();
    expect(within(row("Bruno")).getByRole("button", { name: "Excluir Bruno" })).toBeTruthy();
  });

  it("on a phone shows one card per user with the labelled fields and the actions inside the card", async () => {
    restore = stubMediaQuery(true);
    serve([me, bruno]);
    renderPage();
    const list = await screen.findByRole("list", { name: "Usuários" });
    expect(screen.queryByRole("table")).toBeNull();
    const cards = await within(list).findAllByRole("listitem");
    expect(cards).toHaveLength(2);
    const brunoCard = cards[1] as HTMLElement;
    expect(within(brunoCard).getByText("Bruno")).toBeTruthy();
    // Each value under its column's name.
    const terms = [...brunoCard.querySelectorAll("dt")].map((term) => term.textContent);
    const values = [...brunoCard.querySelectorAll("dd")].map((value) => value.textContent);
    expect(terms).toEqual(["Email", "Perfil", "Status"]);
    expect(values[0]).toBe("bruno@x.test");
    // The actions are in the card: editing opens the user's dialog.
    expect(within(brunoCard).getByRole("button", { name: "Excluir Bruno" })).toBeTruthy();
    expect(within(cards[0] as HTMLElement).queryByRole("button", { name: "Excluir Admin Ana" })).toBeNull();
    fireEvent.click(within(brunoCard).getByRole("button", { name: "Excluir Bruno" }));
    expect(await screen.findByRole("dialog")).toBeTruthy();
  });
});
