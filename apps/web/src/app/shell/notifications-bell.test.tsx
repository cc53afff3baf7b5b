import type { TicketDto } from "@inbox/shared";
import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetNotificationSound } from "../../notifications/sound";
import { FakeAudioContext, FakeNotification } from "../../notifications/test-fakes";
import { buildMessage } from "../../test/tickets";
import { attendant, mine, renderShell, serve } from "./bell-test-harness";

// The whole shell renders here; on a shared, busy machine the default second can be short.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  document.title = "Inbox";
  FakeNotification.reset("granted");
  vi.stubGlobal("Notification", FakeNotification);
  // No sound in these tests: they are about the bell and the title.
  vi.stubGlobal("AudioContext", undefined);
  vi.spyOn(console, "info").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetNotificationSound();
  FakeAudioContext.instances = [];
});

describe("the notification bell and the tab title", () => {
  it("asks for the unread open and pending tickets of my own view", async () => {
    const calls = serve({});
    renderShell(attendant);
    await waitFor(() => expect(calls.filter((c) => c.pathname === "/tickets")).toHaveLength(2));
    const asked = calls.filter((c) => c.pathname === "/tickets");
    expect(asked.map((c) => c.searchParams.get("status")).sort()).toEqual(["open", "pending"]);
    for (const call of asked) {
      expect(call.searchParams.get("withUnreadMessages")).toBe("true");
      expect(call.searchParams.get("showAll")).toBe("false");
    }
  });

  it("also asks for the unread group tickets with allowGroup", async () => {
    const calls = serve({});
    renderShell({ ...attendant, allowGroup: true });
    await waitFor(() => expect(calls.filter((c) => c.pathname === "/tickets")).toHaveLength(3));
    const statuses = calls.filter((c) => c.pathname === "/tickets").map((c) => c.searchParams.get("status"));
    expect(statuses.sort()).toEqual(["group", "open", "pending"]);
  });

  it("lists the unread tickets with a badge; a click opens the ticket", async () => {
    serve({
      open: [mine(1, 2, { lastMessage: "*Ana:*\n_Olá_" })],
      pending: [mine(2, 1, { status: "pending", userId: null })],
    });
    renderShell(attendant);
    const bell = await screen.findByRole("button", {
      name: "Notificações: 2 atendimentos com mensagens não lidas",
    });
    expect(within(bell).getByText("2")).toBeTruthy();
    fireEvent.click(bell);
    const list = await screen.findByRole("list", { name: "Atendimentos com mensagens não lidas" });
    const items = within(list).getAllByRole("button");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText("Contato 2")).toBeTruthy();
    expect(within(items[0]!).getByText("Mensagem 2")).toBeTruthy();
    expect(within(items[1]!).getByLabelText("2 mensagens não lidas")).toBeTruthy();
    // The last message without WhatsApp's markers.
    expect(within(items[1]!).getByText("Ana: Olá")).toBeTruthy();
    fireEvent.click(items[1]!);
    expect(await screen.findByText(`ticket ${mine(1, 0).uuid}`)).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole("list", { name: "Atendimentos com mensagens não lidas" })).toBeNull(),
    );
  });

  it("shows the unread total in the tab title, kept live from socket events", async () => {
    serve({ open: [mine(1, 2)] });
    const socket = renderShell(attendant);
    await waitFor(() => expect(document.title).toBe("② Inbox"));
    // A new message from a contact in another of my tickets.
    const other = mine(3, 1);
    act(() =>
      socket.push("company-2-appMessage", {
        action: "create",
        message: buildMessage({ ticketId: 3 }),
        ticket: other,
        contact: other.contact,
      }),
    );
    await waitFor(() => expect(document.title).toBe("③ Inbox"));
    expect(
      screen.getByRole("button", { name: "Notificações: 2 atendimentos com mensagens não lidas" }),
    ).toBeTruthy();
    // Ticket 1 was read.
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(1, 0) }));
    await waitFor(() => expect(document.title).toBe("① Inbox"));
    // Above 20: (N).
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(3, 25) }));
    await waitFor(() => expect(document.title).toBe("(25) Inbox"));
    act(() => socket.push("company-2-ticket", { action: "delete", ticketId: 3 }));
    await waitFor(() => expect(document.title).toBe("Inbox"));
    expect(screen.getByRole("button", { name: "Notificações" })).toBeTruthy();
  });

  it("leaves out another attendant's tickets and, without allowGroup, group tickets", async () => {
    serve({ open: [mine(1, 2)] });
    const socket = renderShell(attendant);
    await waitFor(() => expect(document.title).toBe("② Inbox"));
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(4, 5, { userId: 8 }) }));
    act(() =>
      socket.push("company-2-ticket", {
        action: "update",
        ticket: mine(5, 5, { status: "group", isGroup: true, userId: null, queueId: null }),
      }),
    );
    // A ticket of mine that arrives after them counts: the two above did not.
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(6, 1) }));
    await waitFor(() => expect(document.title).toBe("③ Inbox"));
  });

  it("asks for the desktop-notification permission from the bell menu, not on load", async () => {
    serve({});
    FakeNotification.reset("default");
    const request = vi.fn(async () => "granted" as NotificationPermission);
    FakeNotification.requestPermission = request;
    renderShell(attendant);
    fireEvent.click(await screen.findByRole("button", { name: "Notificações" }));
    expect(request).not.toHaveBeenCalled();
    fireEvent.click(await screen.findByRole("button", { name: "Ativar notificações" }));
    expect(request).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole("button", { name: "Ativar notificações" })).toBeNull());
  });

  it("tells a browser without notifications that only the sound remains", async () => {
    serve({});
    vi.stubGlobal("Notification", undefined);
    renderShell(attendant);
    fireEvent.click(await screen.findByRole("button", { name: "Notificações" }));
    expect(await screen.findByText(/Este navegador não mostra notificações/)).toBeTruthy();
  });

  it("chimes at the volume chosen on the top-bar slider", async () => {
    serve({});
    vi.stubGlobal("AudioContext", FakeAudioContext);
    const socket = renderShell(attendant);
    fireEvent.click(await screen.findByRole("button", { name: "Volume das notificações" }));
    const slider = await screen.findByRole("slider", { name: "Volume das notificações" });
    fireEvent.change(slider, { target: { value: "0.3" } });
    expect(localStorage.getItem("volume")).toBe("0.3");
    const ticket = mine(1, 1);
    act(() =>
      socket.push("company-2-appMessage", {
        action: "create",
        message: buildMessage({ ticketId: 1 }),
        ticket,
        contact: ticket.contact,
      }),
    );
    expect(FakeAudioContext.instances[0]?.peaks).toEqual([0.3, 0.3]);
    expect(FakeNotification.instances).toHaveLength(1);
  });

  it("loads the list again when the socket reconnects (events may have been missed)", async () => {
    const served: Record<string, TicketDto[]> = { open: [mine(1, 2)] };
    serve(served);
    const socket = renderShell(attendant);
    await waitFor(() => expect(document.title).toBe("② Inbox"));
    served.open = [mine(1, 5)];
    act(() => socket.push("connect", undefined));
    await waitFor(() => expect(document.title).toBe("⑤ Inbox"));
  });
});
