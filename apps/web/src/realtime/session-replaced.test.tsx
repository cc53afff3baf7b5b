import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, render } from "@testing-library/react";
import type { Socket } from "socket.io-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { setPreferenceOwner, writePreference } from "../app/preferences";
import { FakeSocket } from "../test/fake-socket";
import { buildUser } from "../test/render";
import { RealtimeContext } from "./realtime-context";
import { SESSION_RELOAD_DELAY_MS, SessionEvents, SIGNED_OUT_ELSEWHERE_PATH } from "./SessionEvents";

afterEach(() => {
  vi.useRealTimers();
  setPreferenceOwner(null);
});

describe("a login elsewhere", () => {
  it("clears the session's storage, keeps the user's preferences and goes to the login page with the reason", () => {
    vi.useFakeTimers();
    const user = buildUser({ id: 7, companyId: 2, tokenVersion: 3 });
    setPreferenceOwner(user.id);
    writePreference("volume", "0.4");
    localStorage.setItem("token", JSON.stringify("old-session"));
    const socket = new FakeSocket();
    const leave = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient()}>
        <RealtimeContext.Provider value={{ socket: socket as unknown as Socket, companyId: 2 }}>
          <SessionEvents user={user} onUserChanged={() => {}} leave={leave} />
        </RealtimeContext.Provider>
      </QueryClientProvider>,
    );

    act(() => socket.push("company-2-auth", { action: "update", user: { id: 7 }, tokenVersion: 4 }));
    expect(localStorage.getItem("token")).toBeNull();
    expect(localStorage.getItem("pref:7:volume")).toBe("0.4");
    expect(leave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(SESSION_RELOAD_DELAY_MS));
    expect(leave).toHaveBeenCalledWith(SIGNED_OUT_ELSEWHERE_PATH);
  });
});
