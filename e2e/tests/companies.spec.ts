import { signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * Issue 10 (companies): the super admin creates a plan in the settings' plans tab and a company
 * on it in /companies; the new company's admin signs in at once. Then the super admin deletes the
 * company after typing its name and watches the job finish; the admin's session is over.
 */
test("the super admin creates a plan and a company; its admin signs in; deleting it ends everything", async ({
  page,
  newContext,
}) => {
  const suffix = Date.now().toString(36);
  const planName = `Plano E2E ${suffix}`;
  const companyName = `Empresa E2E ${suffix}`;
  const adminEmail = `dono-${suffix}@e2e.test`;

  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto("/settings");
  await page.getByRole("tab", { name: "Planos" }).click();
  const planForm = page.getByRole("form", { name: "Novo plano" });
  await planForm.getByLabel("Nome").fill(planName);
  await planForm.getByLabel("Valor").fill("99,90");
  await planForm.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();
  await expect(page.getByRole("table", { name: "Planos" }).getByText(planName)).toBeVisible();

  await page.goto("/companies");
  await expect(page.getByRole("heading", { name: "Empresas" })).toBeVisible();
  const form = page.getByRole("form", { name: "Nova empresa" });
  await form.getByLabel("Nome").fill(companyName);
  await form.getByLabel("E-mail").fill(adminEmail);
  await form.getByRole("combobox", { name: "Plano" }).click();
  await page.getByRole("option", { name: planName }).click();
  await form.getByLabel("Vencimento").fill("2030-06-15");
  await form.getByRole("combobox", { name: "Recorrência" }).click();
  await page.getByRole("option", { name: "Trimestral" }).click();
  await form.getByLabel(/^Senha/).fill("senha-e2e-1");
  await form.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();

  await page.getByRole("textbox", { name: "Pesquisar" }).fill(companyName);
  const row = page.getByRole("table", { name: "Empresas" }).getByRole("row").filter({ hasText: companyName });
  await expect(row).toContainText(planName);
  await expect(row).toContainText("15/06/2030");
  await expect(row).toContainText("Nunca");

  // The new company's admin signs in at once, in a browser of their own.
  const owner = await (await newContext()).newPage();
  await signIn(owner, adminEmail, "senha-e2e-1");

  // The recurrence button moves the due date by three months.
  await page.getByRole("button", { name: `Avançar o vencimento de ${companyName}` }).click();
  await expect(row).toContainText("15/09/2030");

  // Delete after typing the name; the job's progress comes live.
  await row.getByRole("button", { name: `Excluir ${companyName}` }).click();
  const dialog = page.getByRole("dialog", { name: `Excluir ${companyName}?` });
  await expect(dialog.getByText("Deseja realmente excluir esse registro?")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Excluir" })).toBeDisabled();
  await dialog.getByLabel(`Digite ${companyName} para confirmar`).fill(companyName);
  await dialog.getByRole("button", { name: "Excluir" }).click();
  await expect(dialog.getByText("Empresa excluída.")).toBeVisible();
  await dialog.getByRole("button", { name: "Fechar" }).click();
  await expect(page.getByText("Nenhuma empresa encontrada.")).toBeVisible();

  // Its admin's session is over: the app goes back to the login page.
  await owner.reload();
  await expect(owner).toHaveURL(/\/login$/);
});
