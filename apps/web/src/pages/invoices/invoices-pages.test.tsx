import type { InvoiceDto } from "@inbox/shared";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureApiClient } from "../../api/client";
import i18n from "../../i18n";
import { stubMediaQuery } from "../../test/media-query";
import { authValue, buildUser, renderWithProviders } from "../../test/render";
import { unknownRequest } from "../../test/unknown-request";
import { licenceMessage } from "../subscription/SubscriptionPage";
import { InvoicesPage } from "./InvoicesPage";
import { OpenInvoicesPage } from "./OpenInvoicesPage";

const isoDay = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

function invoice(overrides: Partial<InvoiceDto>): InvoiceDto {
  return {
    id: 1,
    companyId: 2,
    detail: "Plano Ouro",
    users: 5,
    connections: 2,
    queues: 3,
    value: "149.9",
    dueDate: isoDay(5),
    status: "open",
    paidAt: null,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const withClient = (ui: React.ReactElement) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
    {ui}
  </QueryClientProvider>
);

afterEach(() => {
  vi.useRealTimers();
});

describe("/financeiro", () => {
  it("titles 'Faturas (count)' and shows each invoice's figures and status, overdue rows shaded", async () => {
    const invoices = [
      invoice({ id: 3, status: "paid", dueDate: isoDay(-40) }),
      invoice({ id: 2, dueDate: isoDay(-3), detail: "Plano Prata" }),
      invoice({ id: 1, dueDate: isoDay(6) }),
    ];
    configureApiClient({
      fetch: async (url, init) =>
        url.startsWith("/invoices/all")
          ? Response.json({ invoices, count: 3, hasMore: false })
          : unknownRequest(init.method, url),
    });
    await i18n.changeLanguage("pt");
    renderWithProviders(withClient(<InvoicesPage />), { auth: authValue({ user: buildUser() }) });

    expect(await screen.findByRole("heading", { name: "Faturas (3)" })).toBeTruthy();
    const rows = screen.getAllByRole("row").slice(1);
    const statusOf = (row: HTMLElement) => row.querySelector("[data-status]")?.getAttribute("data-status");
    expect(rows.map(statusOf)).toEqual(["paid", "overdue", "open"]);
    expect(rows.map((row) => row.getAttribute("data-tone"))).toEqual([null, "error", null]);
    expect(within(rows[0] as HTMLElement).getByText("Pago")).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText("Vencido")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText("Em Aberto")).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText(/R\$\s149,90/)).toBeTruthy();
    expect(getComputedStyle(rows[1] as HTMLElement).backgroundColor).not.toBe(
      getComputedStyle(rows[2] as HTMLElement).backgroundColor,
    );
  });

  it("on a phone shows a card per invoice, the overdue one tinted, with the pay button inside the card", async () => {
    const restore = stubMediaQuery(true);
    try {
      const invoices = [
        invoice({ id: 3, status: "paid", dueDate: isoDay(-40) }),
        invoice({ id: 2, dueDate: isoDay(-3), detail: "Plano Prata" }),
      ];
      configureApiClient({
        fetch: async (url, init) =>
          url.startsWith("/invoices/all")
            ? Response.json({ invoices, count: 2, hasMore: false })
            : unknownRequest(init.method, url),
      });
      await i18n.changeLanguage("pt");
      renderWithProviders(withClient(<InvoicesPage />), { auth: authValue({ user: buildUser() }) });
      const list = await screen.findByRole("list", { name: "Financeiro" });
      expect(screen.queryByRole("table")).toBeNull();
      const cards = await within(list).findAllByRole("listitem");
      expect(cards).toHaveLength(2);
      const [paid, overdue] = cards as [HTMLElement, HTMLElement];
      expect(overdue.firstElementChild?.textContent).toBe("Plano Prata");
      expect(within(overdue).getByText("Vencido")).toBeTruthy();
      expect(overdue.dataset.tone).toBe("error");
      expect(paid.dataset.tone).toBeUndefined();
      expect(within(paid).queryByRole("button", { name: "Pagar fatura 3" })).toBeNull();
      fireEvent.click(within(overdue).getByRole("button", { name: "Pagar fatura 2" }));
      expect(await screen.findByRole("dialog", { name: "Falta pouco!" })).toBeTruthy();
    } finally {
      restore();
    }
  });

  it("says so when there is no invoice", async () => {
    configureApiClient({
      fetch: async () => Response.json({ invoices: [], count: 0, hasMore: false }),
    });
    await i18n.changeLanguage("pt");
    renderWithProviders(withClient(<InvoicesPage />), { auth: authValue({ user: buildUser() }) });
    expect(await screen.findByText("Nenhuma fatura encontrada.")).toBeTruthy();
  });
});

describe("/financeiro-aberto", () => {
  it("waits for the payment by asking /auth/me and goes home once the due date moved", async () => {
    const expired = buildUser({ company: { id: 2, name: "Acme", dueDate: isoDay(-1) } });
    const paid = { ...expired, company: { id: 2, name: "Acme", dueDate: isoDay(30) } };
    let meCalls = 0;
    let paidNow = false;
    const updateUser = vi.fn();
    configureApiClient({
      fetch: async (url, init) => {
        if (url.startsWith("/invoices/all"))
          return Response.json({ invoices: [invoice({ dueDate: isoDay(-1) })], count: 1, hasMore: false });
        if (url === "/auth/me") {
          meCalls += 1;
          return Response.json(paidNow ? paid : expired);
        }
        return unknownRequest(init.method, url);
      },
    });
    await i18n.changeLanguage("pt");
    renderWithProviders(
      withClient(
        <Routes>
          <Route path="/financeiro-aberto" element={<OpenInvoicesPage pollMs={200} />} />
          <Route path="/tickets" element={<p>home</p>} />
        </Routes>,
      ),
      { auth: authValue({ user: expired, updateUser }), initialEntries: ["/financeiro-aberto"] },
    );

    expect(await screen.findByText("Sua assinatura expirou.")).toBeTruthy();
    expect(await screen.findByText("Vencido")).toBeTruthy();
    // Still expired: the page stays and keeps asking.
    await waitFor(() => expect(meCalls).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText("home")).toBeNull();
    paidNow = true;
    await waitFor(() => expect(screen.getByText("home")).toBeTruthy(), { timeout: 5_000 });
    expect(updateUser).toHaveBeenCalledWith(paid);
  });
});

describe("the licence line", () => {
  const t = (key: string, options?: Record<string, unknown>) =>
    i18n.t(key as never, options as never) as unknown as string;
  const today = new Date("2026-03-10T12:00:00Z");
  it("counts the days left, says 'hoje!' on the day, and names a past date", async () => {
    await i18n.changeLanguage("pt");
    expect(licenceMessage(t, 2, "2026-03-13", today)).toBe("Sua licença vence em 3 dias!");
    expect(licenceMessage(t, 2, "2026-03-11", today)).toBe("Sua licença vence em 1 dia!");
    expect(licenceMessage(t, 2, "2026-03-10", today)).toBe("Sua licença vence hoje!");
    expect(licenceMessage(t, 2, "2026-03-01", today)).toBe("Sua licença venceu em 01/03/2026.");
    expect(licenceMessage(t, 1, "2020-01-01", today)).toBe("Esta licença não vence.");
  });
});
