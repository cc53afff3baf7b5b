import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  errorAnswer,
  renderConversation,
  type SeenRequest,
  serveConversation,
} from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildMessage, buildTicket } from "../../../test/tickets";
import { canEditMessage } from "./message-actions";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({
  id: 4,
  status: "open",
  userId: 7,
  queueId: 5,
  contact: { ...buildTicket().contact!, name: "Maria" },
});
const recent = () => new Date(Date.now() - 60_000).toISOString();
const theirs = buildMessage({ id: 1, ticketId: 4, body: "Quero saber do pedido" });
const mine = buildMessage({
  id: 2,
  ticketId: 4,
  body: "Já vejo para você",
  fromMe: true,
  ack: 2,
  createdAt: recent(),
});
const old = buildMessage({
  id: 3,
  ticketId: 4,
  body: "Mensagem antiga",
  fromMe: true,
  createdAt: "2026-01-01T10:00:00.000Z",
});

async function openMenu(text: string) {
  const list = await screen.findByRole("list", { name: "Mensagens" });
  const item = within(list).getByText(text).closest("li") as HTMLElement;
  fireEvent.click(within(item).getByRole("button", { name: "Opções da mensagem" }));
  return screen.findByRole("group", { name: "Opções da mensagem" });
}

const posted = (seen: SeenRequest[], path: string) =>
  seen.filter((r) => r.method !== "GET" && r.path === path);

