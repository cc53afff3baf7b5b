import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import type { PublicPlan } from "../../api/signup";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { LoginPage } from "./LoginPage";
import { SignupPage } from "./SignupPage";

const PLANS: PublicPlan[] = [
  { id: 3, name: "Básico", users: 3, connections: 1, queues: 2, amount: "49.90" },
  { id: 4, name: "Completo", users: 10, connections: 5, queues: 10, amount: "199.00" },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/** A fake server for the public screens: plans, the signup and the allowSignup setting. */
function serve(options: { signup?: () => Response; allowSignup?: string | null } = {}) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const method = init.method ?? "GET";
    calls.push({ method, url, body: init.body ? JSON.parse(String(init.body)) : undefined });
    if (method === "GET" && url === "/plans/list?listPublic=false") return Response.json(PLANS);
    if (method === "POST" && url === "/auth/signup")
      return (
        options.signup?.() ??
        Response.json({ companyId: 9, userId: 20, dueDate: "2026-12-03" }, { status: 201 })
      );
    if (method === "GET" && url === "/public-settings/allowSignup")
      return Response.json(options.allowSignup === undefined ? "enabled" : options.allowSignup);
    return unknownRequest(method, url);
  });
  configureApiClient({ fetch });
  return calls;
}

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => unsubscribe());

function renderAt(path: string) {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path="/signup" element={<SignupPage />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>
    </QueryClientProvider>,
    { initialEntries: [path] },
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillValid() {
  type("Nome da empresa", "Loja da Maria");
  type("CPF/CNPJ", "529.982.247-25");
  type("Nome", "Maria Silva");
  type("Telefone com (DDD)", "5511999990000");
  type("Email", "Maria@Example.com");
  type("Senha", "segredo");
  fireEvent.mouseDown(screen.getByRole("combobox", { name: "Plano" }));
  fireEvent.click(
    await screen.findByRole("option", {
      name: "Completo - Usuários: 10 - Conexões: 5 - Filas: 10 - R$ 199.00",
    }),
  );
}

const submit = () => fireEvent.click(screen.getByRole("button", { name: "Cadastrar" }));

describe("SignupPage", () => {
  it("sends the spec's payload with the chosen public plan, then goes to /login with a toast", async () => {
    const calls = serve();
    renderAt("/signup?companyId=5");
    await fillValid();
    submit();
    // The login page (role queries over MUI's tree are slow on a busy machine: a generous wait, not a timing claim).
    await screen.findByRole("button", { name: "Entrar" }, { timeout: 15_000 });
    const sent = calls.find((c) => c.url === "/auth/signup");
    expect(sent?.body).toEqual({
      companyName: "Loja da Maria",
      document: "52998224725",
      name: "Maria Silva",
      phone: "5511999990000",
      email: "maria@example.com",
      password: "segredo",
      planId: 4,
      companyId: 5,
    });
    expect(toasts).toContainEqual(
      expect.objectContaining({
        severity: "success",
        message: "Cadastro realizado com sucesso! Faça login para começar.",
      }),
    );
  });

  it("shows the spec's validation messages and sends nothing", async () => {
    const calls = serve();
    renderAt("/signup");
    await screen.findByRole("combobox", { name: "Plano" });
    type("Nome da empresa", "L");
    type("CPF/CNPJ", "111.111.111-11");
    type("Nome", "M".repeat(51));
    type("Email", "maria");
    type("Senha", "1234");
    submit();
    expect(await screen.findByText("CPF/CNPJ inválido")).toBeTruthy();
    expect(screen.getByText("Too Short!", { selector: "#signup-companyName-helper-text" })).toBeTruthy();
    expect(screen.getByText("Too Long!", { selector: "#signup-name-helper-text" })).toBeTruthy();
    expect(screen.getByText("Required", { selector: "#signup-phone-helper-text" })).toBeTruthy();
    expect(screen.getByText("Invalid email")).toBeTruthy();
    expect(screen.getByText("Too Short!", { selector: "#signup-password-helper-text" })).toBeTruthy();
    expect(screen.getByText("Required", { selector: "#signup-plan-helper-text" })).toBeTruthy();
    // A CNPJ with a wrong check digit is refused too.
    type("CPF/CNPJ", "11.222.333/0001-82");
    submit();
    await waitFor(() => expect(screen.getByText("CPF/CNPJ inválido")).toBeTruthy());
    expect(calls.filter((c) => c.url === "/auth/signup")).toEqual([]);
  });

  it("stays on the form with the translated error when the server refuses (e-mail taken)", async () => {
    serve({
      signup: () =>
        Response.json(
          {
            error: "ERR_USER_EMAIL_ALREADY_EXISTS",
            message: "An user with this email already exists.",
            field: "email",
          },
          { status: 400 },
        ),
    });
    renderAt("/signup");
    await fillValid();
    submit();
    await waitFor(() => expect(toasts.some((t) => t.severity === "error")).toBe(true));
    expect(screen.getByRole("button", { name: "Cadastrar" })).toBeTruthy();
    expect(screen.getByText("An user with this email already exists.")).toBeTruthy();
  });

  it("a refused signup (allowSignup off, 403) is an answer, not an expired session", async () => {
    const calls = serve({
      signup: () => Response.json({ error: "ERR_SIGNUP_DISABLED", message: "off" }, { status: 403 }),
    });
    renderAt("/signup");
    await fillValid();
    submit();
    await waitFor(() =>
      expect(toasts).toContainEqual(
        expect.objectContaining({
          severity: "error",
          message: "O cadastro de novas empresas está desativado.",
        }),
      ),
    );
    expect(calls.some((c) => c.url === "/auth/refresh_token")).toBe(false);
  });
});

describe("the login page's signup link", () => {
  it("is shown while allowSignup is enabled, and leads to /signup", async () => {
    serve({ allowSignup: "enabled" });
    renderAt("/login");
    fireEvent.click(await screen.findByRole("link", { name: "Não tem uma conta? Cadastre-se!" }));
    expect(await screen.findByRole("button", { name: "Cadastrar" }, { timeout: 15_000 })).toBeTruthy();
  });

  it.each([["disabled"], [null]])("is hidden while allowSignup is %s", async (value) => {
    const calls = serve({ allowSignup: value });
    renderAt("/login");
    await waitFor(() => expect(calls.some((c) => c.url === "/public-settings/allowSignup")).toBe(true));
    // Give the answer its render: the link must still be absent.
    await screen.findByRole("link", { name: "Esqueceu a senha?" });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByRole("link", { name: "Não tem uma conta? Cadastre-se!" })).toBeNull();
  });
});
