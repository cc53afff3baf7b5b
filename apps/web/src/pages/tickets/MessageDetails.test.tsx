import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConversation, serveConversation } from "../../test/conversation";
import { buildUser } from "../../test/render";
import { buildMessage, buildTicket } from "../../test/tickets";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 7 });

async function bubbles() {
  const list = await screen.findByRole("list", { name: "Mensagens" });
  return within(list).getAllByRole("listitem");
}

describe("what a message was (Meta payloads)", () => {
  it("an unsupported message names its type and Meta's code and title, not an empty bubble", async () => {
    serveConversation(ticket, [
      buildMessage({
        id: 1,
        ticketId: 4,
        mediaType: "unsupported",
        body: "",
        details: { unsupported: { type: "poll_creation", code: 131051, title: "Message type unknown" } },
      }),
    ]);
    renderConversation(me, ticket);
    const [bubble] = await bubbles();
    expect(within(bubble as HTMLElement).getByText("Mensagem não suportada (poll_creation)")).toBeTruthy();
    expect(within(bubble as HTMLElement).getByText("Meta 131051: Message type unknown")).toBeTruthy();
  });

  it("a location shows name, address, coordinates and a map link; the body is not repeated", async () => {
    serveConversation(ticket, [
      buildMessage({
        id: 1,
        ticketId: 4,
        mediaType: "locationMessage",
        body: "MASP - Av. Paulista, 1578",
        details: {
          location: {
            latitude: -23.56,
            longitude: -46.65,
            name: "MASP",
            address: "Av. Paulista, 1578",
            mapUrl: "https://www.google.com/maps/search/?api=1&query=-23.56,-46.65",
          },
        },
      }),
    ]);
    renderConversation(me, ticket);
    await bubbles();
    expect(screen.getByText("MASP")).toBeTruthy();
    expect(screen.getByText("Av. Paulista, 1578")).toBeTruthy();
    expect(screen.getByText("-23.56, -46.65")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Abrir no mapa" }).getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=-23.56,-46.65",
    );
    expect(screen.queryByText("MASP - Av. Paulista, 1578")).toBeNull();
  });

  it("a product, an ad, a story reply with expired media, and a document's file name", async () => {
    serveConversation(ticket, [
      buildMessage({
        id: 1,
        ticketId: 4,
        body: "Tem em azul?",
        details: { product: { catalogId: "cat-1", productRetailerId: "sku-42" } },
      }),
      buildMessage({
        id: 2,
        ticketId: 4,
        body: "Vim pelo anúncio",
        details: {
          referral: {
            sourceType: "ad",
            sourceId: "1",
            sourceUrl: "https://fb.me/ad",
            headline: "Promoção de verão",
            body: null,
            mediaType: "image",
            imageUrl: null,
            videoUrl: null,
            thumbnailUrl: null,
          },
        },
      }),
      buildMessage({
        id: 3,
        ticketId: 4,
        body: "E esse?",
        details: { story: { kind: "reply", id: "s1" }, mediaGone: "expired" },
      }),
      buildMessage({
        id: 4,
        ticketId: 4,
        mediaType: "application",
        mediaUrl: "/public/company2/media/abc.pdf",
        body: "Contrato.pdf",
        details: { fileName: "Contrato.pdf" },
      }),
    ]);
    renderConversation(me, ticket);
    await bubbles();
    expect(screen.getByText("Produto sku-42 (catálogo cat-1)")).toBeTruthy();
    expect(screen.getByText("Veio de um anúncio")).toBeTruthy();
    expect(screen.getByText("Promoção de verão")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Ver o anúncio" }).getAttribute("href")).toBe("https://fb.me/ad");
    expect(screen.getByText("Respondeu ao seu story")).toBeTruthy();
    expect(screen.getByText("A mídia expirou e não está mais disponível")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Baixar Contrato.pdf" })).toBeTruthy();
  });
});
