import { screen, within } from "@testing-library/react";
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
