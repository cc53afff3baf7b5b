import ExcelJS from "exceljs";
import { adminApi, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * The ticket report (spec 2 sections 2, 3, 7): filtered on the page, then
 * exported; the downloaded spreadsheet, read back, holds the filtered
 * table's rows.
 */

test("a report is filtered and exported, and the file's rows are the table's", async ({
  page,
  request,
  baseURL,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const admin = await adminApi(request);
  const support = await admin.queue("Suporte");
  const connection = await admin.cloudConnection(baseURL ?? "", {
    name: `Relatorio ${suffix}`,
    phoneNumberId: `30977${suffix}01`,
    accessToken: `EAAG-report-${suffix}`,
    appSecret: `report-secret-${suffix}`,
  });
  const headers = { authorization: `Bearer ${admin.token}` };
  const ids: number[] = [];
  for (const n of [1, 2, 3]) {
    const contact = await request.post("/contacts", {
      headers,
      data: { name: `Cliente Relatorio ${suffix} ${n}`, number: `5511977${suffix.slice(-5)}${n}` },
    });
    expect(contact.ok(), await contact.text()).toBe(true);
    const ticket = await request.post("/tickets", {
      headers,
      data: {
        contactId: ((await contact.json()) as { id: number }).id,
        whatsappId: connection.id,
        queueId: support.id,
        status: "open",
      },
    });
    expect(ticket.ok(), await ticket.text()).toBe(true);
    ids.push(((await ticket.json()) as { id: number }).id);
  }
  // One of them closed: the status filter leaves it out.
  await admin.updateTicket(ids[0]!, { status: "closed", sendFarewellMessage: false });

  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Relatórios" })
    .click();
  await expect(page).toHaveURL(/\/reports$/);
  await page.getByLabel("Pesquisar", { exact: true }).fill(`Relatorio ${suffix}`);
  const table = page.getByRole("table", { name: "Atendimentos do relatório" });
  await expect(table.getByRole("row")).toHaveCount(4);
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Atendendo" }).click();
  await page.keyboard.press("Escape");
  await expect(table.getByRole("row")).toHaveCount(3);

  const shown = await table.getByRole("row").evaluateAll((rows) =>
    rows.slice(1).map((row) => {
      const cells = Array.from(row.querySelectorAll("td")).map((cell) => cell.textContent ?? "");
      return { id: Number(cells[0]), contact: cells[2], connection: cells[1], queue: cells[4] };
    }),
  );
  expect(shown.map((r) => r.id).sort()).toEqual([ids[1], ids[2]].sort());

  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("relatorio-de-atendimentos.xlsx");
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile((await file.path()) as string);
  const sheet = workbook.worksheets[0]!;
  const rows: { id: number; contact: string; connection: string; queue: string }[] = [];
  sheet.eachRow((row, index) => {
    if (index === 1) return;
    const cell = (n: number) => String(row.getCell(n).value ?? "");
    rows.push({ id: Number(row.getCell(1).value), contact: cell(3), connection: cell(2), queue: cell(6) });
  });
  expect(rows).toEqual(shown);
});
