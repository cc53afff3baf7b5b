import { adminApi } from "../fixtures/app";
import { expect, test } from "../fixtures/test";

/** A CPF with its two check digits computed (the server checks them, not only the length). */
function validCpf(): string {
  const base = Array.from({ length: 9 }, (_, i) =>
    i === 0 ? 1 + Math.floor(Math.random() * 8) : Math.floor(Math.random() * 10),
  );
  const digit = (digits: number[]) => {
    const sum = digits.reduce((total, d, i) => total + d * (digits.length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  const first = digit(base);
  const second = digit([...base, first]);
  return [...base, first, second].join("");
}

/** dd/MM/yyyy of today (UTC, the signup's day) plus `days`. */
function dueDateIn(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;
}

/**
 * Issue 10: a visitor signs a company up on /signup (the seed allows signup on
 * a fresh install), its admin signs in at once and sees the trial: the
 * under-5-days warning and the due date in the top bar. The platform's trial
 * is set to 3 days for this (a super setting), and put back after.
 */
test("a visitor signs up a company; its admin signs in and sees the trial", async ({ page, request }) => {
  const api = await adminApi(request);
  await api.setSetting("trialDays", "3");
  try {
    const mark = Date.now().toString(36);
    const email = `owner-${mark}@signup.e2e.test`;
    const password = "trial-pass-1";

    await page.goto("/login");
    await page.getByRole("link", { name: "Não tem uma conta? Cadastre-se!" }).click();
    await expect(page).toHaveURL(/\/signup$/);
    await page.getByLabel("Nome da empresa").fill(`Padaria ${mark}`);
    await page.getByLabel("CPF/CNPJ").fill(validCpf());
    await page.getByLabel("Nome", { exact: true }).fill("Maria Dona");
    await page.getByLabel("Telefone com (DDD)").fill("(11) 98888-7777");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(password);
    await page.getByRole("combobox", { name: "Plano" }).click();
    await page.getByRole("option").first().click();
    await page.getByRole("button", { name: "Cadastrar" }).click();

    await expect(page.getByText("Cadastro realizado com sucesso! Faça login para começar.")).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);

    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Senha", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Entrar" }).click();
    await expect(page).not.toHaveURL(/\/login$/);
    await expect(page.getByText("Sua assinatura vence em 3 dias.")).toBeVisible();
    await expect(page.getByText(`Assinatura ativa até ${dueDateIn(3)}`)).toBeVisible();
    await expect(page.getByText("Olá, Maria Dona!")).toBeVisible();
  } finally {
    await api.setSetting("trialDays", "7");
  }
});
