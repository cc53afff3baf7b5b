import type { InvoiceDto, SubscriptionChargeDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import { subscribeToToasts, type ToastMessage } from "../../app/toast/toast-store";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { CheckoutDialog } from "./CheckoutDialog";
import { MarkInvoicePaid } from "./MarkInvoicePaid";
import { PayInvoiceButton } from "./PayInvoiceButton";
import { PaymentCodeStep } from "./PaymentCodeStep";
import { PAYMENT_POLL } from "./use-payment-polling";

const invoice: InvoiceDto = {
  id: 7,
  companyId: 3,
  detail: "Plano Básico",
  users: 3,
  connections: 3,
  queues: 3,
  value: "49.00",
  dueDate: "2030-01-10",
  status: "open",
  paidAt: null,
  createdAt: "2030-01-01T00:00:00.000Z",
  updatedAt: "2030-01-01T00:00:00.000Z",
};
const CODE = "00020126360014br.gov.bcb.pix0114+55119999999995204000053039865405"; // shape only

interface Call {
  method: string;
  url: string;
  body?: Record<string, unknown>;
}

/** POST /subscription answers a charge of the posted price (the server would price it the same); checks answer `checks`. */
function serve(
  checks: (count: number) => Response = () =>
    Response.json({ success: false, company: { dueDate: "2030-01-10" } }),
) {
  const calls: Call[] = [];
  let checkCount = 0;
  configureApiClient({
    fetch: async (url, init) => {
      const method = init.method ?? "GET";
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      calls.push({ method, url, ...(body === undefined ? {} : { body }) });
      if (method === "POST" && url === "/subscription")
        return Response.json({
          id: 41,
          qrcode: { qrcode: CODE },
          valor: { original: Number(body.price).toFixed(2) },
        });
      if (method === "GET" && url === "/subscription/check/41") return checks(++checkCount);
      return unknownRequest(method, url);
    },
  });
  return calls;
}

let toasts: ToastMessage[] = [];
let unsubscribe = () => {};
afterEach(() => {
  unsubscribe();
  vi.useRealTimers();
});

function renderAt(element: React.ReactElement) {
  toasts = [];
  unsubscribe = subscribeToToasts((toast) => toasts.push(toast));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithProviders(
    <QueryClientProvider client={client}>
      <Routes>
        <Route path="/financeiro" element={element} />
        <Route path="/" element={<p>Página inicial</p>} />
        <Route path="/login" element={<p>Página de login</p>} />
      </Routes>
    </QueryClientProvider>,
    { auth: authValue({ user: buildUser({ profile: "admin" }) }), initialEntries: ["/financeiro"] },
  );
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });
const button = (name: string) => screen.getByRole("button", { name });
/** Intl writes a no-break space after "R$". */
const text = (element: HTMLElement) => element.textContent?.replace(/\u00a0/g, " ");

