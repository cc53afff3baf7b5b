import { act, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../api/client";
import { getToken, setToken } from "../api/token-storage";
import { FakeSocket } from "../test/fake-socket";
import { RealtimeProvider } from "./RealtimeProvider";

const sockets: FakeSocket[] = [];
vi.mock("./socket", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./socket")>()),
  createSocket: () => {
    const socket = new FakeSocket();
    sockets.push(socket);
    return socket;
  },
}));

const user = { id: 7, name: "Ana", tokenVersion: 2 };

/** The refresh endpoint answers in turn: "down" (the fetch fails), a status, or "ok" (a new token). */
function refreshAnswers(...answers: ("down" | "ok" | number)[]) {
  const calls: string[] = [];
  const fetch = vi.fn(async (url: string) => {
    calls.push(url);
    if (url !== "/auth/refresh_token") throw new Error(`unexpected ${url}`);
    const answer = answers.shift() ?? "down";
    if (answer === "down") throw new TypeError("Failed to fetch");
    if (answer === "ok") return Response.json({ token: `fresh-${calls.length}`, user });
    return Response.json({ error: "ERR_SESSION_EXPIRED", message: "no" }, { status: answer });
  });
  const onUnauthorized = vi.fn();
  configureApiClient({ fetch, onUnauthorized });
  return { calls, onUnauthorized };
}

function mount() {
  const view = render(
    <RealtimeProvider companyId={2}>
      <p>inbox</p>
    </RealtimeProvider>,
  );
  const socket = sockets.at(-1);
  if (!socket) throw new Error("no socket was created");
  return { socket, view };
}

const expired = Object.assign(new Error("ERR_SESSION_EXPIRED"), { data: { error: "ERR_SESSION_EXPIRED" } });

describe("RealtimeProvider, when the session's token has to be refreshed", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    sockets.length = 0;
    setToken("old");
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refreshes after the server closed the socket and reconnects with the new token", async () => {
    const server = refreshAnswers("ok");
    const { socket } = mount();
    await act(async () => {
      socket.push("disconnect", "io server disconnect");
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.calls).toEqual(["/auth/refresh_token"]);
    expect(getToken()).toBe("fresh-1");
    expect(socket.connects).toBe(1);
  });

  it("keeps trying the refresh every second while the server is down, then reconnects", async () => {
    const server = refreshAnswers("down", "down", "ok");
    const { socket } = mount();
    await act(async () => {
      socket.push("disconnect", "io server disconnect");
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(server.calls).toHaveLength(1);
    expect(socket.connects).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(server.calls).toHaveLength(2);
    expect(socket.connects).toBe(0);

    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(server.calls).toHaveLength(3);
    expect(socket.connects).toBe(1);
    expect(server.onUnauthorized).not.toHaveBeenCalled();
  });

  it("retries a refused handshake's refresh the same way (socket.io does not retry it)", async () => {
    const server = refreshAnswers("down", "ok");
    const { socket } = mount();
    await act(async () => {
      socket.push("connect_error", expired);
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(server.calls).toHaveLength(2);
    expect(socket.connects).toBe(1);
  });

  it("stops when the server refuses the refresh: the user is signed out, nothing reconnects", async () => {
    const server = refreshAnswers(401, "ok");
    const { socket } = mount();
    await act(async () => {
      socket.push("disconnect", "io server disconnect");
      await vi.advanceTimersByTimeAsync(5000);
    });
    expect(server.calls).toHaveLength(1);
    expect(server.onUnauthorized).toHaveBeenCalledTimes(1);
    expect(socket.connects).toBe(0);
  });

  it("stops retrying once unmounted (signed out, another user)", async () => {
    const server = refreshAnswers("down", "ok");
    const { socket, view } = mount();
    await act(async () => {
      socket.push("disconnect", "io server disconnect");
      await vi.advanceTimersByTimeAsync(0);
    });
    view.unmount();
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(server.calls).toHaveLength(1);
    expect(socket.connects).toBe(0);
    expect(socket.disconnects).toBe(1);
  });

  it("does not refresh for a connection lost on the network side (socket.io reconnects by itself)", async () => {
    const server = refreshAnswers("ok");
    const { socket } = mount();
    await act(async () => {
      socket.push("disconnect", "transport close");
      socket.push("connect_error", new Error("xhr poll error"));
      await vi.advanceTimersByTimeAsync(3000);
    });
    expect(server.calls).toHaveLength(0);
    expect(socket.connects).toBe(0);
  });
});
