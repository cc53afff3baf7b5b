import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderConversation, type SeenRequest, serveConversation } from "../../../test/conversation";
import { buildUser } from "../../../test/render";
import { buildTicket } from "../../../test/tickets";

const me = buildUser({ id: 7, name: "Ana", companyId: 2 });
const ticket = buildTicket({ id: 4, status: "open", userId: 7, queueId: 5 });

const calls = (seen: SeenRequest[], method: string, path: string) =>
  seen.filter((r) => r.method === method && r.path === path);

/** A schedule as the server answers POST /schedules. */
function answer(body: Record<string, unknown>) {
  return {
    id: 9,
    companyId: 2,
    body: body.body,
    sendAt: body.sendAt,
    sentAt: null,
    status: "pending",
    sendError: null,
    contactId: 4,
    contact: { id: 4, name: "Contato 4" },
    ticketId: 4,
    userId: 7,
    user: { id: 7, name: "Ana" },
    whatsappId: 1,
    whatsapp: { id: 1, name: "Vendas" },
    mediaPath: null,
    mediaName: null,
    createdAt: "2026-03-01T10:00:00.000Z",
    updatedAt: "2026-03-01T10:00:00.000Z",
  };
}

async function openDialog() {
  fireEvent.click(await screen.findByRole("button", { name: "Mais ações" }));
  fireEvent.click(await screen.findByRole("menuitem", { name: "Agendar mensagem" }));
  return screen.findByRole("dialog", { name: "Agendar mensagem" });
}

const field = (dialog: HTMLElement, name: string) =>
  within(dialog).getByLabelText(name, { exact: false }) as HTMLInputElement;

describe("schedule-message dialog", () => {
  it("opens from the conversation with the ticket's contact and now plus one hour", async () => {
    serveConversation(ticket, []);
    renderConversation(me, ticket);
    const dialog = await openDialog();
    expect(field(dialog, "Contato").value).toBe("Contato 4");
    const sendAt = Date.parse(field(dialog, "Data e hora do envio").value);
    expect(Math.abs(sendAt - (Date.now() + 3_600_000))).toBeLessThan(2 * 60_000);
    expect(field(dialog, "Mensagem").value).toBe("");
  });

  it("shows the spec's messages: required, too short; nothing is sent", async () => {
    const seen = serveConversation(ticket, []);
    renderConversation(me, ticket);
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByRole("button", { name: "Agendar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeTruthy();
    fireEvent.change(field(dialog, "Mensagem"), { target: { value: "Oi!" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Agendar" }));
    expect(await within(dialog).findByText("Mensagem muito curta")).toBeTruthy();
    fireEvent.change(field(dialog, "Mensagem"), { target: { value: "Olá, tudo bem?" } });
    fireEvent.change(field(dialog, "Data e hora do envio"), { target: { value: "" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Agendar" }));
    expect(await within(dialog).findByText("Obrigatório")).toBeTruthy();
    expect(calls(seen, "POST", "/schedules")).toEqual([]);
  });

  it("saves the schedule for the ticket's contact with its image, toasts and closes", async () => {
    const seen = serveConversation(ticket, [], {
      "POST /schedules": (request) => answer(request.body as Record<string, unknown>),
      "POST /schedules/9/media-upload": () => ({ ...answer({}), mediaName: "foto.png" }),
    });
    renderConversation(me, ticket);
    const dialog = await openDialog();
    fireEvent.change(field(dialog, "Mensagem"), { target: { value: "  Lembrete da consulta  " } });
    fireEvent.change(field(dialog, "Data e hora do envio"), { target: { value: "2030-05-06T14:30" } });
    const png = new File([new Uint8Array([137, 80, 78, 71])], "foto.png", { type: "image/png" });
    fireEvent.change(field(dialog, "Anexo"), { target: { files: [png] } });
    expect(within(dialog).getByText("foto.png")).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Agendar" }));

    expect(await screen.findByText("Agendamento salvo com sucesso!")).toBeTruthy();
    expect(calls(seen, "POST", "/schedules")[0]?.body).toEqual({
      body: "Lembrete da consulta",
      sendAt: new Date(2030, 4, 6, 14, 30).toISOString(),
      contactId: 4,
      ticketId: 4,
      whatsappId: 1,
    });
    const upload = calls(seen, "POST", "/schedules/9/media-upload")[0]?.body as FormData;
    expect((upload.get("file") as File).name).toBe("foto.png");
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Agendar mensagem" })).toBeNull());
  });

  it("refuses an attachment that is not png, jpg or jpeg", async () => {
    const seen = serveConversation(ticket, [], {
      "POST /schedules": (request) => answer(request.body as Record<string, unknown>),
    });
    renderConversation(me, ticket);
    const dialog = await openDialog();
    const gif = new File([new Uint8Array([71, 73, 70])], "anim.gif", { type: "image/gif" });
    fireEvent.change(field(dialog, "Anexo"), { target: { files: [gif] } });
    expect(await within(dialog).findByText("Apenas arquivos png, jpg ou jpeg")).toBeTruthy();
    expect(within(dialog).queryByText("anim.gif")).toBeNull();
    fireEvent.change(field(dialog, "Mensagem"), { target: { value: "Sem anexo agora" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Agendar" }));
    expect(await screen.findByText("Agendamento salvo com sucesso!")).toBeTruthy();
    expect(calls(seen, "POST", "/schedules/9/media-upload")).toEqual([]);
  });

  it("is not offered when the plan has no schedules", async () => {
    const withoutSchedules = buildUser({
      id: 7,
      companyId: 2,
      company: {
        id: 2,
        name: "Acme",
        dueDate: "2999-12-31",
        plan: {
          id: 1,
          name: "Básico",
          useWhatsapp: true,
          useFacebook: true,
          useInstagram: true,
          useCampaigns: true,
          useSchedules: false,
          useInternalChat: true,
          useExternalApi: true,
          useKanban: true,
          useOpenAi: true,
          useIntegrations: true,
        },
      },
    });
    serveConversation(ticket, []);
    renderConversation(withoutSchedules, ticket);
    fireEvent.click(await screen.findByRole("button", { name: "Mais ações" }));
    expect(await screen.findByRole("menuitem", { name: "Transferir" })).toBeTruthy();
    expect(screen.queryByRole("menuitem", { name: "Agendar mensagem" })).toBeNull();
  });
});
