import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { applyMessage } from "../../realtime/ticket-list-rules";
import { renderConversation, serveConversation } from "../../test/conversation";
import { buildUser } from "../../test/render";
import { buildMessage, buildTicket, messagePagesOf } from "../../test/tickets";

/** The first conversation of a file renders slowly while the whole suite runs on two cores. */
const FIRST_RENDER_MS = 15_000;

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 8, user: { id: 8, name: "Bruno", color: null } });

describe("who sent each bubble", () => {
  it("names the user of ours, says Bot for the bot's, nothing for the contact's or the phone's", async () => {
    serveConversation(ticket, [
      buildMessage({ id: 1, ticketId: 4, body: "Oi", fromMe: false }),
      buildMessage({ id: 2, ticketId: 4, body: "Menu", fromMe: true, sentBy: "bot", user: null }),
      buildMessage({
        id: 3,
        ticketId: 4,
        body: "Olá",
        fromMe: true,
        userId: 7,
        user: { id: 7, name: "Ana" },
      }),
      // A scheduled send whose event carried no name: the ticket's holder is known.
      buildMessage({ id: 4, ticketId: 4, body: "Lembrete", fromMe: true, userId: 8 }),
      // Sent from the phone: no user.
      buildMessage({ id: 5, ticketId: 4, body: "Do celular", fromMe: true, userId: null, user: null }),
    ]);
    renderConversation(me, ticket);
    const list = await screen.findByRole("list", { name: "Mensagens" }, { timeout: FIRST_RENDER_MS });
    await within(list).findByText("Do celular");
    const senders = within(list)
      .getAllByRole("listitem")
      .map((item) => item.querySelector("[data-sender]")?.textContent ?? null);
    expect(senders).toEqual([null, "Bot", "Ana", "Bruno", null]);
  });

  it("an update that carries no name keeps the one shown", () => {
    const named = buildMessage({ id: 3, ticketId: 4, fromMe: true, userId: 7, user: { id: 7, name: "Ana" } });
    const acked = { ...named, ack: 3 };
    delete acked.user;
    const next = applyMessage(messagePagesOf(ticket, [named]), acked, { isNew: false });
    expect(next.pages[0]?.messages[0]).toMatchObject({ ack: 3, user: { id: 7, name: "Ana" } });
  });
});
