import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/** The foundation journey of issue 2, in Portuguese (the default language). */

async function signIn(page: Page) {
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
}

test("sign in, see the shell, open users, get 'Invalid email' for a bad e-mail, sign out", async ({
  page,
}) => {
  await page.goto("/login");

  // The login form's own validation, before any request.
  await page.getByLabel("Email").fill("not-an-email");
  await page.getByLabel("Senha", { exact: true }).fill("123456");
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page.getByText("Por favor, insira um email válido.")).toBeVisible();

  await page.getByLabel("Email").fill("");
  await signIn(page);
  await expect(page).toHaveURL(/\/tickets$/);

  // The shell: greeting, navigation with the admin's items, version.
  await expect(page.getByText("Olá, Admin!")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await expect(nav.getByRole("link", { name: "Atendimentos", exact: true })).toBeVisible();
  await expect(page.getByText(/Versão \d+\.\d+\.\d+/)).toBeVisible();

  await nav.getByRole("link", { name: "Usuários" }).click();
  await expect(page).toHaveURL(/\/users$/);
  await expect(page.getByRole("table", { name: "Usuários" }).getByText(ADMIN_EMAIL)).toBeVisible();

  // A page load of /users must serve the app, not the API's JSON.
  await page.reload();
  await expect(page.getByRole("table", { name: "Usuários" }).getByText(ADMIN_EMAIL)).toBeVisible();

  await page.getByRole("button", { name: "Adicionar usuário" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill("Pessoa Nova");
  await dialog.locator('input[name="email"]').fill("bad-email");
  await dialog.locator('input[name="password"]').fill("12345");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Invalid email")).toBeVisible();
  await page.screenshot({ path: ".tmp/results/user-modal-invalid-email.png" });
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("button", { name: "Menu da conta" }).click();
  await page.getByRole("menuitem", { name: "Sair" }).click();
  await expect(page).toHaveURL(/\/login$/);

  // Signed out for real: a private page sends the guest back to login.
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login$/);
});

test("a guest sent to login returns to the page asked for", async ({ page }) => {
  await page.goto("/users");
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page);
  await expect(page).toHaveURL(/\/users$/);
});
