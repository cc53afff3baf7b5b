import type { ConnectionDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { buildConnection } from "../../test/connections";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { ConnectionDialog } from "./ConnectionDialog";
import { generateApiToken } from "./dialog/ApiTokenField";

const OLD_TOKEN = "OldToken0123456789abcdefghijkl";

interface Call {
  method: string;
  url: string;
  body?: Record<string, unknown>;
}

/** The dialog's server; PUT /whatsapp/1 merges what it gets, as the partial update does. */
function serve(connection: ConnectionDto) {
  const calls: Call[] = [];
  let current = connection;
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, body });
      if (method === "GET" && url === "/queue") return Response.json([]);
      if (method === "GET" && url === "/companySettings/2")
        return Response.json({ userRating: "disabled", scheduleType: "disabled" });
      if (method === "GET" && url === "/whatsapp/1") return Response.json(current);
      if (method === "PUT" && url === "/whatsapp/1") {
        current = { ...current, ...body };
        return Response.json(current);
      }
      // The automation tab's flows, prompts and integrations: none in these tests.
      if ((method ?? "GET") === "GET" && url.startsWith("/flowbuilder?"))
        return Response.json({ flows: [], count: 0, hasMore: false });
      if ((method ?? "GET") === "GET" && url.startsWith("/prompt?"))
        return Response.json({ prompts: [], count: 0, hasMore: false });
      if ((method ?? "GET") === "GET" && url.startsWith("/queueIntegration?"))
        return Response.json({ queueIntegrations: [], count: 0, hasMore: false });
      return unknownRequest(method, url);
    },
  });
  return calls;
}

function renderDialog() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <ConnectionDialog
        state={{ open: true, mode: "edit", connectionId: 1 }}
        onSaved={() => {}}
        onClose={() => {}}
      />
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser({ profile: "admin" }) }) },
  );
}

const tokenField = () => screen.getByLabelText("Token da API de mensagens") as HTMLInputElement;

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
});
afterEach(() => unsubscribe());

describe("ConnectionDialog: the messages API token", () => {
  it("shows the token the server gives a manager, read-only, with a copy button", async () => {
    serve(buildConnection({ id: 1, token: OLD_TOKEN }));
    renderDialog();
    await screen.findByRole("tab", { name: "Mensagens" });
    expect(tokenField().value).toBe(OLD_TOKEN);
    expect(tokenField().readOnly).toBe(true);
    expect(screen.getByRole("button", { name: /Copiar.*Token da API de mensagens/ })).toBeTruthy();
  });

  it("shows no token block when the server withholds the token", async () => {
    serve(buildConnection({ id: 1, token: null }));
    renderDialog();
    await screen.findByRole("tab", { name: "Mensagens" });
    expect(screen.queryByLabelText("Token da API de mensagens")).toBeNull();
    expect(screen.queryByRole("button", { name: "Gerar novo token" })).toBeNull();
  });

  it("asks first, then saves 30 new alphanumeric characters with PUT /whatsapp/{id} { token }", async () => {
    const calls = serve(buildConnection({ id: 1, token: OLD_TOKEN }));
    renderDialog();
    await screen.findByRole("tab", { name: "Mensagens" });
    fireEvent.click(screen.getByRole("button", { name: "Gerar novo token" }));
    const confirm = await screen.findByRole("dialog", { name: "Gerar um novo token?" });
    fireEvent.click(within(confirm).getByRole("button", { name: "Cancelar" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Gerar um novo token?" })).toBeNull());
    expect(calls.filter((call) => call.method === "PUT")).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Gerar novo token" }));
    fireEvent.click(
      within(await screen.findByRole("dialog", { name: "Gerar um novo token?" })).getByRole("button", {
        name: "Gerar",
      }),
    );
    await waitFor(() => expect(toasts.map((toast) => toast.message)).toEqual(["Novo token salvo."]));
    const puts = calls.filter((call) => call.method === "PUT");
    expect(puts).toHaveLength(1);
    expect(puts[0]?.url).toBe("/whatsapp/1");
    expect(Object.keys(puts[0]?.body ?? {})).toEqual(["token"]);
    const token = puts[0]?.body?.token as string;
    expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(token).not.toBe(OLD_TOKEN);
    await waitFor(() => expect(tokenField().value).toBe(token));
  });
});

describe("generateApiToken", () => {
  it("draws 30 alphanumeric characters, different each time, over the whole alphabet", () => {
    const tokens = Array.from({ length: 200 }, () => generateApiToken());
    for (const token of tokens) expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
    const seen = new Set(tokens.join(""));
    expect(seen.size).toBe(62);
  });
});
