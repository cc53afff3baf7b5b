import { expect, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { adminApi, sessionToken, signIn, simSends, simTexts } from "../fixtures/app";
import { ADMIN_EMAIL, ADMIN_PASSWORD, META_SIM_URL } from "../playwright.config";

/**
 * Campaigns (spec 3 sections 2 to 9): the admin sets the pacing and a custom variable on
 * /campaigns-config, creates a campaign on a Cloud API connection choosing an approved template
 * and its parameters in the dialog, with confirmation on, and watches its report page follow the
 * sending live until every contact got the template with the variables filled; a contact's answer
 * then gets the confirmation message and the report counts it. The contact list comes from an
 * imported spreadsheet (the import's own screens are contact-lists.spec.ts's).
 *
 * Not here: two message variants. On the Cloud API a campaign opens conversations with one approved
 * template, so variants are free-text slots for WhatsApp Web (QR code) connections, which the e2e
 * server has no fake of; the server tests cover them (modules/campaigns/sender.test.ts).
 */

const PHONE_NUMBER_ID = "301234567890565";
const WABA_ID = `waba-${PHONE_NUMBER_ID}`;
const CONNECTION = "Cloud campanhas";
const LIST = "Clientes campanha e2e";
const CONTACTS = [
  { name: "Ana Campanha", number: "5511955550001" },
  { name: "Bruno Campanha", number: "5511955550002" },
];
const CAMPAIGN = "Black Friday e2e";

let listId = 0;

test.beforeAll(async ({ request, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is required");
  const admin = await adminApi(request);
  const headers = { authorization: `Bearer ${admin.token}` };
  await admin.cloudConnection(baseURL, {
    name: CONNECTION,
    phoneNumberId: PHONE_NUMBER_ID,
    wabaId: WABA_ID,
    accessToken: "EAAG-e2e-campaign-token-5555",
    appSecret: "e2e-campaign-app-secret",
  });
  const templates = await request.post(`${META_SIM_URL}/_sim/templates`, {
    data: {
      accountId: PHONE_NUMBER_ID,
      templates: [
        {
          name: "promo_bf",
          language: "pt_BR",
          components: [{ type: "BODY", text: "Olá {{1}}, seu cupom é {{2}}" }],
        },
      ],
    },
  });
  expect(templates.ok(), await templates.text()).toBe(true);
  const list = await request.post("/contact-lists", { headers, data: { name: LIST } });
  expect(list.ok(), await list.text()).toBe(true);
  listId = ((await list.json()) as { id: number }).id;
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Contatos");
  sheet.addRow(["nome", "numero"]);
  for (const contact of CONTACTS) sheet.addRow([contact.name, contact.number]);
  const upload = await request.post(`/contact-lists/${listId}/upload`, {
    headers,
    multipart: {
      file: {
        name: "clientes.xlsx",
        mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
      },
    },
  });
  expect(upload.status(), await upload.text()).toBe(202);
  await expect
    .poll(
      async () => {
        const latest = await request.get(`/contact-lists/${listId}/imports/latest`, { headers });
        const body = (await latest.json()) as { status: string; imported: number } | null;
        return body ? `${body.status} ${body.imported}` : "none";
      },
      { timeout: 30_000 },
    )
    .toBe(`done ${CONTACTS.length}`);
});

// Later files count company 1's waiting tickets: the contacts' tickets (Ana's answer opens one) are
// closed once this file is done.
test.afterAll(async ({ request }) => {
  const admin = await adminApi(request);
  const names = new Set(CONTACTS.map((contact) => contact.name));
  for (const status of ["pending", "open"]) {
    const res = await request.get(`/tickets?status=${status}&showAll=true`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { tickets } = (await res.json()) as { tickets: { id: number; contact?: { name: string } }[] };
    for (const ticket of tickets.filter((t) => names.has(t.contact?.name ?? "")))
      await admin.updateTicket(ticket.id, { status: "closed" });
  }
});

test("campaign settings, a Cloud API template campaign and its live report", async ({ page, request }) => {
  test.slow();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // Settings: no pause between messages, a window over the whole day, weekends, a custom variable.
  await page.getByRole("link", { name: "Config. de Campanhas", exact: true }).click();
  await expect(page).toHaveURL(/\/campaigns-config$/);
  await page.getByRole("combobox", { name: "Intervalo randômico de disparo" }).click();
  await page.getByRole("option", { name: "Sem intervalo" }).click();
  await page.getByLabel("Início").fill("00:00");
  await page.getByLabel("Fim").fill("23:59");
  for (const day of ["Enviar aos sábados", "Enviar aos domingos"]) {
    const toggle = page.getByRole("switch", { name: day });
    if (!(await toggle.isChecked())) await toggle.click();
  }
  await page.getByRole("button", { name: "Adicionar variável" }).click();
  await page
    .getByRole("textbox", { name: /^Atalho/ })
    .last()
    .fill("cupom");
  await page.getByRole("textbox", { name: "Conteúdo" }).last().fill("BF10");
  await page.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Configurações salvas")).toBeVisible();
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Intervalo randômico de disparo" })).toHaveText(
    "Sem intervalo",
  );
  await expect(page.getByRole("textbox", { name: /^Atalho/ }).last()).toHaveValue("cupom");
  await expect(page.getByLabel("Início")).toHaveValue("00:00");

  // A campaign on the Cloud API connection: an approved template instead of free text.
  await page.goto("/campaigns");
  await page.getByRole("button", { name: "Nova campanha" }).click();
  // The dialog stays open as the saved campaign after the first save (its title changes then).
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^Nome/ }).fill(CAMPAIGN);
  await dialog.getByRole("combobox", { name: /^Lista de contatos/ }).click();
  await page.getByRole("option", { name: LIST }).click();
  await dialog.getByRole("combobox", { name: /^Conexão/ }).click();
  await page.getByRole("option", { name: CONNECTION }).click();
  await expect(dialog.getByRole("textbox", { name: "Mensagem 1" })).toBeHidden();
  await dialog.getByRole("combobox", { name: "Modelo de mensagem" }).click();
  await page.getByRole("option", { name: "promo_bf (pt_BR)" }).click();
  await expect(dialog.getByText("Olá {{1}}, seu cupom é {{2}}")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Parâmetro 1" }).fill("{nome}");
  await dialog.getByRole("textbox", { name: "Parâmetro 2" }).fill("{cupom}");
  await dialog.getByRole("switch", { name: "Confirmação" }).click();
  await dialog
    .getByRole("textbox", { name: "Mensagem de confirmação 1" })
    .fill("Obrigado {nome}, cupom ativado!");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Campanha salva com sucesso!")).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  const row = page.getByRole("row").filter({ hasText: CAMPAIGN });
  await expect(row).toContainText("Inativa");

  // The report page, from the row; the campaign is then scheduled a few seconds ahead (an instant
  // with its offset, so the browser's and the company's clocks do not matter) and the page follows it.
  await row.getByRole("link", { name: `Relatório de ${CAMPAIGN}` }).click();
  await expect(page).toHaveURL(/\/campaign\/\d+\/report$/);
  await expect(page.getByText("Inativa")).toBeVisible();
  const id = Number(/\/campaign\/(\d+)\/report/.exec(page.url())?.[1]);
  // The page's own session: a new login would end it (one session per user).
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const current = await request.get(`/campaigns/${id}`, { headers });
  const campaign = (await current.json()) as Record<string, unknown>;
  const scheduled = await request.put(`/campaigns/${id}`, {
    headers,
    data: {
      name: campaign.name,
      whatsappId: campaign.whatsappId,
      contactListId: listId,
      template: campaign.template,
      confirmation: campaign.confirmation,
      confirmationMessage1: campaign.confirmationMessage1,
      scheduledAt: new Date(Date.now() + 3000).toISOString(),
    },
  });
  expect(scheduled.ok(), await scheduled.text()).toBe(true);

  await expect(page.getByText("Finalizada")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText("2 de 2 entregues")).toBeVisible();
  await expect(page.getByRole("group", { name: "Entregues" })).toContainText("2");
  await expect(page.getByRole("group", { name: "Concluída em" })).not.toContainText("Não concluída");

  for (const contact of CONTACTS) {
    const sends = await simSends(request, PHONE_NUMBER_ID, contact.number);
    const templates = sends.filter((send) => send.body.type === "template");
    expect(templates).toHaveLength(1);
    expect(JSON.stringify(templates[0]?.body)).toContain(contact.name);
    expect(JSON.stringify(templates[0]?.body)).toContain("BF10");
  }

  // Ana answers: she gets the confirmation message (free text, inside the window her answer opened),
  // once, and the report counts it live.
  const [ana] = CONTACTS;
  const answer = await request.post(`${META_SIM_URL}/_sim/inbound`, {
    data: { accountId: PHONE_NUMBER_ID, type: "text", from: ana!.number, name: ana!.name, body: "Quero!" },
  });
  expect((await answer.json()).status).toBe(200);
  await expect
    .poll(async () => simTexts(request, PHONE_NUMBER_ID, ana!.number), { timeout: 30_000 })
    .toEqual([`Obrigado ${ana!.name}, cupom ativado!`]);
  await expect(page.getByRole("group", { name: "Confirmados" })).toContainText("1");
  await expect(page.getByRole("group", { name: "Confirmações solicitadas" })).toContainText("2");
});
