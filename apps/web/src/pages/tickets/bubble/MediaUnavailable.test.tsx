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

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5 });
const failed = buildMessage({
  id: 9,
  ticketId: 4,
  body: "",
  mediaType: "image",
  mediaUrl: null,
  mediaError: "ERR_WAPP_DOWNLOAD_MEDIA",
});
/** The lists the conversation view also loads. */
const lists = { "GET /queue": () => [], "GET /whatsapp": () => [], "GET /quick-messages/list": () => [] };
const posted = (seen: SeenRequest[]) =>
  seen.filter((r) => r.method === "POST" && r.path === "/messages/9/retry-media");

async function unavailableBubble() {
  const list = await screen.findByRole("list", { name: "Mensagens" });
  const status = await within(list).findByRole("status");
  expect(status.textContent).toContain("Mídia indisponível");
  return status;
}

describe("a received media that could not be downloaded", () => {
  it("shows 'Mídia indisponível' and a retry that brings the image once the server has it", async () => {
    const seen = serveConversation(ticket, [failed], {
      ...lists,
      "POST /messages/9/retry-media": () => ({
        ...failed,
        mediaError: undefined,
        mediaUrl: "/public/company2/media/photo.png",
      }),
    });
    renderConversation(me, ticket);
    const status = await unavailableBubble();
    fireEvent.click(within(status).getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect(posted(seen)).toHaveLength(1));
    const image = await screen.findByRole("img", { name: "Abrir anexo" });
    expect(image.getAttribute("src")).toBe("/public/company2/media/photo.png");
    expect(screen.queryByText("Mídia indisponível")).toBeNull();
  });

  it("a retry that fails again keeps the state and says why", async () => {
    const seen = serveConversation(ticket, [failed], {
      ...lists,
      "POST /messages/9/retry-media": () =>
        errorAnswer(502, { error: "ERR_WAPP_DOWNLOAD_MEDIA", message: "The media could not be downloaded" }),
    });
    renderConversation(me, ticket);
    const status = await unavailableBubble();
    fireEvent.click(within(status).getByRole("button", { name: "Tentar novamente" }));
    await waitFor(() => expect(posted(seen)).toHaveLength(1));
    expect(await screen.findByText(/Não foi possível baixar a mídia/)).toBeTruthy();
    expect(within(status).getByRole("button", { name: "Tentar novamente" })).toBeTruthy();
  });
});
