import { act, fireEvent, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { VERSION_POLL_MS } from "./use-version-check";
import { VersionUpdatePopup } from "./VersionUpdatePopup";

/** The browser's HTTP boundary: GET /version answers whatever `server.version` holds at the time. */
function serveVersion(server: { version: string; down?: boolean }) {
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    if (url !== "/version" || (init.method ?? "GET") !== "GET") return unknownRequest(init.method, url);
    if (server.down) return new Response("bad gateway", { status: 502 });
    return Response.json({ version: server.version });
  });
  configureApiClient({ fetch });
  return fetch;
}

function renderPopup(onReload = vi.fn()) {
  renderWithProviders(<VersionUpdatePopup onReload={onReload} />);
  return onReload;
}

/**
 * Only the clock's timers are fake: a Response's body is read on real ticks (setImmediate), so
 * after moving the clock the test lets those run before it looks.
 */
function useFakeClock() {
  vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
}

/** Moves the clock by `ms` and lets the polls it started answer, inside act. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
    for (let tick = 0; tick < 20; tick += 1) await new Promise((resolve) => setImmediate(resolve));
  });
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the version popup", () => {
  it("polls /version every 5 s and stays hidden while the version is the one the page loaded with", async () => {
    useFakeClock();
    const fetch = serveVersion({ version: "1.0.0" });
    renderPopup();
    await pass(0);
    expect(fetch).toHaveBeenCalledTimes(1);
    await pass(VERSION_POLL_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await pass(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    await pass(VERSION_POLL_MS);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows 'Atualização necessária!' when the version changes; its button reloads", async () => {
    useFakeClock();
    const server = { version: "1.0.0" };
    serveVersion(server);
    const onReload = renderPopup();
    await pass(0);
    server.version = "1.1.0";
    expect(screen.queryByRole("dialog")).toBeNull();
    await pass(VERSION_POLL_MS);
    const dialog = screen.getByRole("dialog", { name: "Atualização necessária!" });
    const button = screen.getByRole("button", { name: "Atualizar Sistema" });
    expect(dialog.contains(button)).toBe(true);
    expect(document.activeElement).toBe(button);
    // Escape does not dismiss it: the page's code is out of date.
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.getByRole("dialog", { name: "Atualização necessária!" })).toBeTruthy();
    fireEvent.click(button);
    expect(onReload).toHaveBeenCalledTimes(1);
  });

  it("a failed poll (server restarting) shows nothing; the new version after it does", async () => {
    useFakeClock();
    const server = { version: "1.0.0", down: false };
    const fetch = serveVersion(server);
    renderPopup();
    await pass(0);
    server.down = true;
    await pass(VERSION_POLL_MS);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole("dialog")).toBeNull();
    server.down = false;
    server.version = "2.0.0";
    await pass(VERSION_POLL_MS);
    expect(screen.getByRole("dialog", { name: "Atualização necessária!" })).toBeTruthy();
  });
});
