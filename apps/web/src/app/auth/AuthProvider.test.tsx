import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { getToken, setToken } from "../../api/token-storage";
import { handoversStorageKey, storeHandovers } from "../../notifications/handover-storage";
import { buildUser } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { AuthProvider } from "./AuthProvider";
import { useAuth } from "./auth-context";

function SignedIn() {
  const { user, logout } = useAuth();
  if (!user) return <p>fora</p>;
  return (
    <button type="button" onClick={() => void logout()}>
      sair {user.name}
    </button>
  );
}

describe("signing out", () => {
  it("forgets the token and the bell's stored hand-overs, and keeps the preferences", async () => {
    const user = buildUser({ id: 7 });
    setToken("token-7");
    storeHandovers(7, [{ id: 3, uuid: "00000000-0000-4000-8000-000000000003" }]);
    localStorage.setItem("pref:7:volume", "0.5");
    configureApiClient({
      fetch: async (url, init) => {
        const { pathname } = new URL(url, "http://test");
        if (init.method === "GET" && pathname === "/auth/me") return Response.json(user);
        if (init.method === "DELETE" && pathname === "/auth/logout")
          return new Response(null, { status: 204 });
        return unknownRequest(init.method, url);
      },
    });
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <AuthProvider>
            <SignedIn />
          </AuthProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(await screen.findByRole("button", { name: `sair ${user.name}` }));
    await screen.findByText("fora");
    expect(getToken()).toBeNull();
    expect(localStorage.getItem(handoversStorageKey(7))).toBeNull();
    expect(localStorage.getItem("pref:7:volume")).toBe("0.5");
  });
});
