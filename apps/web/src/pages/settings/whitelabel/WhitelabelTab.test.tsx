import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../../api/client";
import { AppThemeProvider } from "../../../app/AppThemeProvider";
import { authValue, buildUser, renderWithProviders } from "../../../test/render";
import { unknownRequest } from "../../../test/unknown-request";
import { WhitelabelTab } from "./WhitelabelTab";

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** The platform's public settings; PUT /settings/{key} and the logo upload change them. */
function serve(values: Record<string, string | null> = {}) {
  const calls: Call[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body =
        init.body instanceof FormData
          ? Object.fromEntries(
              [...init.body.entries()].map(([k, v]) => [k, typeof v === "string" ? v : "(file)"]),
            )
          : typeof init.body === "string"
            ? JSON.parse(init.body)
            : undefined;
      calls.push({ method, url, ...(body === undefined ? {} : { body }) });
      const publicKey = /^\/public-settings\/(\w+)$/.exec(url)?.[1];
      if (method === "GET" && publicKey) return Response.json(values[publicKey] ?? null);
      const key = /^\/settings\/(\w+)$/.exec(url)?.[1];
      if (method === "PUT" && key) return Response.json({ key, value: body.value });
      if (method === "POST" && url === "/settings-whitelabel/logo") return Response.json("123-abc.png");
      return unknownRequest(method, url);
    },
  });
  return calls;
}

function renderTab() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <AppThemeProvider>
        <WhitelabelTab />
      </AppThemeProvider>
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser({ profile: "admin", super: true }) }) },
  );
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== "GET");

describe("WhitelabelTab", () => {
  it("shows the defaults, picks a colour in the dialog and saves it", async () => {
    const calls = serve();
    renderTab();
    expect(await screen.findByTestId("primaryColorLight-value")).toHaveProperty("textContent", "#111416");
    expect(screen.getByTestId("primaryColorDark-value").textContent).toBe("#39ACE7");
    fireEvent.click(screen.getByRole("button", { name: "Alterar Cor primária (tema claro)" }));
    const dialog = await screen.findByRole("dialog", { name: "Cor primária (tema claro)" });
    fireEvent.change(within(dialog).getByLabelText("Escolher a cor"), { target: { value: "#ff0000" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        { method: "PUT", url: "/settings/primaryColorLight", body: { value: "#ff0000" } },
      ]),
    );
    await waitFor(() => expect(screen.getByTestId("primaryColorLight-value").textContent).toBe("#ff0000"));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("a typed colour that is not #RRGGBB cannot be saved", async () => {
    serve();
    renderTab();
    fireEvent.click(await screen.findByRole("button", { name: "Alterar Cor primária (tema escuro)" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Cor (hexadecimal)" }), {
      target: { value: "blue" },
    });
    expect(within(dialog).getByText("Use o formato #RRGGBB.")).toBeTruthy();
    expect(within(dialog).getByRole("button", { name: "Salvar" })).toHaveProperty("disabled", true);
  });

  it("saves the system name; uploads a logo with typeArch, mode and file and previews it", async () => {
    const calls = serve({ appName: "Velho" });
    renderTab();
    const name = await screen.findByRole("textbox", { name: "Nome do sistema" });
    await waitFor(() => expect((name as HTMLInputElement).value).toBe("Velho"));
    fireEvent.change(name, { target: { value: "Atende Já" } });
    fireEvent.click(
      within(screen.getByRole("form", { name: "Nome do sistema" })).getByRole("button", { name: "Salvar" }),
    );
    await waitFor(() =>
      expect(writes(calls)).toEqual([
        { method: "PUT", url: "/settings/appName", body: { value: "Atende Já" } },
      ]),
    );

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "logo.png", { type: "image/png" });
    fireEvent.change(screen.getByLabelText("Enviar Logo (tema escuro)"), { target: { files: [file] } });
    await waitFor(() =>
      expect(writes(calls).at(-1)).toEqual({
        method: "POST",
        url: "/settings-whitelabel/logo",
        body: { typeArch: "logo", mode: "dark", file: "(file)" },
      }),
    );
    const preview = await screen.findByRole("img", { name: "Pré-visualização: Logo (tema escuro)" });
    expect(preview.getAttribute("src")).toBe("/public/company1/logos/123-abc.png");
  });
});
