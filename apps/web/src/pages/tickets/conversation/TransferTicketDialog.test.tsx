import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConversation, serveConversation } from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildTicket } from "../../../test/tickets";

const support = { id: 5, name: "Suporte", color: "#123" };
const sales = { id: 6, name: "Vendas", color: "#456" };
const me = buildUser({ id: 7, name: "Ana", companyId: 2, queues: [support] });
const bruno = buildUser({ id: 9, name: "Bruno", companyId: 2, queues: [support] });
const carla = buildUser({ id: 11, name: "Carla", companyId: 2, queues: [sales] });
const location = () => screen.getByTestId("location").textContent;
const NO_USER = "Nenhum: o atendimento aguarda na fila";

async function openTransfer() {
  fireEvent.click(await screen.findByRole("button", { name: "Mais ações" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: "Transferir" }));
  return screen.findByRole("dialog", { name: "Transferir atendimento" });
}

const listed = (dialog: HTMLElement) =>
  within(within(dialog).getByRole("listbox", { name: "Usuário (opcional)" }))
    .getAllByRole("option")
    .map((option) => option.textContent);

describe("the transfer dialog", () => {
  it("lists the queue's users without typing, narrows by the filter, picks by keyboard, and confirms", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    const seen = serveConversation(ticket, [], {
      "GET /queue": () => [support, sales],
      "GET /users/list": () => [carla, bruno, me],
      "PUT /tickets/4": () => ({ ...ticket, userId: 11, queueId: 6, queue: sales }),
    });
    renderConversation(me, ticket);
    const dialog = await openTransfer();
    // The ticket's queue is chosen: its users are there at once, nobody typed anything.
    await waitFor(() => expect(listed(dialog)).toEqual([NO_USER, "Ana", "Bruno"]));
    expect(seen.some((r) => r.path === "/users")).toBe(false);

    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Fila" }));
    fireEvent.click(await screen.findByRole("option", { name: "Vendas" }));
    await waitFor(() => expect(listed(dialog)).toEqual([NO_USER, "Carla"]));

    const filter = within(dialog).getByRole("textbox", { name: "Pesquisar usuário" });
    fireEvent.change(filter, { target: { value: "xyz" } });
    expect(listed(dialog)).toEqual([NO_USER]);
    expect(within(dialog).getByRole("status").textContent).toBe("Nenhum usuário encontrado");
    fireEvent.change(filter, { target: { value: "car" } });
    expect(listed(dialog)).toEqual([NO_USER, "Carla"]);

    // Keyboard: down from the filter into the list, down again, Enter picks Carla.
    fireEvent.keyDown(filter, { key: "ArrowDown" });
    const options = within(dialog).getAllByRole("option");
    expect(document.activeElement).toBe(options[0]);
    fireEvent.keyDown(options[0] as HTMLElement, { key: "ArrowDown" });
    expect(document.activeElement).toBe(options[1]);
    fireEvent.keyDown(options[1] as HTMLElement, { key: "Enter" });
    await waitFor(() => expect(options[1]?.getAttribute("aria-selected")).toBe("true"));

    fireEvent.change(within(dialog).getByRole("textbox", { name: "Mensagem ao contato (opcional)" }), {
      target: { value: "Carla segue com você" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Transferir" }));
    expect(await screen.findByText("Atendimento transferido")).toBeTruthy();
    await waitFor(() => expect(location()).toBe("/tickets"));
    expect(seen.find((r) => r.method === "PUT")?.body).toEqual({
      isTransfered: true,
      queueId: 6,
      userId: 11,
      status: "open",
      msgTransfer: "Carla segue com você",
    });
  });

  it("lists every user while no queue is chosen, and lets go of a user the chosen queue does not have", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: null, queue: null });
    const seen = serveConversation(ticket, [], {
      "GET /queue": () => [support, sales],
      "GET /users/list": () => [carla, bruno, me],
      "PUT /tickets/4": () => ({ ...ticket, userId: null, status: "pending", queueId: 6, queue: sales }),
    });
    renderConversation(me, ticket);
    const dialog = await openTransfer();
    await waitFor(() => expect(listed(dialog)).toEqual([NO_USER, "Ana", "Bruno", "Carla"]));
    fireEvent.click(within(dialog).getByRole("option", { name: "Bruno" }));
    await waitFor(() =>
      expect(within(dialog).getByRole("option", { name: "Bruno" }).getAttribute("aria-selected")).toBe(
        "true",
      ),
    );
    // Bruno does not work in Vendas: the choice goes back to nobody.
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Fila" }));
    fireEvent.click(await screen.findByRole("option", { name: "Vendas" }));
    await waitFor(() => expect(listed(dialog)).toEqual([NO_USER, "Carla"]));
    expect(within(dialog).getByRole("option", { name: NO_USER }).getAttribute("aria-selected")).toBe("true");
    fireEvent.click(within(dialog).getByRole("button", { name: "Transferir" }));
    await waitFor(() => expect(location()).toBe("/tickets"));
    expect(seen.find((r) => r.method === "PUT")?.body).toEqual({
      isTransfered: true,
      queueId: 6,
      userId: null,
      status: "pending",
    });
  });

  it("closeTicketOnTransfer: opens the new ticket the transfer answers when it is the user's own", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    const continued = buildTicket({
      id: 10,
      status: "open",
      userId: 7,
      user: { id: 7, name: "Ana", color: null },
      queueId: 6,
      queue: sales,
      contactId: 4,
      contact: ticket.contact,
    });
    const seen = serveConversation(ticket, [], {
      "GET /queue": () => [support, sales],
      "GET /users/list": () => [{ ...me, queues: [support, sales] }],
      "PUT /tickets/4": () => continued,
      [`GET /tickets/u/${continued.uuid}`]: () => continued,
      "GET /messages/10": () => ({ messages: [], ticket: continued, count: 0, hasMore: false }),
      "GET /tickets-log/10": () => [],
    });
    renderConversation(me, ticket);
    const dialog = await openTransfer();
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Fila" }));
    fireEvent.click(await screen.findByRole("option", { name: "Vendas" }));
    fireEvent.click(await within(dialog).findByRole("option", { name: "Ana" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Transferir" }));
    await waitFor(() => expect(location()).toBe(`/tickets/${continued.uuid}`));
    expect(seen.filter((r) => r.method === "PUT").map((r) => r.body)).toEqual([
      { isTransfered: true, queueId: 6, userId: 7, status: "open" },
    ]);
  });

  it("closeTicketOnTransfer: leaves to /tickets when the new ticket waits in the target queue", async () => {
    const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5, queue: support });
    const seen = serveConversation(ticket, [], {
      "GET /queue": () => [support, sales],
      "GET /users/list": () => [me],
      "PUT /tickets/4": () =>
        buildTicket({ id: 10, status: "pending", userId: null, queueId: 6, queue: sales, contactId: 4 }),
    });
    renderConversation(me, ticket);
    const dialog = await openTransfer();
    fireEvent.mouseDown(within(dialog).getByRole("combobox", { name: "Fila" }));
    fireEvent.click(await screen.findByRole("option", { name: "Vendas" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Transferir" }));
    await waitFor(() => expect(location()).toBe("/tickets"));
    expect(seen.filter((r) => r.method === "PUT").map((r) => r.body)).toEqual([
      { isTransfered: true, queueId: 6, userId: null, status: "pending" },
    ]);
  });
});
