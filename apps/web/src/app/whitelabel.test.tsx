import { useTheme } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../api/client";
import { AuthCard } from "../components/AuthCard";
import { authValue, buildUser } from "../test/render";
import { unknownRequest } from "../test/unknown-request";
import { AppThemeProvider } from "./AppThemeProvider";
import { AuthContext } from "./auth/auth-context";

/** The public settings a test's platform has (GET /public-settings/{key}); unset keys answer null. */
function serve(values: Record<string, string | null>) {
  configureApiClient({
    fetch: async (url, init) => {
      const key = /^\/public-settings\/(\w+)$/.exec(url)?.[1];
      if ((init.method ?? "GET") === "GET" && key) return Response.json(values[key] ?? null);
      return unknownRequest(init.method, url);
    },
  });
}

function renderApp(user: ReturnType<typeof buildUser> | null) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <AuthContext.Provider value={authValue({ user })}>
        <MemoryRouter>
          <AppThemeProvider>
            <AuthCard title="Entrar">
              <ThemeProbe />
            </AuthCard>
          </AppThemeProvider>
        </MemoryRouter>
      </AuthContext.Provider>
    </QueryClientProvider>,
  );
}

/** The MUI theme's primary colour, as every component takes it (jsdom resolves no CSS variables). */
function ThemeProbe() {
  return <output aria-label="primary">{useTheme().palette.primary.main}</output>;
}
const primary = () => screen.getByRole("status", { name: "primary" }).textContent;
const favicon = () => document.head.querySelector<HTMLLinkElement>("link[rel='icon']");

afterEach(() => {
  document.title = "";
  favicon()?.remove();
});

describe("whitelabel: theme, name, logo, title and favicon from the public settings", () => {
  it("signed out: the light primary colour, the system name and logo on the card, the name as the tab title, the favicon", async () => {
    serve({
      primaryColorLight: "#123456",
      primaryColorDark: "#abcdef",
      appName: "Atende Já",
      appLogoLight: "light.png",
      appLogoDark: "dark.png",
      appLogoFavicon: "icon.ico",
    });
    renderApp(null);
    expect(await screen.findByText("Atende Já")).toBeTruthy();
    await waitFor(() => expect(primary()).toBe("#123456"));
    const logo = document.querySelector("img");
    expect(logo?.getAttribute("src")).toBe("/public/company1/logos/light.png");
    await waitFor(() => expect(document.title).toBe("Atende Já"));
    expect(favicon()?.getAttribute("href")).toBe("/public/company1/logos/icon.ico");
  });

  it("a user with the dark theme gets the dark primary colour and the dark logo", async () => {
    serve({
      primaryColorLight: "#123456",
      primaryColorDark: "#abcdef",
      appLogoLight: "l.png",
      appLogoDark: "d.png",
    });
    renderApp(buildUser({ defaultTheme: "dark" }));
    await waitFor(() => expect(primary()).toBe("#abcdef"));
    await waitFor(() =>
      expect(document.querySelector("img")?.getAttribute("src")).toBe("/public/company1/logos/d.png"),
    );
  });

  it("nothing set: the spec's default colours (#111416, #39ACE7), the default name, no logo, the default icon", async () => {
    serve({});
    renderApp(null);
    await waitFor(() => expect(document.title).toBe("Inbox"));
    expect(screen.getByText("Inbox")).toBeTruthy();
    expect(primary()).toBe("#111416");
    expect(document.querySelector("img")).toBeNull();
    expect(favicon()?.getAttribute("href")).toBe("/favicon.svg");
  });

  it("the dark default is #39ACE7", async () => {
    serve({});
    renderApp(buildUser({ defaultTheme: "dark" }));
    await waitFor(() => expect(primary()).toBe("#39ACE7"));
  });
});
