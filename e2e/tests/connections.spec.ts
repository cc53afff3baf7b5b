import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/** The connections screen: add a WhatsApp Cloud API connection and find its webhook URL. */

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/tickets$/);
}

test("add a WhatsApp Cloud API connection, see it connected, and copy its webhook URL", async ({ page }) => {
  await signIn(page);
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  await nav.getByRole("link", { name: /Conexões/ }).click();
  await expect(page).toHaveURL(/\/connections$/);
  await expect(page.getByRole("heading", { name: "Conexões" })).toBeVisible();

  await page.getByRole("button", { name: "Adicionar" }).click();
  await page.getByRole("menuitem", { name: "WhatsApp Cloud API" }).click();

  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Adicionar conexão WhatsApp Cloud API" })).toBeVisible();
  // The length rule (2 to 50), before any request, in the interface's language.
  await dialog.getByLabel("Nome").fill("C");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog.getByText("Informe um nome de 2 a 50 caracteres.")).toBeVisible();

  await dialog.getByLabel("Nome").fill("Cloud E2E");
  await dialog.getByLabel("ID do número de telefone").fill("109876543210987");
  await dialog.getByLabel("ID da conta do WhatsApp Business (WABA)").fill("209876543210987");
  await dialog.getByLabel("Token de acesso", { exact: true }).fill("EAAG-e2e-fake-token-4321");
  await dialog.getByLabel("App Secret", { exact: true }).fill("e2e-fake-app-secret");
  // Other files may have added connections before: this one is asked to be the default.
  await dialog.getByRole("switch", { name: "Padrão" }).check();
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Conexão salva com sucesso!")).toBeVisible();

  // A new Meta connection stays open in edit mode: the webhook URL exists now.
  await expect(dialog.getByRole("heading", { name: "Editar conexão" })).toBeVisible();
  const webhook = dialog.getByRole("textbox", { name: "URL do webhook" });
  await expect(webhook).toHaveValue(/\/webhooks\/meta\/[\w-]+$/);
  await expect(webhook).toHaveAttribute("readonly", "");
  // Secrets are write-only: empty fields with a hint.
  await expect(dialog.getByLabel("Token de acesso", { exact: true })).toHaveValue("");
  await expect(dialog.getByText("Configurado (…4321). Deixe em branco para manter.")).toBeVisible();
  await expect(dialog.getByLabel("Token de verificação do webhook")).not.toHaveValue("");
  await page.screenshot({ path: ".tmp/results/connection-dialog-webhook.png" });
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();

  const table = page.getByRole("table", { name: "Conexões" });
  const row = table.getByRole("row").filter({ hasText: "Cloud E2E" });
  await expect(row.getByText("Conectado", { exact: true })).toBeVisible();
  await expect(row.getByRole("img", { name: "WhatsApp Cloud API" })).toBeVisible();
  // The default one, and the only default of the company.
  await expect(row.getByRole("img", { name: "Conexão padrão" })).toBeVisible();
  await expect(table.getByRole("img", { name: "Conexão padrão" })).toHaveCount(1);
  await page.screenshot({ path: ".tmp/results/connections-table.png" });

  // After a reload the dialog still shows the webhook URL (from GET /whatsapp/{id}).
  await page.reload();
  await page.getByRole("button", { name: "Editar Cloud E2E" }).click();
  await expect(page.getByRole("dialog").getByRole("textbox", { name: "URL do webhook" })).toHaveValue(
    /\/webhooks\/meta\//,
  );
});
