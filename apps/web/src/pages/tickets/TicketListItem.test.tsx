import { RATING_EMOJIS, ratingFace } from "@inbox/shared";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithProviders } from "../../test/render";
import { buildTicket } from "../../test/tickets";
import { TicketListItem } from "./TicketListItem";

function renderItem(ticket: ReturnType<typeof buildTicket>) {
  renderWithProviders(
    <ul>
      <TicketListItem ticket={ticket} selected={false} showUser={false} onOpen={() => {}} />
    </ul>,
  );
  return screen.getByRole("listitem");
}

describe("the rating in the ticket list", () => {
  it("shows the face of a rated ticket, named with its score", () => {
    const item = renderItem(buildTicket({ id: 3, status: "closed", userRating: { rate: 9 } }));
    const face = within(item).getByRole("img", { name: "Avaliação 9/10: Muito satisfeito" });
    expect(face.textContent).toBe("😍");
  });

  it("shows nothing while unrated, or when the list did not load it", () => {
    const unrated = renderItem(buildTicket({ id: 3, status: "closed", userRating: null }));
    expect(within(unrated).queryByRole("img", { name: /Avaliação/ })).toBeNull();
  });

  it("maps 0 to 10 onto five faces in steps of two (0 to 2 the worst, 9 and 10 the best)", () => {
    const faces = Array.from({ length: 11 }, (_, rate) => ratingFace(rate));
    expect(faces).toEqual([1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    expect(ratingFace(8.5)).toBe(5);
    expect(ratingFace(8.4)).toBe(4);
    expect(ratingFace(-1)).toBe(1);
    expect(ratingFace(12)).toBe(5);
    expect(Object.values(RATING_EMOJIS)).toEqual(["😡", "🙁", "😐", "🙂", "😍"]);
  });
});

describe("the last message in the ticket list", () => {
  it("shows a signed message without WhatsApp's markers, on one line", () => {
    const item = renderItem(buildTicket({ id: 3, lastMessage: "*Ana Souza:*\nSeu pedido _saiu_ ~ontem~" }));
    expect(within(item).getByText("Ana Souza: Seu pedido saiu ontem")).toBeTruthy();
    expect(item.textContent).not.toMatch(/[*_~]/);
  });

  it("keeps markers WhatsApp would show as typed", () => {
    const item = renderItem(buildTicket({ id: 3, lastMessage: "snake_case 2*3*4" }));
    expect(within(item).getByText("snake_case 2*3*4")).toBeTruthy();
  });
});
