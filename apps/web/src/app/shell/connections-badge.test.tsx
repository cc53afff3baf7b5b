import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, screen, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { buildConnection } from "../../test/connections";
import { buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { DrawerMenu } from "./DrawerMenu";
import { visibleMenuItems } from "./menu-items";
import { CONNECTIONS_CHECK_DELAY_MS, useConnectionsBadge } from "./use-connections-badge";

function withQueryClient() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
}

function serveConnections(statuses: string[]) {
  const fetch = vi.fn(async (url: string, init: RequestInit) =>
    url === "/whatsapp" && (init.method ?? "GET") === "GET"
      ? Response.json(statuses.map((status, index) => buildConnection({ id: index + 1, status })))
      : unknownRequest(init.method, url),
  );
  configureApiClient({ fetch });
  return fetch;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the connections menu badge", () => {
  it("checks the connections 2 seconds after load and flags one waiting for its QR code", async () => {
    vi.useFakeTimers();
    const fetch = serveConnections(["CONNECTED", "qrcode"]);
    const { result } = renderHook(() => useConnectionsBadge(true), { wrapper: withQueryClient() });
    act(() => vi.advanceTimersByTime(CONNECTIONS_CHECK_DELAY_MS - 1));
    expect(fetch).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    vi.useRealTimers();
    await waitFor(() => expect(result.current).toBe(true));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("stays off when every connection is connected", async () => {
    vi.useFakeTimers();
    const fetch = serveConnections(["CONNECTED", "OPENING"]);
    const { result } = renderHook(() => useConnectionsBadge(true), { wrapper: withQueryClient() });
    act(() => vi.advanceTimersByTime(CONNECTIONS_CHECK_DELAY_MS));
    vi.useRealTimers();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(result.current).toBe(false);
  });

  it("never asks for users who cannot manage connections", () => {
    vi.useFakeTimers();
    const fetch = serveConnections(["qrcode"]);
    const { result } = renderHook(() => useConnectionsBadge(false), { wrapper: withQueryClient() });
    act(() => vi.advanceTimersByTime(CONNECTIONS_CHECK_DELAY_MS * 2));
    expect(fetch).not.toHaveBeenCalled();
    expect(result.current).toBe(false);
  });

  it("shows the dot, and says so to screen readers, on the Conexões item", () => {
    const items = visibleMenuItems(buildUser({ profile: "admin" }));
    renderWithProviders(<DrawerMenu items={items} badges={{ connections: true }} />);
    expect(screen.getByRole("link", { name: /Conexões\s*requer atenção/ })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Usuários" })).toBeTruthy();
  });
});
