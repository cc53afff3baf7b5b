import type { AppMessageEventPayload, TicketDto, UserDto } from "@inbox/shared";
import { act, screen } from "@testing-library/react";
import { Link, Route, Routes, useLocation } from "react-router";
import type { Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ticketViewerOf } from "../pages/tickets/ticket-viewer";
import { RealtimeContext } from "../realtime/realtime-context";
import { FakeSocket } from "../test/fake-socket";
import { authValue, buildUser, renderWithProviders } from "../test/render";
import { buildMessage, buildTicket } from "../test/tickets";
import { closeDesktopNotification } from "./desktop";
import { notificationTag } from "./rules";
import { resetNotificationSound } from "./sound";
import { TicketNotifications } from "./TicketNotifications";
import { FakeAudioContext, FakeNotification } from "./test-fakes";
import { publishViewing, TAB_ID, VIEWING_MAX_AGE_MS, viewedElsewhere } from "./viewing";

function Where() {
  return (
    <>
      <output aria-label="location">{useLocation().pathname}</output>
      <Link to={`/tickets/${ticketUuid}`}>open ticket 3</Link>
    </>
  );
}

function renderNotifications(
  user: UserDto,
  options: { showNotificationPending?: boolean; path?: string } = {},
) {
  const socket = new FakeSocket();
  renderWithProviders(
    <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: user.companyId }}>
      <TicketNotifications
        viewer={ticketViewerOf(user)}
        settings={{ showNotificationPending: options.showNotificationPending ?? false }}
      />
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </RealtimeContext.Provider>,
    { auth: authValue({ user }), initialEntries: [options.path ?? "/"] },
  );
  return socket;
}

function newMessage(ticket: Partial<TicketDto> = {}, body = "Preciso de ajuda"): AppMessageEventPayload {
  const t = buildTicket({ id: 3, status: "open", userId: 7, queueId: 5, ...ticket });
  return { action: "create", message: buildMessage({ ticketId: t.id, body }), ticket: t, contact: t.contact };
}

const attendant = buildUser({ id: 7, companyId: 2, queues: [{ id: 5, name: "Suporte", color: "#123456" }] });
const ticketUuid = buildTicket({ id: 3 }).uuid;
let focused = true;

beforeEach(() => {
  FakeNotification.reset("granted");
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("AudioContext", FakeAudioContext);
  focused = true;
  vi.spyOn(document, "hasFocus").mockImplementation(() => focused);
  vi.spyOn(window, "focus").mockImplementation(() => {});
});

afterEach(() => {
  closeDesktopNotification(notificationTag(ticketUuid));
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  resetNotificationSound();
  FakeAudioContext.instances = [];
});

