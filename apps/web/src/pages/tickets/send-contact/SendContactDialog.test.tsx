import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConversation, type SeenRequest, serveConversation } from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildMessage, buildTicket } from "../../../test/tickets";
import { cardNumber } from "./SendContactDialog";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5 });

const contact = (id: number, name: string, number: string, isGroup = false) => ({
  id,
  companyId: 2,
  name,
  number,
  email: "",
  channel: "whatsapp",
  isGroup,
  disableBot: false,
  acceptAudioMessage: true,
  active: true,
  lgpdAcceptedAt: null,
  profilePicUrl: null,
  urlPicture: null,
  whatsappId: null,
  extraInfo: [],
  tags: [],
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
});

const searches = (seen: SeenRequest[]) => seen.filter((r) => r.method === "GET" && r.path === "/contacts");
const sends = (seen: SeenRequest[]) => seen.filter((r) => r.method === "POST" && r.path === "/messages/4");

async function openPicker() {
  fireEvent.click(await screen.findByRole("button", { name: "Mais opções de anexo" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: "Contato" }));
  return screen.findByRole("dialog", { name: "Enviar contato" });
}

describe("send-contact picker", () => {
  it("takes only numbers a card can carry", () => {
    expect(cardNumber({ number: "+55 11", isGroup: false })).toBeNull();
    expect(cardNumber({ number: "551199**-**12", isGroup: false })).toBeNull();
    expect(cardNumber({ number: "120363000000@g.us", isGroup: true })).toBeNull();
    expect(cardNumber({ number: "+5511988887777", isGroup: false })).toBe("5511988887777");
  });

  it("searches from 3 characters and sends the chosen contact as a vCard", async () => {
    const seen = serveConversation(ticket, [], {
      "GET /contacts": (request) => ({
        contacts:
          request.search.get("searchParam") === "Mar"
            ? [contact(31, "Mariana Lima", "5511988887777"), contact(32, "Marcos", "551199**-**12")]
            : [],
        count: 2,
        hasMore: false,
      }),
      "POST /messages/4": () =>
        buildMessage({
          id: 90,
          ticketId: 4,
          fromMe: true,
          mediaType: "contactMessage",
          body: "Mariana Lima",
        }),
    });
    renderConversation(me, ticket);
    const dialog = await openPicker();
    const box = within(dialog).getByRole("combobox", { name: "Pesquisar contato" });
    fireEvent.change(box, { target: { value: "Ma" } });
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(searches(seen)).toHaveLength(0);
    expect(within(dialog).getByRole("button", { name: "Enviar" }).hasAttribute("disabled")).toBe(true);

    fireEvent.change(box, { target: { value: "Mar" } });
    const option = await screen.findByRole("option", { name: /Mariana Lima/ });
    expect(searches(seen).at(-1)?.search.get("searchParam")).toBe("Mar");
    // A masked number cannot travel in a card: offered disabled, with the reason.
    const masked = screen.getByRole("option", { name: /Marcos/ });
    expect(masked.getAttribute("aria-disabled")).toBe("true");
    expect(within(masked).getByText("Sem número válido para um cartão de contato")).toBeTruthy();
    fireEvent.click(option);
    // The chosen contact reads with its number as people write it; the card carries the stored digits.
    expect((box as HTMLInputElement).value).toBe("Mariana Lima ((11) 98888-7777)");
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar" }));

    await waitFor(() => expect(sends(seen)).toHaveLength(1));
    expect(sends(seen)[0]?.body).toEqual({
      read: true,
      fromMe: true,
      body: "",
      isPrivate: false,
      quotedMsg: null,
      vCard: { name: "Mariana Lima", number: "5511988887777" },
    });
    expect(await screen.findByText("Contato enviado.")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Enviar contato" })).toBeNull());
    const list = await screen.findByRole("list", { name: "Mensagens" });
    expect(within(list).getByText("Cartão de contato")).toBeTruthy();
    expect(within(list).getByText("Mariana Lima")).toBeTruthy();
  });

  it("shows the translated server error and keeps the dialog open", async () => {
    serveConversation(ticket, [], {
      "GET /contacts": () => ({
        contacts: [contact(31, "Mariana Lima", "5511988887777")],
        count: 1,
        hasMore: false,
      }),
      "POST /messages/4": () => Response.json({ error: "ERR_WAPP_NOT_INITIALIZED" }, { status: 400 }),
    });
    renderConversation(me, ticket);
    const dialog = await openPicker();
    fireEvent.change(within(dialog).getByRole("combobox", { name: "Pesquisar contato" }), {
      target: { value: "Mariana" },
    });
    fireEvent.click(await screen.findByRole("option", { name: /Mariana Lima/ }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Enviar" }));
    expect(
      await screen.findByText("Esta conexão não foi inicializada. Verifique a página de conexões."),
    ).toBeTruthy();
    expect(screen.getByRole("dialog", { name: "Enviar contato" })).toBeTruthy();
  });
});
