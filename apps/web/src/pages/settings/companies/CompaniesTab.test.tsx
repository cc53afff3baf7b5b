import type { CompanyDto, PlanDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { configureApiClient } from "../../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../../app/toast/toast-store";
import { stubMediaQuery } from "../../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../../test/render";
import { unknownRequest } from "../../../test/unknown-request";
import { CompaniesTab } from "./CompaniesTab";

const plan = { id: 7, name: "Básico", amount: "49.90", users: 5, connections: 2, queues: 3 };

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

function buildCompany(overrides: Partial<CompanyDto> = {}): CompanyDto {
  return {
    id: 2,
    name: "Loja Azul",
    email: "dono@azul.com",
    phone: null,
    planId: plan.id,
    status: true,
    dueDate: isoDay(30),
    recurrence: "MENSAL",
    document: null,
    paymentMethod: null,
    addressStreet: null,
    addressState: null,
    addressCity: null,
    numberAttendants: null,
    numberConections: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    lastLogin: null,
    folderSize: 2048,
    numberFileFolder: 3,
    updatedAtFolder: null,
    plan,
    planName: plan.name,
    planAmount: plan.amount,
    ...overrides,
  };
}

interface Call {
  method: string;
  url: string;
  body?: Record<string, unknown>;
}

/** The fake server keeps a company list; POST and PUT store the body, or answer `refusal`. */
function serve(options: { companies?: CompanyDto[]; refusal?: { status: number; body: object } } = {}) {
  let companies = [...(options.companies ?? [])];
  const calls: Call[] = [];
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, ...(body === undefined ? {} : { body }) });
      if (method === "GET" && url === "/plans/all") return Response.json([{ ...plan } as unknown as PlanDto]);
      if (method === "GET" && url.startsWith("/companies?"))
        return Response.json({ companies, count: companies.length, hasMore: false });
      if (method === "GET" && url.startsWith("/companies/2/invoices?")) {
        const invoice = (id: number, status: "open" | "paid") => ({
          id,
          companyId: 2,
          detail: "Básico",
          users: 5,
          connections: 2,
          queues: 3,
          value: "49.90",
          dueDate: isoDay(id),
          status,
          paidAt: null,
          createdAt: "2026-01-01T00:00:00.000Z",
          updatedAt: "2026-01-01T00:00:00.000Z",
        });
        return Response.json({
          invoices: [invoice(12, "open"), invoice(11, "paid")],
          count: 2,
          hasMore: false,
        });
      }
      if (method === "PUT" && url === "/invoices/12/paid")
        return Response.json({ id: 12, status: "paid", company: { id: 2, dueDate: "2030-02-10" } });
      if (["POST", "PUT", "DELETE"].includes(method) && options.refusal)
        return Response.json(options.refusal.body, { status: options.refusal.status });
      if (method === "POST" && url === "/companies") {
        const company = buildCompany({ ...body, id: 100 });
        companies.push(company);
        return Response.json(company, { status: 201 });
      }
      const id = Number(/^\/companies\/(\d+)$/.exec(url)?.[1]);
      const existing = companies.find((c) => c.id === id);
      if (method === "PUT" && existing) {
        const company = { ...existing, ...body };
        companies = companies.map((c) => (c.id === id ? company : c));
        return Response.json(company);
      }
      if (method === "DELETE" && existing)
        return Response.json({ message: "started", companyId: id }, { status: 202 });
      return unknownRequest(method, url);
    },
  });
  return calls;
}

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => unsubscribe());

function renderTab() {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <CompaniesTab />
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser({ profile: "admin", super: true }) }) },
  );
}

const type = (field: HTMLElement, value: string) => fireEvent.change(field, { target: { value } });
const table = () => screen.getByRole("table", { name: "Empresas" });
const rowOf = (name: string) => within(table()).getByText(name).closest("tr") as HTMLElement;

