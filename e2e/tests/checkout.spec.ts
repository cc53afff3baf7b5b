import { adminApi, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { FAKE_EFI_URL } from "../playwright.config";

/** YYYY-MM-DD `days` from today (UTC, as the server's due dates count). */
function isoDate(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
/** One month later, the day kept (spec 2: MENSAL), as dd/MM/yyyy. */
function nextMonthShown(iso: string): string {
  const [year, month, day] = iso.split("-").map(Number) as [number, number, number];
  const next = new Date(
    Date.UTC(year, month, Math.min(day, new Date(Date.UTC(year, month + 1, 0)).getUTCDate())),
  );
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(next.getUTCDate())}/${pad(next.getUTCMonth() + 1)}/${next.getUTCFullYear()}`;
}

test("a company's admin pays its invoice through the checkout; the provider confirms and the due date moves live", async ({
  page,
  request,
}) => {
  // The platform owner makes a plan and a company due in 5 days, then runs the invoice generation.
  const owner = await adminApi(request);
  const headers = { authorization: `Bearer ${owner.token}` };
  const stamp = Date.now();
  const plan = await request.post("/plans", {
    headers,
    data: {
      name: `Plano Checkout ${stamp}`,
      users: 3,
      connections: 3,
      queues: 3,
      amount: "49.90",
      isPublic: false,
    },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const dueDate = isoDate(5);
  const email = `checkout-${stamp}@e2e.test`;
  const company = await request.post("/companies", {
    headers,
    data: {
      name: `Empresa Checkout ${stamp}`,
      email,
      planId: ((await plan.json()) as { id: number }).id,
      dueDate,
      recurrence: "MENSAL",
      password: "checkout123",
    },
  });
  expect(company.ok(), await company.text()).toBe(true);
  const generated = await request.post("/invoices/generate", { headers });
  expect(generated.ok(), await generated.text()).toBe(true);

  // Its admin opens the unpaid invoice's checkout from /financeiro.
  await signIn(page, email, "checkout123");
  await page.goto("/financeiro");
  await page.getByRole("button", { name: /^Pagar fatura \d+$/ }).click();
  const dialog = page.getByRole("dialog", { name: "Falta pouco!" });
  await dialog.getByLabel(/^Nome completo/).fill("Maria Souza");
  await dialog.getByLabel(/^CPF\/CNPJ/).fill("529.982.247-25");
  await dialog.getByRole("button", { name: "PRÓXIMO" }).click();
  await expect(dialog.getByRole("radio", { name: /Plano Checkout/ })).toBeChecked();
  await dialog.getByRole("button", { name: "PRÓXIMO" }).click();
  await expect(dialog.getByText("R$ 49,90", { exact: false }).first()).toBeVisible();
  await dialog.getByRole("button", { name: "PAGAR" }).click();

  // The PIX code of the charge the fake Efí made, its QR image and the amount.
  await expect(
    page.getByText("Assinatura realizada com sucesso!, aguardando a realização do pagamento"),
  ).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "PIX copia e cola" })).toHaveValue(
    /^000201.*br\.gov\.bcb\.pix/,
  );
  await expect(dialog.getByRole("img", { name: "QR Code PIX" })).toBeVisible();
  await expect(dialog.getByTestId("checkout-amount")).toHaveText(/R\$\s49,90/);

  // The payer pays: Efí marks the charge paid and posts its webhook; the page's next check sees it.
  const paid = await request.post(`${FAKE_EFI_URL}/_fake/pay-all`);
  expect(((await paid.json()) as { paid: string[] }).paid.length).toBeGreaterThan(0);
  await expect(
    dialog.getByText(`Pagamento confirmado! Sua licença vence agora em ${nextMonthShown(dueDate)}.`),
  ).toBeVisible();
  // Then home, and the invoice shows paid.
  await expect(page).not.toHaveURL(/\/financeiro$/);
  await page.goto("/financeiro");
  await expect(page.getByText("Pago", { exact: true }).first()).toBeVisible();
  await expect(page.getByRole("button", { name: /^Pagar fatura \d+$/ })).toHaveCount(0);
});
