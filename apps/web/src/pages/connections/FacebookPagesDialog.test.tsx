import type { ConnectionDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { buildConnection } from "../../test/connections";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { ConnectionsPage } from "./ConnectionsPage";

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

/** GET /whatsapp answers the list; POST /facebook answers `facebook` (or an error). */
function serve(facebook: { status: number; body: unknown }) {
  const calls: Call[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      calls.push({
        method: init.method ?? "GET",
        url,
        ...(typeof init.body === "string" ? { body: JSON.parse(init.body) } : {}),
      });
      if (url === "/whatsapp") return Response.json([]);
      if (url === "/queue") return Response.json([]);
      // The manual credentials open the connection dialog, which reads the company's settings.
      if (url === "/companySettings/2")
        return Response.json({ userRating: "disabled", scheduleType: "disabled" });
      if (url === "/facebook") return Response.json(facebook.body, { status: facebook.status });
      return unknownRequest(init.method, url);
    },
  });
  return calls;
}

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ConnectionsPage />
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser({ profile: "admin" }) }), initialEntries: ["/connections"] },
  );
}

async function openEntry(name: string) {
  fireEvent.click(screen.getByRole("button", { name: "Adicionar" }));
  fireEvent.click(await screen.findByRole("menuitem", { name }));
  return screen.findByRole("dialog", { name: `Conectar ${name} com o Login do Facebook` });
}

function fill(dialog: HTMLElement) {
  fireEvent.change(within(dialog).getByLabelText(/ID de usuário do Facebook/), {
    target: { value: "10160000000000001" },
  });
  fireEvent.change(within(dialog).getByLabelText(/Token de acesso do usuário/), {
    target: { value: "EAAG-token" },
  });
}

const page: ConnectionDto = buildConnection({ id: 5, name: "Loja", channel: "facebook" });

describe("Facebook and Instagram entries of the add menu", () => {
  it("Facebook: posts the pasted user id and token to /facebook and lists the new connection", async () => {
    const calls = serve({ status: 200, body: { connections: [page], created: 1, updated: 0 } });
    renderPage();
    const dialog = await openEntry("Facebook");
    fill(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Conectar" }));
    await waitFor(() =>
      expect(calls).toContainEqual({
        method: "POST",
        url: "/facebook",
        body: { facebookUserId: "10160000000000001", facebookUserToken: "EAAG-token", addInstagram: false },
      }),
    );
    expect(await screen.findByText("Loja")).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("Instagram: asks for the Instagram accounts too", async () => {
    const calls = serve({ status: 200, body: { connections: [], created: 0, updated: 0 } });
    renderPage();
    const dialog = await openEntry("Instagram");
    fill(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Conectar" }));
    await waitFor(() =>
      expect(calls.find((call) => call.url === "/facebook")?.body).toMatchObject({ addInstagram: true }),
    );
  });

  it("keeps the dialog open on a refused token, and offers the manual credentials", async () => {
    serve({ status: 400, body: { error: "ERR_FACEBOOK_INVALID_TOKEN", message: "refused" } });
    renderPage();
    const dialog = await openEntry("Facebook");
    expect(within(dialog).getByRole("button", { name: "Conectar" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Conectar" }));
    // Empty fields: the shared schema's message, nothing sent.
    expect((await within(dialog).findAllByText("Required")).length).toBe(2);
    fill(dialog);
    fireEvent.click(within(dialog).getByRole("button", { name: "Conectar" }));
    await waitFor(() => expect(screen.getByRole("dialog", { name: /Login do Facebook/ })).toBeTruthy());
    fireEvent.click(within(dialog).getByRole("button", { name: "Informar credenciais manualmente" }));
    expect(await screen.findByRole("dialog", { name: "Adicionar conexão Facebook" })).toBeTruthy();
  });
});