describe("CompaniesTab", () => {
  it("lists companies with plan, amount, folder and colours rows by due date", async () => {
    serve({
      companies: [
        buildCompany(),
        buildCompany({ id: 3, name: "Vence Logo", dueDate: isoDay(3) }),
        buildCompany({ id: 4, name: "Vencida", dueDate: isoDay(-1) }),
        buildCompany({ id: 5, name: "Vence Hoje", dueDate: isoDay(0) }),
      ],
    });
    renderTab();
    await within(table()).findByText("Loja Azul");
    const row = rowOf("Loja Azul");
    expect(row.textContent?.replace(/\u00a0/g, " ")).toContain("R$ 49,90");
    expect(row.textContent).toContain("2.0 KB");
    expect(row.textContent).toContain("Nunca");
    expect(row.dataset.tone).toBeUndefined();
    expect(rowOf("Vence Logo").dataset.tone).toBe("warning");
    expect(rowOf("Vencida").dataset.tone).toBe("error");
    expect(rowOf("Vence Hoje").dataset.tone).toBe("error");
  });

  it("on a phone shows a card per company, tinted by due date, with its actions", async () => {
    const restore = stubMediaQuery(true);
    try {
      serve({ companies: [buildCompany(), buildCompany({ id: 4, name: "Vencida", dueDate: isoDay(-1) })] });
      renderTab();
      const cards = await screen.findByRole("list", { name: "Empresas" });
      expect(screen.queryByRole("table", { name: "Empresas" })).toBeNull();
      const card = (name: string) =>
        within(cards)
          .getAllByRole("listitem")
          .find((item) => within(item).queryByText(name)) as HTMLElement;
      await waitFor(() => expect(card("Vencida")).toBeTruthy());
      expect(card("Vencida").dataset.tone).toBe("error");
      expect(card("Loja Azul").dataset.tone).toBeUndefined();
      fireEvent.click(within(card("Loja Azul")).getByRole("button", { name: "Faturas de Loja Azul" }));
      expect(await screen.findByRole("dialog", { name: "Faturas de Loja Azul" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("shows a company's invoices and confirms an unpaid one's PIX payment after asking", async () => {
    const calls = serve({ companies: [buildCompany()] });
    renderTab();
    await within(table()).findByText("Loja Azul");
    fireEvent.click(screen.getByRole("button", { name: "Faturas de Loja Azul" }));
    const dialog = await screen.findByRole("dialog", { name: "Faturas de Loja Azul" });
    const rows = await within(dialog).findAllByText("Básico");
    expect(rows).toHaveLength(2);
    // Only the unpaid invoice offers the confirmation.
    const buttons = within(dialog).getAllByRole("button", { name: "Marcar como paga" });
    expect(buttons).toHaveLength(1);
    fireEvent.click(buttons[0] as HTMLElement);
    const confirm = await screen.findByRole("dialog", { name: "Marcar fatura 12 como paga" });
    expect(calls.some((c) => c.url === "/invoices/12/paid")).toBe(false);
    fireEvent.click(within(confirm).getByRole("button", { name: "Marcar como paga" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "PUT" && c.url === "/invoices/12/paid")).toBe(true),
    );
    await waitFor(() =>
      expect(toasts.at(-1)).toMatchObject({
        severity: "success",
        message: "Fatura 12 paga. A empresa vence agora em 10/02/2030.",
      }),
    );
  });

  it("the recurrence button moves the due date by the company's recurrence", async () => {
    const calls = serve({ companies: [buildCompany({ dueDate: "2030-01-31", recurrence: "TRIMESTRAL" })] });
    renderTab();
    await within(table()).findByText("Loja Azul");
    fireEvent.click(screen.getByRole("button", { name: "Avançar o vencimento de Loja Azul" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")).toMatchObject({
      url: "/companies/2",
      body: { dueDate: "2030-04-30" },
    });
    await within(table()).findByText("30/04/2030");
    expect(toasts.at(-1)).toMatchObject({ severity: "success", message: "Operação realizada com sucesso!" });
  });

  it("creates a company with its admin's password; the form shows the spec's messages first", async () => {
    const calls = serve();
    renderTab();
    const form = screen.getByRole("form", { name: "Nova empresa" });
    fireEvent.click(within(form).getByRole("button", { name: "Salvar" }));
    expect(await within(form).findByText("Nome é obrigatório")).toBeTruthy();
    expect(within(form).getByText("E-mail é obrigatório")).toBeTruthy();
    expect(within(form).getByText("Plano é obrigatório")).toBeTruthy();

    type(within(form).getByLabelText(/^Nome/), "Loja Verde");
    type(within(form).getByLabelText(/^E-mail/), "dono@verde.com");
    type(within(form).getByLabelText(/^Senha/), "segredo1");
    type(within(form).getByLabelText("Forma de pagamento"), "PIX");
    type(within(form).getByLabelText("Endereço"), "Rua das Flores, 10");
    type(within(form).getByLabelText("Cidade"), "Curitiba");
    type(within(form).getByLabelText("Estado"), "PR");
    fireEvent.mouseDown(within(form).getByRole("combobox", { name: /Plano/ }));
    fireEvent.click(await screen.findByRole("option", { name: "Básico" }));
    fireEvent.click(within(form).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.some((c) => c.method === "POST")).toBe(true));
    expect(calls.find((c) => c.method === "POST")?.body).toMatchObject({
      name: "Loja Verde",
      email: "dono@verde.com",
      password: "segredo1",
      planId: 7,
      dueDate: null,
      recurrence: "MENSAL",
      paymentMethod: "PIX",
      addressStreet: "Rua das Flores, 10",
      addressCity: "Curitiba",
      addressState: "PR",
      // Left empty: the plan's limits.
      numberAttendants: null,
      numberConections: null,
    });
    await waitFor(() => expect(toasts.at(-1)?.message).toBe("Operação realizada com sucesso!"));
  });

  it("edits the company's own users and connections limits: whole numbers 0 or more, empty for the plan's", async () => {
    const calls = serve({ companies: [buildCompany({ numberAttendants: 4, numberConections: null })] });
    renderTab();
    await within(table()).findByText("Loja Azul");
    fireEvent.click(screen.getByRole("button", { name: "Editar Loja Azul" }));
    const form = screen.getByRole("form", { name: "Editar empresa Loja Azul" });
    const users = within(form).getByRole("spinbutton", { name: "Limite de usuários" }) as HTMLInputElement;
    const connections = within(form).getByRole("spinbutton", {
      name: "Limite de conexões",
    }) as HTMLInputElement;
    expect(users.value).toBe("4");
    expect(connections.value).toBe("");

    type(users, "-2");
    fireEvent.click(within(form).getByRole("button", { name: "Salvar" }));
    expect(await within(form).findByText("Informe um número inteiro, 0 ou mais")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    type(users, "");
    type(connections, "3");
    fireEvent.click(within(form).getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(calls.some((c) => c.method === "PUT")).toBe(true));
    expect(calls.find((c) => c.method === "PUT")).toMatchObject({
      url: "/companies/2",
      body: { numberAttendants: null, numberConections: 3 },
    });
  });

  it("says the spec's save failure when the server refuses", async () => {
    serve({
      companies: [buildCompany()],
      refusal: {
        status: 400,
        body: { error: "ERR_COMPANY_NAME_ALREADY_EXISTS", message: "taken", field: "name" },
      },
    });
    renderTab();
    await within(table()).findByText("Loja Azul");
    fireEvent.click(screen.getByRole("button", { name: "Editar Loja Azul" }));
    const form = screen.getByRole("form", { name: "Editar empresa Loja Azul" });
    expect(within(form).queryByLabelText(/^Senha/)).toBeNull();
    fireEvent.click(within(form).getByRole("button", { name: "Salvar" }));
    await waitFor(() =>
      expect(toasts.at(-1)?.message).toMatch(/^Não foi possível realizar a operação. Verifique se já existe/),
    );
  });

  it("deletes only after the company's name is typed", async () => {
    const calls = serve({ companies: [buildCompany()] });
    renderTab();
    await within(table()).findByText("Loja Azul");
    fireEvent.click(screen.getByRole("button", { name: "Excluir Loja Azul" }));
    const dialog = await screen.findByRole("dialog", { name: "Excluir Loja Azul?" });
    expect(within(dialog).getByText("Deseja realmente excluir esse registro?")).toBeTruthy();
    const confirm = within(dialog).getByRole("button", { name: "Excluir" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    type(within(dialog).getByLabelText("Digite Loja Azul para confirmar"), "Loja");
    expect(confirm.disabled).toBe(true);
    type(within(dialog).getByLabelText("Digite Loja Azul para confirmar"), "Loja Azul");
    fireEvent.click(confirm);
    await waitFor(() => expect(calls.some((c) => c.method === "DELETE")).toBe(true));
    expect(calls.find((c) => c.method === "DELETE")).toMatchObject({
      url: "/companies/2",
      body: { name: "Loja Azul" },
    });
    expect(await within(dialog).findByRole("progressbar", { name: "Progresso da exclusão" })).toBeTruthy();
  });
});
