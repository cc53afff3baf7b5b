import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  errorAnswer,
  type FakeHandler,
  renderConversation,
  serveConversation,
} from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildMessage, buildTicket } from "../../../test/tickets";
import { unknownRequest } from "../../../test/unknown-request";

const me = buildUser({
  id: 7,
  name: "Ana",
  companyId: 2,
  queues: [{ id: 5, name: "Suporte", color: "#123" }],
});
const admin = buildUser({ id: 1, profile: "admin", companyId: 2 });
const location = () => screen.getByTestId("location").textContent;
const support = { id: 5, name: "Suporte", color: "#123" };
const ASK_RATING = "Pedir avaliação ao contato (nota de 0 a 10), depois a despedida";
const SKIP_RATING = "Encerrar sem avaliação nem despedida";

/** GET /companySettingOne?column=…: the company settings the resolve dialog reads; another column fails the test. */
function companySettings(values: Record<string, string>): Record<string, FakeHandler> {
  return {
    "GET /companySettingOne": (request) => {
      const column = request.search.get("column") ?? "";
      return column in values
        ? { [column]: values[column] }
        : unknownRequest("GET", `${request.path}?${request.search}`);
    },
  };
}

describe("ticket header actions", () => {
  it("accepts a pending ticket with a queue at once and shows it in the attending tab", async () => {
    const ticket = buildTicket({ id: 4, status: "pending", queueId: 5, queue: support });
    const seen = serveConversation(ticket, [buildMessage({ ticketId: 4 })], {
      "PUT /tickets/4": () => ({
        ...ticket,
        status: "open",
        userId: 7,
        user: { id: 7, name: "Ana", color: null },
      }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("tab", { name: /Aguardando/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Aceitar" }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === "PUT")?.body).toEqual({ status: "open", userId: 7 }),
    );
    await waitFor(() =>
      expect(screen.getByRole("tab", { name: /Atendendo/ }).getAttribute("aria-selected")).toBe("true"),
    );
    expect(location()).toBe(`/tickets/${ticket.uuid}`);
  });

  it("asks for a queue before accepting a ticket without one ('Selecione uma fila')", async () => {
    const ticket = buildTicket({ id: 4, status: "pending", queueId: null });
    const seen = serveConversation(ticket, [], {
      "PUT /tickets/4": () => ({ ...ticket, status: "open", userId: 7, queueId: 5, queue: support }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Aceitar" }));
    const dialog = await screen.findByRole("dialog", { name: "Aceitar atendimento" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceitar" }));
    expect(await within(dialog).findByText("Selecione uma fila")).toBeTruthy();
    expect(seen.some((r) => r.method === "PUT")).toBe(false);
    fireEvent.mouseDown(within(dialog).getByRole("combobox"));
    fireEvent.click(await screen.findByRole("option", { name: "Suporte" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Aceitar" }));
    await waitFor(() =>
      expect(seen.find((r) => r.method === "PUT")?.body).toEqual({ status: "open", userId: 7, queueId: 5 }),
    );
  });

  it("shows 'already being handled' with the user and queue when someone else took it first", async () => {
    const ticket = buildTicket({ id: 4, status: "pending", queueId: 5, queue: support });
    serveConversation(ticket, [], {
      "PUT /tickets/4": () => ({
        ...ticket,
        status: "open",
        userId: 9,
        user: { id: 9, name: "Bruno", color: null },
      }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Aceitar" }));
    const notice = await screen.findByRole("dialog", { name: "Atendimento em andamento" });
    expect(within(notice).getByText(/Bruno \(Suporte\)/)).toBeTruthy();
  });

  it("resolves with the farewell and goes back to /tickets", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    const seen = serveConversation(ticket, [], {
      ...companySettings({ requiredTag: "disabled", userRating: "disabled" }),
      "PUT /tickets/4": () => ({ ...ticket, status: "closed" }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Resolver" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolver atendimento" });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Resolver com despedida" }));
    expect(within(dialog).queryByRole("radiogroup")).toBeNull();
    await waitFor(() => expect(location()).toBe("/tickets"));
    expect(seen.find((r) => r.method === "PUT")?.body).toEqual({
      status: "closed",
      userId: 7,
      sendFarewellMessage: true,
    });
  });

  it("warns instead of resolving when a tag is required and the contact has none", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    serveConversation(ticket, [], {
      ...companySettings({ requiredTag: "enabled", userRating: "disabled" }),
      "GET /contactTags/4": () => ({ tags: [] }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Resolver" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolver atendimento" });
    expect(
      await within(dialog).findByText("Adicione uma tag ao contato antes de resolver este atendimento."),
    ).toBeTruthy();
    expect(
      (within(dialog).getByRole("button", { name: "Resolver sem despedida" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it("with userRating on, requires the rating choice ('Avaliação obrigatória') before resolving", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    const seen = serveConversation(ticket, [], {
      ...companySettings({ requiredTag: "disabled", userRating: "enabled" }),
      "PUT /tickets/4": () => ({ ...ticket, status: "closed" }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Resolver" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolver atendimento" });
    const group = await within(dialog).findByRole("radiogroup", { name: "Avaliação" });
    const ask = within(group).getByRole("radio", { name: ASK_RATING }) as HTMLInputElement;
    const skip = within(group).getByRole("radio", { name: SKIP_RATING }) as HTMLInputElement;
    expect([ask.checked, skip.checked]).toEqual([false, false]);
    // One group (arrow keys move between the choices), the first choice focused.
    expect(ask.name).toBe(skip.name);
    await waitFor(() => expect(document.activeElement).toBe(ask));
    expect(within(dialog).queryByRole("button", { name: "Resolver com despedida" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Resolver sem despedida" })).toBeNull();

    fireEvent.click(within(dialog).getByRole("button", { name: "Resolver" }));
    const message = await within(dialog).findByText("Avaliação obrigatória");
    expect(group.getAttribute("aria-describedby")).toBe(message.id);
    expect(seen.some((r) => r.method === "PUT")).toBe(false);

    fireEvent.click(skip);
    expect(within(dialog).queryByText("Avaliação obrigatória")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Resolver" }));
    await waitFor(() => expect(location()).toBe("/tickets"));
    expect(seen.filter((r) => r.method === "PUT").map((r) => r.body)).toEqual([
      { status: "closed", userId: 7, sendFarewellMessage: false },
    ]);
  });

  it("with userRating on, Enter on 'ask for a rating' resolves with the farewell (the rating first)", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    const seen = serveConversation(ticket, [], {
      ...companySettings({ requiredTag: "disabled", userRating: "enabled" }),
      "PUT /tickets/4": () => ({ ...ticket, status: "nps" }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Resolver" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolver atendimento" });
    const ask = await within(dialog).findByRole("radio", { name: ASK_RATING });
    fireEvent.click(ask);
    fireEvent.keyDown(ask, { key: "Enter" });
    await waitFor(() => expect(location()).toBe("/tickets"));
    expect(seen.filter((r) => r.method === "PUT").map((r) => r.body)).toEqual([
      { status: "closed", userId: 7, sendFarewellMessage: true },
    ]);
  });

  it("with userRating on, a group's ticket keeps the farewell buttons: groups are never rated", async () => {
    const ticket = buildTicket({
      id: 4,
      status: "group",
      userId: 7,
      queueId: 5,
      queue: support,
      isGroup: true,
    });
    const seen = serveConversation(ticket, [], {
      ...companySettings({ requiredTag: "disabled", userRating: "enabled" }),
      "PUT /tickets/4": () => ({ ...ticket, status: "closed" }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Resolver" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolver atendimento" });
    fireEvent.click(await within(dialog).findByRole("button", { name: "Resolver com despedida" }));
    expect(within(dialog).queryByRole("radiogroup")).toBeNull();
    await waitFor(() => expect(seen.some((r) => r.method === "PUT")).toBe(true));
  });

  it("with userRating on, still warns when a tag is required and the contact has none", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    serveConversation(ticket, [], {
      ...companySettings({ requiredTag: "enabled", userRating: "enabled" }),
      "GET /contactTags/4": () => ({ tags: [] }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Resolver" }));
    const dialog = await screen.findByRole("dialog", { name: "Resolver atendimento" });
    expect(
      await within(dialog).findByText("Adicione uma tag ao contato antes de resolver este atendimento."),
    ).toBeTruthy();
    expect(within(dialog).queryByRole("radiogroup")).toBeNull();
    expect((within(dialog).getByRole("button", { name: "Resolver" }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it("returns an attended ticket to the queue", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    const seen = serveConversation(ticket, [], {
      "PUT /tickets/4": () => ({ ...ticket, status: "pending", userId: null }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Devolver à fila" }));
    await waitFor(() => expect(location()).toBe("/tickets"));
    expect(seen.find((r) => r.method === "PUT")?.body).toEqual({ status: "pending" });
  });

  it("reopens a closed ticket; an open one elsewhere held by another user shows the notice", async () => {
    const ticket = buildTicket({ id: 4, status: "closed", queueId: 5, queue: support });
    serveConversation(ticket, [], {
      "PUT /tickets/4": () =>
        errorAnswer(409, {
          error: "ERR_OTHER_OPEN_TICKET",
          message: "open",
          ticket: {
            id: 8,
            uuid: "x",
            status: "open",
            userId: 9,
            user: { id: 9, name: "Bruno" },
            queue: { id: 6, name: "Vendas" },
          },
        }),
    });
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Reabrir" }));
    const notice = await screen.findByRole("dialog", { name: "Atendimento em andamento" });
    expect(within(notice).getByText(/Bruno \(Vendas\)/)).toBeTruthy();
  });

  it("lets only an admin delete, after confirming; shows the log timeline", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 1, queueId: 5, queue: support });
    const seen = serveConversation(ticket, [], {
      "DELETE /tickets/4": () => ({ message: "ticket deleted" }),
      "GET /tickets-log/4": () => [
        {
          id: 1,
          ticketId: 4,
          type: "open",
          userId: 1,
          user: { id: 1, name: "Ana Souza" },
          queueId: 5,
          queue: support,
          createdAt: "2026-03-01T10:00:00.000Z",
        },
      ],
    });
    renderConversation(admin, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Mais ações" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Histórico do atendimento" }));
    const logs = await screen.findByRole("dialog", { name: "Histórico do atendimento" });
    expect(await within(logs).findByText("Atendimento aceito")).toBeTruthy();
    expect(within(logs).getByText(/por Ana Souza · fila Suporte/)).toBeTruthy();
    fireEvent.click(within(logs).getByRole("button", { name: "Fechar" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());

    fireEvent.click(screen.getByRole("button", { name: "Mais ações" }));
    fireEvent.click(await screen.findByRole("menuitem", { name: "Excluir" }));
    const confirm = await screen.findByRole("dialog", { name: "Excluir o atendimento #4?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Excluir" }));
    await waitFor(() => expect(location()).toBe("/tickets"));
    expect(seen.some((r) => r.method === "DELETE" && r.path === "/tickets/4")).toBe(true);
  });

  it("hides delete from ordinary users", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    serveConversation(ticket, []);
    renderConversation(me, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Mais ações" }));
    await screen.findByRole("menuitem", { name: "Transferir" });
    expect(screen.queryByRole("menuitem", { name: "Excluir" })).toBeNull();
  });
});
