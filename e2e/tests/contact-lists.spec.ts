import ExcelJS from "exceljs";
import { signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * Contact lists (spec 3 sections 2, 5, 7): an admin creates a list, imports a small spreadsheet
 * (written here with exceljs), sees the import end, the imported rows and the refused-row report.
 */

async function spreadsheet(rows: (string | number)[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contatos");
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test("an admin creates a list, imports an .xlsx and sees its rows and the refused ones", async ({ page }) => {
  const suffix = String(Date.now()).slice(-6);
  const name = `Clientes ${suffix}`;
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Listas de Contatos", exact: true })
    .click();
  await expect(page).toHaveURL(/\/contact-lists$/);

  await page.getByRole("button", { name: "Nova lista", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Nova lista de contatos" });
  await dialog.getByRole("textbox", { name: /Nome/ }).fill(name);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: name });
  // The count is the row's second cell (the name's digits could hold any figure).
  await expect(row.getByRole("cell").nth(1)).toHaveText("0");
  await row.getByRole("link", { name: `Ver contatos de ${name}` }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();

  await page.getByTestId("contact-list-import-input").setInputFiles({
    name: "contatos.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await spreadsheet([
      ["Nome", "Número", "Email"],
      ["Ana Souza", `55119${suffix}01`, "ana@example.com"],
      ["Bruno Lima", `55119${suffix}02`, ""],
      ["X", `55119${suffix}03`, ""],
      ["Ana de novo", `55119${suffix}01`, ""],
    ]),
  });

  // The import ends (its progress is live) with what it added and what it refused.
  await expect(page.getByText("Importação de contatos.xlsx concluída")).toBeVisible();
  await expect(page.getByText("2 contatos adicionados, 2 linhas recusadas.")).toBeVisible();
  const refused = page.getByRole("table", { name: "Linhas recusadas" });
  await expect(refused.getByRole("row", { name: /^4 .*Nome muito curto/ })).toBeVisible();
  await expect(refused.getByRole("row", { name: /^5 .*Número repetido na planilha/ })).toBeVisible();

  const items = page.getByRole("table", { name: "Contatos da lista" });
  // Shown in the company's national format (phone-format.ts): (11) 9xxxx-xx01.
  await expect(items.getByRole("row").filter({ hasText: "Ana Souza" })).toContainText(
    `(11) 9${suffix.slice(0, 4)}-${suffix.slice(4)}01`,
  );
  await expect(items.getByRole("row").filter({ hasText: "Bruno Lima" })).toBeVisible();
  await expect(items.getByRole("row")).toHaveCount(3);

  // Back on the lists, the count followed.
  await page.getByRole("link", { name: "Listas", exact: true }).click();
  await expect(row.getByRole("cell").nth(1)).toHaveText("2");
});