describe("CheckoutDialog", () => {
  it("walks Dados, Personalizar and Revisar, then shows the PIX code and its amount", async () => {
    const calls = serve();
    renderAt(<CheckoutDialog invoice={invoice} onClose={() => {}} />);
    const dialog = screen.getByRole("dialog", { name: "Falta pouco!" });
    expect(within(dialog).getByText("Dados")).toBeTruthy();
    expect((button("VOLTAR") as HTMLButtonElement).disabled).toBe(true);

    // Step 1: the full name and the tax id are required, the tax id checked by its digits.
    fireEvent.click(button("PRÓXIMO"));
    expect(await screen.findByText("O nome completo é obrigatório")).toBeTruthy();
    expect(screen.getByText("O CPF/CNPJ é obrigatório")).toBeTruthy();
    type("Nome completo", "Maria Souza");
    type("CPF/CNPJ", "529.982.247-24");
    fireEvent.click(button("PRÓXIMO"));
    expect(await screen.findByText("CPF/CNPJ inválido")).toBeTruthy();
    type("CPF/CNPJ", "529.982.247-25");
    fireEvent.click(button("PRÓXIMO"));

    // Step 2: the invoice's plan, or a custom plan priced live, never below 3 users and 3 connections.
    const invoiceChoice = await screen.findByLabelText("Plano Básico: 3 usuários, 3 conexões, R$ 49,00", {
      exact: false,
    });
    expect((invoiceChoice as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByLabelText("Plano personalizado"));
    type("Usuários", "1");
    expect((screen.getByLabelText(/^Usuários/) as HTMLInputElement).value).toBe("3");
    type("Usuários", "5");
    type("Conexões", "4");
    expect(text(screen.getByText(/por mês/))).toBe("R$ 91,00 por mês");
    fireEvent.click(button("VOLTAR"));
    expect((screen.getByLabelText(/^Nome completo/) as HTMLInputElement).value).toBe("Maria Souza");
    fireEvent.click(button("PRÓXIMO"));
    fireEvent.click(button("PRÓXIMO"));

    // Step 3: the review, then PAGAR.
    const review = await screen.findByText("Total");
    expect(text(review.nextElementSibling as HTMLElement)).toBe("R$ 91,00");
    fireEvent.click(button("PAGAR"));

    expect(await screen.findByLabelText("PIX copia e cola")).toBeTruthy();
    expect((screen.getByLabelText("PIX copia e cola") as HTMLInputElement).value).toBe(CODE);
    expect(screen.getByRole("img", { name: "QR Code PIX" })).toBeTruthy();
    expect(text(screen.getByTestId("checkout-amount"))).toBe("R$ 91,00");
    expect(toasts.map((t) => t.message)).toContain(
      "Assinatura realizada com sucesso!, aguardando a realização do pagamento",
    );
    const post = calls.find((c) => c.method === "POST");
    expect(post?.body).toMatchObject({
      firstName: "Maria Souza",
      zipcode: "529.982.247-25",
      users: 5,
      connections: 4,
      invoiceId: 7,
    });
    expect(JSON.parse(post?.body?.plan as string)).toMatchObject({ type: "custom" });
  });

  it("keeps PRÓXIMO off while a custom plan costs less than the invoice", async () => {
    serve();
    renderAt(<CheckoutDialog invoice={{ ...invoice, value: "300.00" }} onClose={() => {}} />);
    type("Nome completo", "Maria");
    type("CPF/CNPJ", "52998224725");
    fireEvent.click(button("PRÓXIMO"));
    fireEvent.click(await screen.findByLabelText("Plano personalizado"));
    expect(screen.getByText("O plano personalizado não pode custar menos que a fatura.")).toBeTruthy();
    expect((button("PRÓXIMO") as HTMLButtonElement).disabled).toBe(true);
  });
});

const charge: SubscriptionChargeDto = { id: 41, qrcode: { qrcode: CODE }, valor: { original: "49.00" } };
/** Runs the page's timers by `ms`, letting the checks' answers arrive in between. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe("PaymentCodeStep polling", () => {
  it("checks every 5 s; once paid shows the new due date and goes home 4 s later", async () => {
    vi.useFakeTimers();
    const calls = serve((count) =>
      Response.json({ success: count >= 3, company: { dueDate: count >= 3 ? "2030-02-10" : "2030-01-10" } }),
    );
    renderAt(<PaymentCodeStep charge={charge} />);
    await advance(PAYMENT_POLL.intervalMs - 1);
    expect(calls.filter((c) => c.url === "/subscription/check/41")).toHaveLength(0);
    await advance(1);
    expect(calls.filter((c) => c.url === "/subscription/check/41")).toHaveLength(1);
    await advance(2 * PAYMENT_POLL.intervalMs);
    expect(screen.getByText("Pagamento confirmado! Sua licença vence agora em 10/02/2030.")).toBeTruthy();
    await advance(PAYMENT_POLL.homeAfterPaidMs - 1);
    expect(screen.queryByText("Página inicial")).toBeNull();
    await advance(1);
    expect(screen.getByText("Página inicial")).toBeTruthy();
    expect(calls.filter((c) => c.url === "/subscription/check/41")).toHaveLength(3);
  });

  it("stops after 120 checks and says the confirmation will come", async () => {
    vi.useFakeTimers();
    const calls = serve();
    renderAt(<PaymentCodeStep charge={charge} />);
    await advance(PAYMENT_POLL.maxChecks * PAYMENT_POLL.intervalMs);
    const message = "Tempo de verificação expirado. Se você já pagou, a confirmação ocorrerá em breve.";
    expect(screen.getByText(message)).toBeTruthy();
    expect(toasts).toContainEqual(expect.objectContaining({ severity: "info", message }));
    await advance(10 * PAYMENT_POLL.intervalMs);
    expect(calls.filter((c) => c.url === "/subscription/check/41")).toHaveLength(PAYMENT_POLL.maxChecks);
  });

  it("on 401 or 403 says the session expired and goes to /login 3 s later", async () => {
    vi.useFakeTimers();
    serve(() => Response.json({ error: "ERR_SESSION_EXPIRED", message: "x" }, { status: 401 }));
    renderAt(<PaymentCodeStep charge={charge} />);
    await advance(PAYMENT_POLL.intervalMs);
    const message = "Sua sessão expirou. Por favor, faça login novamente.";
    expect(screen.getByText(message)).toBeTruthy();
    expect(toasts).toContainEqual(expect.objectContaining({ severity: "error", message }));
    await advance(PAYMENT_POLL.loginAfterSessionEndedMs - 1);
    expect(screen.queryByText("Página de login")).toBeNull();
    await advance(1);
    expect(screen.getByText("Página de login")).toBeTruthy();
  });
});

describe("MarkInvoicePaid (super users)", () => {
  it("confirms an invoice paid by its number after asking", async () => {
    const calls: Call[] = [];
    configureApiClient({
      fetch: async (url, init) => {
        calls.push({ method: init.method ?? "GET", url });
        if (init.method === "PUT" && url === "/invoices/12/paid")
          return Response.json({ id: 12, status: "paid", company: { id: 3, dueDate: "2030-02-10" } });
        return unknownRequest(init.method ?? "GET", url);
      },
    });
    renderAt(<MarkInvoicePaid />);
    type("Fatura nº", "12");
    fireEvent.click(button("Marcar como paga"));
    const confirm = await screen.findByRole("dialog", { name: "Marcar fatura 12 como paga" });
    expect(calls).toHaveLength(0);
    fireEvent.click(within(confirm).getAllByRole("button").at(-1) as HTMLElement);
    await screen.findByDisplayValue("");
    await vi.waitFor(() =>
      expect(toasts.map((t) => t.message)).toContain("Fatura 12 paga. A empresa vence agora em 10/02/2030."),
    );
    expect(calls).toEqual([{ method: "PUT", url: "/invoices/12/paid" }]);
  });
});

describe("PayInvoiceButton", () => {
  it("is offered for unpaid invoices only and opens the checkout", async () => {
    serve();
    renderAt(
      <>
        <PayInvoiceButton invoice={invoice} />
        <PayInvoiceButton invoice={{ ...invoice, id: 8, status: "paid" }} />
      </>,
    );
    expect(screen.queryByRole("button", { name: "Pagar fatura 8" })).toBeNull();
    fireEvent.click(button("Pagar fatura 7"));
    expect(await screen.findByRole("dialog", { name: "Falta pouco!" })).toBeTruthy();
  });
});
