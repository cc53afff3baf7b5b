import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { SIGNED_OUT_ELSEWHERE_PATH } from "../../realtime/SessionEvents";
import { renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { LoginPage } from "./LoginPage";

function renderAt(path: string) {
  configureApiClient({
    fetch: vi.fn(async (url: string, init: RequestInit) =>
      url === "/public-settings/allowSignup" ? Response.json("disabled") : unknownRequest(init.method, url),
    ),
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </QueryClientProvider>,
    { initialEntries: [path] },
  );
}

describe("the login page and the one-session rule", () => {
  it("says that signing in ends the user's session elsewhere", () => {
    renderAt("/login");
    expect(
      screen.getByText(
        "Cada usuário tem uma sessão por vez: entrar aqui encerra a sessão aberta em outro lugar.",
      ),
    ).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("says why when the session was ended by a login elsewhere", () => {
    renderAt(SIGNED_OUT_ELSEWHERE_PATH);
    expect(screen.getByRole("alert").textContent).toBe(
      "Sua conta foi acessada em outro computador. Entre novamente para continuar.",
    );
  });
});
