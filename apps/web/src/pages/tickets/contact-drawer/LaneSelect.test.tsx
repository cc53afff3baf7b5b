import type { ContactDto, TagDto, TicketDto } from "@inbox/shared";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import {
  errorAnswer,
  renderConversation,
  type SeenRequest,
  serveConversation,
} from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildTicket } from "../../../test/tickets";

/** The first conversation of a file renders slowly while the whole suite runs on two cores. */
const FIRST_RENDER_MS = 15_000;

/** Ana, of a company whose plan has (or lacks) the kanban. */
const me = (useKanban: boolean) =>
  buildUser({
    id: 7,
    name: "Ana",
    companyId: 2,
    company: {
      id: 2,
      name: "Acme",
      dueDate: "2999-12-31",
      plan: {
        id: 1,
        name: "Plano",
        useWhatsapp: true,
        useFacebook: true,
        useInstagram: true,
        useCampaigns: true,
        useSchedules: true,
        useInternalChat: true,
        useExternalApi: true,
        useKanban,
        useOpenAi: true,
        useIntegrations: true,
      },
    },
  });

const lane = (id: number, name: string): TagDto =>
  ({
    id,
    name,
    color: "#123456",
    kanban: 1,
    companyId: 2,
  }) as unknown as TagDto;
const triagem = lane(11, "Triagem");
const proposta = lane(12, "Proposta");
const vip = { id: 30, name: "VIP", color: "#999999" };

const contact = {
  id: 4,
  companyId: 2,
  name: "Maria Lima",
  number: "5511999990004",
  email: null,
  channel: "whatsapp",
  isGroup: false,
  disableBot: false,
  acceptAudioMessage: true,
  active: true,
  lgpdAcceptedAt: null,
  profilePicUrl: null,
  urlPicture: null,
  whatsappId: 1,
  walletUserId: null,
  extraInfo: [],
  tags: [],
  createdAt: "2026-03-01T10:00:00.000Z",
  updatedAt: "2026-03-01T10:00:00.000Z",
} as unknown as ContactDto;

const drawerRoutes = {
  "GET /contacts/4": () => contact,
  "GET /contactTags/4": () => ({ tags: [] }),
  "GET /ticket-notes/list": () => [],
  "GET /tags/list": (request: SeenRequest) =>
    request.search.get("kanban") === "1" ? [triagem, proposta] : [],
};

const calls = (seen: SeenRequest[], method: string, path: string) =>
  seen.filter((r) => r.method === method && r.path === path);

async function openDrawer() {
  fireEvent.click(
    await screen.findByRole("button", { name: "Dados do contato" }, { timeout: FIRST_RENDER_MS }),
  );
  return screen.findByRole("complementary", { name: "Dados do contato" });
}

const stageBox = (drawer: HTMLElement) => within(drawer).findByRole("combobox", { name: "Etapa do kanban" });

async function choose(drawer: HTMLElement, option: string) {
  fireEvent.mouseDown(await stageBox(drawer));
  fireEvent.click(await screen.findByRole("option", { name: option }));
}

describe("the drawer's kanban stage", () => {
  it(
    "shows the ticket's lane (its kanban tag with the smallest id), moves it with PUT and takes it out with DELETE",
    async () => {
      // Two lanes (data from before moves replaced): the smaller id is the lane, as on the board.
      const ticket: TicketDto = buildTicket({
        id: 4,
        status: "open",
        userId: 7,
        tags: [
          vip,
          { id: 12, name: "Proposta", color: "#123456" },
          { id: 11, name: "Triagem", color: "#123456" },
        ],
      });
      const seen = serveConversation(ticket, [], {
        ...drawerRoutes,
        "PUT /ticket-tags/4/12": () => ({ message: "Tag added to the ticket" }),
        "DELETE /ticket-tags/4": () => ({ message: "Kanban tags removed from the ticket" }),
      });
      renderConversation(me(true), ticket);
      const drawer = await openDrawer();
      await waitFor(async () => expect((await stageBox(drawer)).textContent).toBe("Triagem"));
      expect(calls(seen, "GET", "/tags/list").some((r) => r.search.get("kanban") === "1")).toBe(true);

      await choose(drawer, "Proposta");
      await waitFor(() => expect(calls(seen, "PUT", "/ticket-tags/4/12")).toHaveLength(1));
      await waitFor(async () => expect((await stageBox(drawer)).textContent).toBe("Proposta"));

      await choose(drawer, "Sem etapa");
      await waitFor(() => expect(calls(seen, "DELETE", "/ticket-tags/4")).toHaveLength(1));
      await waitFor(async () => expect((await stageBox(drawer)).textContent).toBe("Sem etapa"));
    },
    FIRST_RENDER_MS * 2,
  );

  it("follows the ticket's live update (a move on the board) and toasts a refused move translated", async () => {
    const ticket: TicketDto = buildTicket({ id: 4, status: "open", userId: 7, tags: [] });
    serveConversation(ticket, [], {
      ...drawerRoutes,
      "PUT /ticket-tags/4/11": () =>
        errorAnswer(404, { error: "ERR_NOT_FOUND", code: "ERR_NOT_FOUND", message: "Tag not found" }),
    });
    const { socket } = renderConversation(me(true), ticket);
    const drawer = await openDrawer();
    await waitFor(async () => expect((await stageBox(drawer)).textContent).toBe("Sem etapa"));

    const moved = { ...ticket, tags: [{ id: 12, name: "Proposta", color: "#123456" }] };
    act(() => socket.push("company-2-ticket", { action: "update", ticket: moved }));
    await waitFor(async () => expect((await stageBox(drawer)).textContent).toBe("Proposta"));

    await choose(drawer, "Triagem");
    expect(await screen.findByText("Registro não encontrado.")).toBeTruthy();
    expect((await stageBox(drawer)).textContent).toBe("Proposta");
  });

  it("is not there when the company's plan has no kanban", async () => {
    const ticket: TicketDto = buildTicket({ id: 4, status: "open", userId: 7, tags: [] });
    const seen = serveConversation(ticket, [], drawerRoutes);
    renderConversation(me(false), ticket);
    const drawer = await openDrawer();
    expect(await within(drawer).findByText("Maria Lima")).toBeTruthy();
    expect(within(drawer).queryByRole("combobox", { name: "Etapa do kanban" })).toBeNull();
    expect(calls(seen, "GET", "/tags/list").some((r) => r.search.get("kanban") === "1")).toBe(false);
  });
});
