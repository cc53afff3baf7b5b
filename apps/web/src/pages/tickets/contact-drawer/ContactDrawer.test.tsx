import { type ContactDto, LIMITS } from "@inbox/shared";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConversation, type SeenRequest, serveConversation } from "../../../test/conversation";
import { stubMediaQuery } from "../../../test/media-query";
import { buildUser } from "../../../test/render";
import { buildTicket } from "../../../test/tickets";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5 });

function buildContact(overrides: Partial<ContactDto> = {}): ContactDto {
  return {
    id: 4,
    companyId: 2,
    name: "Maria Lima",
    number: "5511999990004",
    email: "maria@example.com",
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
    extraInfo: [{ id: 1, name: "CPF", value: "123" }],
    tags: [],
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
    ...overrides,
  };
}

const calls = (seen: SeenRequest[], method: string, path: string) =>
  seen.filter((r) => r.method === method && r.path === path);

async function openDrawer() {
  fireEvent.click(await screen.findByRole("button", { name: "Dados do contato" }));
  return screen.findByRole("complementary", { name: "Dados do contato" });
}

describe("contact drawer", () => {
  it("shows the contact, blocks and unblocks, and toggles accept-audio", async () => {
    let contact = buildContact();
    const seen = serveConversation(ticket, [], {
      "GET /contacts/4": () => contact,
      "PUT /contacts/block/4": (request) => {
        contact = { ...contact, active: (request.body as { active: boolean }).active };
        return contact;
      },
      "PUT /contacts/toggleAcceptAudio/4": () => {
        contact = { ...contact, acceptAudioMessage: !contact.acceptAudioMessage };
        return contact;
      },
      "GET /contactTags/4": () => ({ tags: [] }),
      "GET /ticket-notes/list": () => [],
      "GET /tags/list": () => [],
    });
    renderConversation(me, ticket);
    const drawer = await openDrawer();
    expect(await within(drawer).findByText("Maria Lima")).toBeTruthy();
    // Shown by the one phone formatter (the company's country, BR, nationally).
    expect(within(drawer).getByText("(11) 99999-0004")).toBeTruthy();
    fireEvent.click(within(drawer).getByRole("button", { name: "Bloquear contato" }));
    expect(await screen.findByText("Contato bloqueado")).toBeTruthy();
    expect(calls(seen, "PUT", "/contacts/block/4")[0]?.body).toEqual({ active: false });
    fireEvent.click(await within(drawer).findByRole("button", { name: "Desbloquear contato" }));
    await waitFor(() => expect(calls(seen, "PUT", "/contacts/block/4")[1]?.body).toEqual({ active: true }));

    const audio = within(drawer).getByRole("switch", {
      name: "Aceita mensagens de áudio",
    }) as HTMLInputElement;
    expect(audio.checked).toBe(true);
    fireEvent.click(audio);
    await waitFor(() => expect(audio.checked).toBe(false));
    expect(calls(seen, "PUT", "/contacts/toggleAcceptAudio/4")).toHaveLength(1);
  });

  it("adds a note (at least 2 characters) and deletes one", async () => {
    let notes = [
      {
        id: 1,
        note: "Cliente prefere WhatsApp",
        ticketId: 4,
        contactId: 4,
        userId: 7,
        user: { id: 7, name: "Ana" },
        createdAt: "2026-03-01T10:00:00.000Z",
        updatedAt: "2026-03-01T10:00:00.000Z",
      },
    ];
    const seen = serveConversation(ticket, [], {
      "GET /contacts/4": () => buildContact(),
      "GET /contactTags/4": () => ({ tags: [] }),
      "GET /tags/list": () => [],
      "GET /ticket-notes/list": () => notes,
      "POST /ticket-notes": (request) => {
        const note = { ...notes[0]!, id: 2, note: (request.body as { note: string }).note };
        notes = [note, ...notes];
        return note;
      },
      "DELETE /ticket-notes/1": () => {
        notes = notes.filter((note) => note.id !== 1);
        return { message: "Note deleted" };
      },
    });
    renderConversation(me, ticket);
    const drawer = await openDrawer();
    expect(await within(drawer).findByText("Cliente prefere WhatsApp")).toBeTruthy();
    const field = within(drawer).getByRole("textbox", { name: "Nova observação" });
    fireEvent.change(field, { target: { value: "a" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Adicionar" }));
    expect(await within(drawer).findByText("Too Short!")).toBeTruthy();
    expect(calls(seen, "POST", "/ticket-notes")).toHaveLength(0);
    fireEvent.change(field, { target: { value: "Ligar amanhã" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Adicionar" }));
    expect(await screen.findByText("Observação adicionada com sucesso!")).toBeTruthy();
    expect(calls(seen, "POST", "/ticket-notes")[0]?.body).toEqual({
      note: "Ligar amanhã",
      ticketId: 4,
      contactId: 4,
    });
    expect(await within(drawer).findByText("Ligar amanhã")).toBeTruthy();

    fireEvent.click(within(drawer).getAllByRole("button", { name: "Excluir observação" })[1]!);
    const confirm = await screen.findByRole("dialog", { name: "Excluir observação" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Excluir" }));
    expect(await screen.findByText("Observação excluída com sucesso!")).toBeTruthy();
    await waitFor(() => expect(within(drawer).queryByText("Cliente prefere WhatsApp")).toBeNull());
  });

  it("refuses a tag under 3 characters ('Tag muito curta!'), creates and syncs a longer one", async () => {
    const vip = { id: 3, name: "VIP", color: "#f00", kanban: 0 };
    const seen = serveConversation(ticket, [], {
      "GET /contacts/4": () => buildContact(),
      "GET /contactTags/4": () => ({ tags: [] }),
      "GET /ticket-notes/list": () => [],
      "GET /tags/list": () => [vip],
      "POST /tags": (request) => ({
        id: 8,
        name: (request.body as { name: string }).name,
        color: "#5C59A0",
        kanban: 0,
      }),
      "POST /tags/sync": () => buildContact({ tags: [{ id: 8, name: "Atacado", color: "#5C59A0" }] }),
    });
    renderConversation(me, ticket);
    const drawer = await openDrawer();
    const box = await within(drawer).findByRole("combobox", { name: "Tags" });
    await waitFor(() => expect((box as HTMLInputElement).disabled).toBe(false));
    fireEvent.change(box, { target: { value: "ab" } });
    fireEvent.keyDown(box, { key: "Enter" });
    expect(await within(drawer).findByText("Tag muito curta!")).toBeTruthy();
    expect(calls(seen, "POST", "/tags")).toHaveLength(0);

    fireEvent.change(box, { target: { value: "Atacado" } });
    fireEvent.click(await screen.findByRole("option", { name: 'Criar "Atacado"' }));
    await waitFor(() =>
      expect(calls(seen, "POST", "/tags/sync")[0]?.body).toEqual({ contactId: 4, tags: [8] }),
    );
    expect(calls(seen, "POST", "/tags")[0]?.body).toEqual({ name: "Atacado", kanban: 0 });
    expect(await within(drawer).findByText("Atacado")).toBeTruthy();
  });

  it("saves the extra info as the whole list", async () => {
    const seen = serveConversation(ticket, [], {
      "GET /contacts/4": () => buildContact(),
      "GET /contactTags/4": () => ({ tags: [] }),
      "GET /ticket-notes/list": () => [],
      "GET /tags/list": () => [],
      "PUT /contacts/4": (request) => buildContact(request.body as Partial<ContactDto>),
    });
    renderConversation(me, ticket);
    const drawer = await openDrawer();
    fireEvent.click(await within(drawer).findByRole("button", { name: "Adicionar campo" }));
    const names = within(drawer).getAllByRole("textbox", { name: "Nome do campo" });
    const values = within(drawer).getAllByRole("textbox", { name: "Valor" });
    fireEvent.change(names[1]!, { target: { value: "Empresa" } });
    fireEvent.change(values[1]!, { target: { value: "Acme" } });
    fireEvent.click(within(drawer).getByRole("button", { name: "Salvar informações" }));
    await waitFor(() =>
      expect(calls(seen, "PUT", "/contacts/4")[0]?.body).toEqual({
        extraInfo: [
          { id: 1, name: "CPF", value: "123" },
          { name: "Empresa", value: "Acme" },
        ],
      }),
    );
    expect(await screen.findByText("Informações salvas.")).toBeTruthy();
  });
});

describe("contact drawer layout", () => {
  const serveDrawer = () =>
    serveConversation(ticket, [], {
      "GET /contacts/4": () => buildContact(),
      "GET /contactTags/4": () => ({ tags: [] }),
      "GET /ticket-notes/list": () => [],
      "GET /tags/list": () => [],
    });

  it("pushes the conversation aside from 1200 px: a column of its own, covering nothing", async () => {
    const restore = stubMediaQuery(true);
    try {
      serveDrawer();
      renderConversation(me, ticket);
      const drawer = await openDrawer();
      expect(drawer.getAttribute("data-layout")).toBe("push");
      const style = getComputedStyle(drawer);
      expect(style.position).toBe("relative");
      expect(style.flexShrink).toBe("0");
      expect(style.width).toBe(`${LIMITS.contactDrawerWidth}px`);
      // The conversation is its sibling in the same row, so it narrows by the drawer's width.
      expect(getComputedStyle(drawer.parentElement as HTMLElement).display).toBe("flex");
    } finally {
      restore();
    }
  });

  it("overlays the conversation on narrower screens", async () => {
    const restore = stubMediaQuery(false);
    try {
      serveDrawer();
      renderConversation(me, ticket);
      const drawer = await openDrawer();
      expect(drawer.getAttribute("data-layout")).toBe("overlay");
      expect(getComputedStyle(drawer).position).toBe("absolute");
    } finally {
      restore();
    }
  });
});