describe("new-message notifications", () => {
  it("chimes at the stored volume and shows the contact's notification; a click opens the ticket", () => {
    localStorage.setItem("volume", "0.4");
    const socket = renderNotifications(attendant);
    act(() => socket.push("company-2-appMessage", newMessage()));
    expect(FakeAudioContext.instances[0]?.peaks).toEqual([0.4, 0.4]);
    const [notification] = FakeNotification.instances;
    expect(notification?.title).toBe("Contato 3");
    expect(notification?.options.body).toBe("Preciso de ajuda");
    expect(notification?.options.tag).toBe(`ticket-${ticketUuid}`);
    act(() => notification?.click());
    expect(screen.getByLabelText("location").textContent).toBe(`/tickets/${ticketUuid}`);
  });

  it("uses the default volume 1 when none is stored, and is silent at volume 0", () => {
    const socket = renderNotifications(attendant);
    act(() => socket.push("company-2-appMessage", newMessage()));
    expect(FakeAudioContext.instances[0]?.peaks).toEqual([1, 1]);
    localStorage.setItem("volume", "0");
    act(() => socket.push("company-2-appMessage", newMessage()));
    expect(FakeAudioContext.instances[0]?.peaks).toEqual([1, 1]);
    // The notification still shows at volume 0.
    expect(FakeNotification.instances).toHaveLength(2);
  });

  it("stays quiet for my own messages", () => {
    const socket = renderNotifications(attendant);
    const event = newMessage();
    if (event.action === "create") event.message.fromMe = true;
    act(() => socket.push("company-2-appMessage", event));
    expect(FakeNotification.instances).toHaveLength(0);
    expect(FakeAudioContext.instances).toHaveLength(0);
  });

  it("notifies pending tickets only with showNotificationPending", () => {
    const pending = newMessage({ status: "pending", userId: null });
    const quiet = renderNotifications(attendant, { showNotificationPending: false });
    act(() => quiet.push("company-2-appMessage", pending));
    expect(FakeNotification.instances).toHaveLength(0);
    expect(FakeAudioContext.instances).toHaveLength(0);
    const loud = renderNotifications(attendant, { showNotificationPending: true });
    act(() => loud.push("company-2-appMessage", pending));
    expect(FakeNotification.instances).toHaveLength(1);
  });

  it("notifies group tickets only with allowGroup", () => {
    const group = newMessage({ status: "group", isGroup: true, userId: null, queueId: null });
    const without = renderNotifications(attendant);
    act(() => without.push("company-2-appMessage", group));
    expect(FakeNotification.instances).toHaveLength(0);
    const withGroups = renderNotifications({ ...attendant, allowGroup: true });
    act(() => withGroups.push("company-2-appMessage", group));
    expect(FakeNotification.instances).toHaveLength(1);
  });

  it("skips the ticket open in the focused window, not in a background one", () => {
    const socket = renderNotifications(attendant, { path: `/tickets/${ticketUuid}` });
    act(() => socket.push("company-2-appMessage", newMessage()));
    expect(FakeNotification.instances).toHaveLength(0);
    expect(FakeAudioContext.instances).toHaveLength(0);
    focused = false;
    act(() => socket.push("company-2-appMessage", newMessage()));
    expect(FakeNotification.instances).toHaveLength(1);
    // Another ticket while this one is open and focused does notify.
    focused = true;
    act(() => socket.push("company-2-appMessage", newMessage({ id: 4 })));
    expect(FakeNotification.instances).toHaveLength(2);
  });

  it("in a background tab, skips the ticket open in the app's focused tab", () => {
    focused = false;
    publishViewing(ticketUuid, "focused-tab");
    const socket = renderNotifications(attendant);
    act(() => socket.push("company-2-appMessage", newMessage()));
    expect(FakeNotification.instances).toHaveLength(0);
    expect(FakeAudioContext.instances).toHaveLength(0);
    act(() => socket.push("company-2-appMessage", newMessage({ id: 4 })));
    expect(FakeNotification.instances).toHaveLength(1);
    // A record the focused tab stopped refreshing (it crashed) is ignored.
    publishViewing(ticketUuid, "focused-tab", Date.now() - VIEWING_MAX_AGE_MS - 1);
    act(() => socket.push("company-2-appMessage", newMessage()));
    expect(FakeNotification.instances).toHaveLength(2);
  });

  it("tells the other tabs which ticket this focused window shows, and stops when it loses the focus", () => {
    renderNotifications(attendant, { path: `/tickets/${ticketUuid}` });
    expect(viewedElsewhere("another-tab")).toEqual({ uuid: ticketUuid });
    expect(viewedElsewhere(TAB_ID)).toBeUndefined();
    focused = false;
    act(() => {
      window.dispatchEvent(new Event("blur"));
    });
    expect(viewedElsewhere("another-tab")).toBeUndefined();
  });

  it("closes a ticket's notification when the ticket is opened in this window", () => {
    focused = false;
    const socket = renderNotifications(attendant);
    act(() => socket.push("company-2-appMessage", newMessage()));
    const [notification] = FakeNotification.instances;
    expect(notification?.closed).toBe(false);
    act(() => screen.getByRole("link", { name: "open ticket 3" }).click());
    expect(notification?.closed).toBe(true);
  });

  it("without the Notification API only logs, and still chimes", () => {
    vi.stubGlobal("Notification", undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const socket = renderNotifications(attendant);
    act(() => socket.push("company-2-appMessage", newMessage()));
    expect(info).toHaveBeenCalledWith(expect.stringContaining("Contato 3: Preciso de ajuda"));
    expect(FakeAudioContext.instances[0]?.peaks).toEqual([1, 1]);
  });
});
