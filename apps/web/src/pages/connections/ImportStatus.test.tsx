import type { ConnectionDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { clearImportProgress, setImportProgress } from "../../realtime/import-progress";
import { buildConnection } from "../../test/connections";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { ConnectionsPage } from "./ConnectionsPage";
import { IMPORT_CLOSE_PENDING, preparingUntil } from "./ImportStatus";

/** GET /whatsapp answers the list; the restart and close calls are recorded and answered. */
function serve(connections: ConnectionDto[]) {
  const calls: string[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      calls.push(`${method} ${url}`);
      if (url === "/whatsapp") return Response.json(connections);
      if (method === "POST" && url === "/whatsapp-restart")
        return Response.json({ message: "Whatsapp restart.", restarted: 1 });
      if (method === "POST" && url === "/closedimported/1")
        return Response.json({ message: "Imported tickets closed.", closed: 3 });
      return unknownRequest(method, url);
    },
  });
  return calls;
}

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => unsubscribe());

function renderPage() {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ConnectionsPage />
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser({ profile: "admin" }) }), initialEntries: ["/connections"] },
  );
}

const rowOf = async (name: string) =>
  (await within(await screen.findByRole("table", { name: "Conexões" })).findByText(name)).closest(
    "tr",
  ) as HTMLElement;

describe("message import on the connections page", () => {
  it("offers to close the imported tickets of a connected connection, after a confirmation", async () => {
    const calls = serve([
      buildConnection({
        id: 1,
        name: "Loja",
        status: "CONNECTED",
        statusImportMessages: IMPORT_CLOSE_PENDING,
      }),
      buildConnection({
        id: 2,
        name: "Outra",
        status: "DISCONNECTED",
        statusImportMessages: IMPORT_CLOSE_PENDING,
      }),
    ]);
    renderPage();
    const row = await rowOf("Loja");
    expect(
      within(await rowOf("Outra")).queryByRole("button", { name: /Fechar tickets importados/ }),
    ).toBeNull();
    fireEvent.click(within(row).getByRole("button", { name: "Fechar tickets importados: Loja" }));
    const dialog = await screen.findByRole("dialog", { name: "Fechar os tickets importados de Loja?" });
    expect(calls).not.toContain("POST /closedimported/1");
    fireEvent.click(within(dialog).getByRole("button", { name: "Fechar tickets importados" }));
    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toContain("3 atendimento(s) importado(s) fechado(s)."),
    );
    expect(calls).toContain("POST /closedimported/1");
  });

  it("shows 'Preparando' for 35 seconds after the import started, then the live progress", async () => {
    const started = Date.now() - 5_000;
    const connection = buildConnection({
      id: 7,
      name: "Loja",
      status: "CONNECTED",
      importOldMessages: new Date(Date.now() - 86_400_000).toISOString(),
      statusImportMessages: String(started),
    });
    expect(preparingUntil(connection, started + 34_000)).toBe(started + 35_000);
    expect(preparingUntil(connection, started + 35_000)).toBeNull();
    serve([connection]);
    renderPage();
    const row = await rowOf("Loja");
    expect(within(row).getByRole("button", { name: "Preparando" }).hasAttribute("disabled")).toBe(true);

    act(() => setImportProgress(7, { this: 50, all: 200, date: "2026-11-20T13:45:00.000Z" }));
    expect(within(row).getByRole("status").textContent).toMatch(/^Processadas 50 de 200 · .+ · 25%$/);
    act(() => setImportProgress(7, { this: -1, all: -1 }));
    expect(within(row).getByRole("status").textContent).toBe("Preparando");
    act(() => clearImportProgress(7));
    expect(within(row).queryByRole("status")).toBeNull();
  });

  it("restarts the company's sessions", async () => {
    const calls = serve([]);
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Reiniciar conexões" }));
    await waitFor(() =>
      expect(toasts.map((toast) => toast.message)).toContain("Aguarde... Suas conexões serão reiniciadas!"),
    );
    expect(calls).toContain("POST /whatsapp-restart");
  });
});
