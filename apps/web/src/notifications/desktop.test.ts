import { afterEach, describe, expect, it, vi } from "vitest";
import {
  closeDesktopNotification,
  desktopPermission,
  requestDesktopPermission,
  showDesktopNotification,
} from "./desktop";
import type { NotificationContent } from "./rules";
import { FakeNotification } from "./test-fakes";

const content = (body = "Oi"): NotificationContent => ({
  title: "Maria",
  body,
  icon: "https://cdn/maria.jpg",
  tag: "ticket-abc",
  ticketUuid: "abc",
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  closeDesktopNotification("ticket-abc");
});

describe("desktop notifications", () => {
  it("shows the title, body, icon and the ticket's tag; a click focuses the window and opens the ticket", () => {
    FakeNotification.reset("granted");
    vi.stubGlobal("Notification", FakeNotification);
    const focus = vi.spyOn(window, "focus").mockImplementation(() => {});
    const onOpen = vi.fn();
    showDesktopNotification(content(), onOpen);
    const [shown] = FakeNotification.instances;
    expect(shown?.title).toBe("Maria");
    expect(shown?.options).toEqual({ body: "Oi", icon: "https://cdn/maria.jpg", tag: "ticket-abc" });
    shown?.click();
    expect(focus).toHaveBeenCalled();
    expect(onOpen).toHaveBeenCalledWith("abc");
    expect(shown?.closed).toBe(true);
  });

  it("keeps one notification per ticket: a newer one replaces the older", () => {
    FakeNotification.reset("granted");
    vi.stubGlobal("Notification", FakeNotification);
    showDesktopNotification(content("first"), () => {});
    showDesktopNotification(content("second"), () => {});
    const [first, second] = FakeNotification.instances;
    expect(first?.closed).toBe(true);
    expect(second?.closed).toBe(false);
    expect(second?.options.tag).toBe(first?.options.tag);
  });

  it("shows nothing before the user allowed it", () => {
    FakeNotification.reset("default");
    vi.stubGlobal("Notification", FakeNotification);
    vi.spyOn(console, "info").mockImplementation(() => {});
    expect(showDesktopNotification(content(), () => {})).toBeNull();
    expect(FakeNotification.instances).toHaveLength(0);
  });

  it("only logs in a browser without the Notification API", async () => {
    vi.stubGlobal("Notification", undefined);
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    expect(showDesktopNotification(content(), () => {})).toBeNull();
    expect(info).toHaveBeenCalledWith(expect.stringContaining("Maria: Oi"));
    expect(desktopPermission()).toBe("unsupported");
    expect(await requestDesktopPermission()).toBe("unsupported");
  });
});