describe("message menu", () => {
  it("offers edit only for own messages younger than 15 minutes", () => {
    expect(canEditMessage(mine)).toBe(true);
    expect(canEditMessage(old)).toBe(false);
    expect(canEditMessage(theirs)).toBe(false);
    expect(canEditMessage({ ...mine, createdAt: new Date(Date.now() - 901_000).toISOString() })).toBe(false);
  });

  it("reacts with one of the first 6 emojis, and with more", async () => {
    const seen = serveConversation(ticket, [theirs], {
      "POST /messages/1/reactions": (request) => ({
        ...theirs,
        reactions: [
          { emoji: (request.body as { type: string }).type, fromMe: true, by: "Ana", at: recent() },
        ],
      }),
    });
    renderConversation(me, ticket);
    const group = await openMenu("Quero saber do pedido");
    const buttons = within(group).getAllByRole("button");
    expect(buttons).toHaveLength(7);
    fireEvent.click(within(group).getByRole("button", { name: "Reagir com 👍" }));
    await waitFor(() => expect(posted(seen, "/messages/1/reactions")[0]?.body).toEqual({ type: "👍" }));
    expect(await screen.findByLabelText("Reações: 👍 Ana")).toBeTruthy();

    const again = await openMenu("Quero saber do pedido");
    fireEvent.click(within(again).getByRole("button", { name: "Mais reações" }));
    const more = await screen.findByRole("group", { name: "Mais reações" });
    fireEvent.click(within(more).getByRole("button", { name: "🎉" }));
    await waitFor(() => expect(posted(seen, "/messages/1/reactions")[1]?.body).toEqual({ type: "🎉" }));
  });

  it("replies with the quoted message", async () => {
    const seen = serveConversation(ticket, [theirs], {
      "POST /messages/4": () =>
        buildMessage({ id: 9, ticketId: 4, fromMe: true, body: "Está a caminho", quotedMsgId: 1 }),
    });
    renderConversation(me, ticket);
    await openMenu("Quero saber do pedido");
    fireEvent.click(screen.getByRole("button", { name: "Responder" }));
    expect(await screen.findByText("Respondendo a Maria")).toBeTruthy();
    const box = screen.getByRole("textbox", { name: "Mensagem" });
    fireEvent.change(box, { target: { value: "Está a caminho" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() => expect(posted(seen, "/messages/4")[0]?.body).toMatchObject({ quotedMsg: { id: 1 } }));
    await waitFor(() => expect(screen.queryByText("Respondendo a Maria")).toBeNull());
    expect(await screen.findByLabelText("Mensagem respondida")).toBeTruthy();
  });

  it("edits an own recent message; an old one offers no edit", async () => {
    const seen = serveConversation(ticket, [old, mine], {
      "POST /messages/edit/2": (request) => ({
        ...mine,
        body: (request.body as { body: string }).body,
        isEdited: true,
      }),
    });
    renderConversation(me, ticket);
    await openMenu("Mensagem antiga");
    expect(screen.queryByRole("button", { name: "Editar" })).toBeNull();
    fireEvent.keyDown(screen.getByRole("group", { name: "Opções da mensagem" }), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("group", { name: "Opções da mensagem" })).toBeNull());

    await openMenu("Já vejo para você");
    fireEvent.click(screen.getByRole("button", { name: "Editar" }));
    const box = (await screen.findByRole("textbox", { name: "Mensagem" })) as HTMLTextAreaElement;
    await waitFor(() => expect(box.value).toBe("Já vejo para você"));
    fireEvent.change(box, { target: { value: "Já verifico para você" } });
    fireEvent.keyDown(box, { key: "Enter" });
    await waitFor(() =>
      expect(posted(seen, "/messages/edit/2")[0]?.body).toEqual({ body: "Já verifico para você" }),
    );
    const list = screen.getByRole("list", { name: "Mensagens" });
    expect(await within(list).findByText("Já verifico para você")).toBeTruthy();
    expect(within(list).getByText("Editada")).toBeTruthy();
  });

  it("deletes an own message after confirming; the contact's cannot be deleted", async () => {
    const seen = serveConversation(ticket, [theirs, mine], {
      "DELETE /messages/2": () => ({ ...mine, isDeleted: true }),
    });
    renderConversation(me, ticket);
    await openMenu("Quero saber do pedido");
    expect(screen.queryByRole("button", { name: "Apagar" })).toBeNull();
    fireEvent.keyDown(screen.getByRole("group", { name: "Opções da mensagem" }), { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("group", { name: "Opções da mensagem" })).toBeNull());

    await openMenu("Já vejo para você");
    fireEvent.click(screen.getByRole("button", { name: "Apagar" }));
    const confirm = await screen.findByRole("dialog", { name: "Apagar mensagem?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Apagar" }));
    expect(await screen.findByText("Essa mensagem foi apagada")).toBeTruthy();
    expect(posted(seen, "/messages/2")).toHaveLength(1);
  });

  it("forwards to contacts found from 3 characters", async () => {
    const seen = serveConversation(ticket, [theirs], {
      "GET /contacts/list": (request) =>
        request.search.get("searchParam") === "Jos"
          ? [
              {
                id: 30,
                name: "José",
                number: "5511988887777",
                channel: "whatsapp",
                isGroup: false,
                profilePicUrl: null,
              },
            ]
          : [],
      "POST /message/forward": () => ({ messages: [] }),
    });
    renderConversation(me, ticket);
    await openMenu("Quero saber do pedido");
    fireEvent.click(screen.getByRole("button", { name: "Encaminhar" }));
    const dialog = await screen.findByRole("dialog", { name: "Encaminhar mensagem" });
    const search = within(dialog).getByRole("combobox", { name: "Pesquisar contatos" });
    fireEvent.change(search, { target: { value: "Jos" } });
    fireEvent.click(await screen.findByRole("option", { name: "José ((11) 98888-7777)" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Encaminhar" }));
    await waitFor(() =>
      expect(posted(seen, "/message/forward")[0]?.body).toEqual({
        messageId: [1],
        contactId: [30],
        signMessage: false,
      }),
    );
    expect(await screen.findByText("Mensagem encaminhada.")).toBeTruthy();
  });

  describe("talk-to on a group message", () => {
    const group = buildTicket({ ...ticket, id: 8, uuid: "group-uuid", isGroup: true, whatsappId: 3 });
    const fromMember = buildMessage({
      id: 11,
      ticketId: 8,
      body: "Alguém me ajuda?",
      participant: "5511977776666",
    });
    const ownInGroup = buildMessage({ id: 12, ticketId: 8, body: "Oi grupo", fromMe: true });
    const memberContact = {
      id: 40,
      name: "5511977776666",
      number: "5511977776666",
      channel: "whatsapp",
      isGroup: false,
      profilePicUrl: null,
    };

    it("opens a private ticket with the member, creating the contact when needed; not on own messages", async () => {
      const privateTicket = buildTicket({ id: 9, uuid: "private-uuid", contactId: 40 });
      const seen = serveConversation(group, [fromMember, ownInGroup], {
        "GET /contacts/profile/5511977776666": () =>
          errorAnswer(404, { error: "ERR_NO_CONTACT_FOUND", message: "not found" }),
        "POST /contacts": () => memberContact,
        "POST /tickets": () => privateTicket,
        // The new private ticket opens.
        "GET /tickets/u/private-uuid": () => privateTicket,
        "GET /messages/9": () => ({ messages: [], ticket: privateTicket, count: 0, hasMore: false }),
      });
      renderConversation(me, group);
      await openMenu("Oi grupo");
      expect(screen.queryByRole("button", { name: "Conversar em privado" })).toBeNull();
      fireEvent.keyDown(screen.getByRole("group", { name: "Opções da mensagem" }), { key: "Escape" });
      await openMenu("Alguém me ajuda?");
      fireEvent.click(screen.getByRole("button", { name: "Conversar em privado" }));
      await waitFor(() => expect(screen.getByTestId("location").textContent).toBe("/tickets/private-uuid"));
      expect(posted(seen, "/contacts")[0]?.body).toEqual({ name: "5511977776666", number: "5511977776666" });
      expect(posted(seen, "/tickets")[0]?.body).toEqual({
        contactId: 40,
        queueId: group.queueId,
        whatsappId: 3,
        userId: me.id,
        status: "open",
      });
    });

    it("tells who holds the member's open ticket when it is another attendant's", async () => {
      const seen = serveConversation(group, [fromMember], {
        "GET /contacts/profile/5511977776666": () => memberContact,
        "POST /tickets": () =>
          errorAnswer(400, {
            error: "ERR_OTHER_OPEN_TICKET",
            message: "open",
            ticket: {
              id: 9,
              uuid: "private-uuid",
              status: "open",
              userId: 99,
              user: { id: 99, name: "Bruno" },
              queue: null,
            },
          }),
      });
      renderConversation(me, group);
      await openMenu("Alguém me ajuda?");
      fireEvent.click(screen.getByRole("button", { name: "Conversar em privado" }));
      expect(await screen.findByText("Este contato está sendo atendido por Bruno")).toBeTruthy();
      expect(posted(seen, "/contacts")).toEqual([]);
      expect(screen.getByTestId("location").textContent).toBe("/tickets/group-uuid");
    });
  });
});
