import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { resetNotificationSound } from "../../notifications/sound";
import { FakeAudioContext, FakeNotification } from "../../notifications/test-fakes";
import { attendant, mine, renderShell, serve } from "./bell-test-harness";

// The whole shell renders here; on a shared, busy machine the default second can be short.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  document.title = "Inbox";
  FakeNotification.reset("granted");
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("AudioContext", FakeAudioContext);
  vi.spyOn(console, "info").mockImplementation(() => {});
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetNotificationSound();
  FakeAudioContext.instances = [];
});

const bell = (name: string) => screen.findByRole("button", { name });

describe("the bell's total", () => {
  it("is the server's count of unread tickets, not the tickets of the first pages", async () => {
    // 57 open and 3 pending tickets with unread messages; the first pages hold two of them.
    const calls = serve(
      { open: [mine(1, 2)], pending: [mine(2, 1, { status: "pending", userId: null })] },
      { open: 57, pending: 3 },
    );
    const socket = renderShell(attendant);
    const button = await bell("Notificações: 60 atendimentos com mensagens não lidas");
    expect(within(button).getByText("60")).toBeTruthy();

    // A loaded ticket is read: one less, no need to ask.
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(1, 0) }));
    await bell("Notificações: 59 atendimentos com mensagens não lidas");
    const asked = () => calls.filter((c) => c.pathname === "/tickets").length;
    const before = asked();

    // A ticket the first pages did not hold: whether it was counted is the server's to say.
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(30, 0) }));
    await waitFor(() => expect(asked()).toBe(before + 2), { timeout: 4000 });
  });

  it("follows the list exactly while the first pages hold every unread ticket", async () => {
    serve({ open: [mine(1, 2)] });
    const socket = renderShell(attendant);
    await bell("Notificações: 1 atendimento com mensagens não lidas");
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(3, 1) }));
    await bell("Notificações: 2 atendimentos com mensagens não lidas");
    act(() => socket.push("company-2-ticket", { action: "delete", ticketId: 1 }));
    await bell("Notificações: 1 atendimento com mensagens não lidas");
  });
});

describe("a ticket handed to me", () => {
  it("chimes and enters the bell when someone else transfers it to me; opening it answers the entry", async () => {
    serve({});
    const socket = renderShell(attendant);
    await bell("Notificações");
    const handed = mine(3, 0, { queue: { id: 5, name: "Suporte", color: "#123456" } });
    act(() => socket.push("company-2-ticket", { action: "update", ticket: handed, assignedBy: 9 }));
    expect(FakeAudioContext.instances[0]?.peaks).toEqual([1, 1]);
    expect(FakeNotification.instances[0]?.title).toBe("Atendimento transferido para você");
    expect(FakeNotification.instances[0]?.options.body).toBe(handed.contact?.name);
    fireEvent.click(await bell("Notificações: 1 atendimento transferido para você"));
    const list = await screen.findByRole("list", { name: "Atendimentos transferidos para você" });
    const [entry] = within(list).getAllByRole("button");
    expect(within(entry!).getByText(handed.contact?.name ?? "")).toBeTruthy();
    expect(within(entry!).getByText("Transferido para você · fila Suporte")).toBeTruthy();
    fireEvent.click(entry!);
    expect(await screen.findByText(`ticket ${handed.uuid}`)).toBeTruthy();
    await bell("Notificações");
  });

  it("stays quiet when I take a ticket myself, or when it is handed to someone else", async () => {
    serve({});
    const socket = renderShell(attendant);
    await bell("Notificações");
    // Accepted by me: the event names no one who handed it.
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(3, 0) }));
    // Handed by me, or to another attendant.
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(4, 0), assignedBy: 7 }));
    act(() =>
      socket.push("company-2-ticket", { action: "update", ticket: mine(5, 0, { userId: 8 }), assignedBy: 9 }),
    );
    // A ticket handed to me and then passed on leaves the bell.
    act(() => socket.push("company-2-ticket", { action: "update", ticket: mine(6, 0), assignedBy: 9 }));
    await bell("Notificações: 1 atendimento transferido para você");
    act(() =>
      socket.push("company-2-ticket", { action: "update", ticket: mine(6, 0, { userId: 8 }), assignedBy: 7 }),
    );
    await bell("Notificações");
    // One chime (two notes): the handover to me, nothing else.
    expect(FakeAudioContext.instances[0]?.peaks).toHaveLength(2);
  });
});
