import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConversation, serveConversation } from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildMessage, buildTicket } from "../../../test/tickets";

/** The first conversation of a file renders slowly while the whole suite runs on two cores. */
const FIRST_RENDER_MS = 15_000;

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 7 });

async function bubble() {
  const list = await screen.findByRole("list", { name: "Mensagens" }, { timeout: FIRST_RENDER_MS });
  const [first] = within(list).getAllByRole("listitem");
  return first as HTMLElement;
}

describe("WhatsApp formatting in a bubble", () => {
  it("shows bold, italic, strike, monospace and links as elements", async () => {
    serveConversation(ticket, [
      buildMessage({
        id: 1,
        ticketId: 4,
        fromMe: true,
        body: "*Ana:*\nOlá _Maria_, o ~antigo~ código é ```AB_12``` em https://example.com/a_b",
      }),
    ]);
    renderConversation(me, ticket);
    const item = await bubble();
    expect(item.querySelector("strong")?.textContent).toBe("Ana:");
    expect(item.querySelector("em")?.textContent).toBe("Maria");
    expect(item.querySelector("s")?.textContent).toBe("antigo");
    expect(within(item).getByText("AB_12")).toBeTruthy();
    const link = within(item).getByRole("link", { name: "https://example.com/a_b" });
    expect(link.getAttribute("href")).toBe("https://example.com/a_b");
    expect(link.getAttribute("rel")).toContain("noopener");
  });

  it("markup in a body is text, never HTML", async () => {
    serveConversation(ticket, [
      buildMessage({ id: 1, ticketId: 4, body: '<img src=x onerror="alert(1)"> *<b>oi</b>*' }),
    ]);
    renderConversation(me, ticket);
    const item = await bubble();
    expect(item.querySelector("img")).toBeNull();
    expect(item.querySelector("b")).toBeNull();
    expect(item.querySelector("strong")?.textContent).toBe("<b>oi</b>");
    expect(item.textContent).toContain('<img src=x onerror="alert(1)">');
  });
});

describe("WhatsApp formatting of a quoted message", () => {
  const signed = buildMessage({ id: 1, ticketId: 4, fromMe: true, body: "*Ana:*\nSeu pedido _saiu_" });

  it("formats the quote inside a reply's bubble as the quoted bubble is", async () => {
    serveConversation(ticket, [
      signed,
      buildMessage({ id: 2, ticketId: 4, body: "Obrigada", quotedMsgId: 1 }),
    ]);
    renderConversation(me, ticket);
    const list = await screen.findByRole("list", { name: "Mensagens" }, { timeout: FIRST_RENDER_MS });
    const quote = within(list).getByLabelText("Mensagem respondida");
    expect(quote.querySelector("strong")?.textContent).toBe("Ana:");
    expect(quote.querySelector("em")?.textContent).toBe("saiu");
    expect(quote.textContent).not.toMatch(/[*_]/);
  });

  it("shows the message replied to above the input without markers", async () => {
    serveConversation(ticket, [signed]);
    renderConversation(me, ticket);
    const list = await screen.findByRole("list", { name: "Mensagens" }, { timeout: FIRST_RENDER_MS });
    const item = within(list).getAllByRole("listitem")[0] as HTMLElement;
    fireEvent.click(within(item).getByRole("button", { name: "Opções da mensagem" }));
    await screen.findByRole("group", { name: "Opções da mensagem" });
    fireEvent.click(screen.getByRole("button", { name: "Responder" }));
    const label = await screen.findByText("Respondendo a você");
    const banner = label.parentElement as HTMLElement;
    expect(within(banner).getByText("Ana: Seu pedido saiu")).toBeTruthy();
  });
});
