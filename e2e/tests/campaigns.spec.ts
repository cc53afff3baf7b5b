import ExcelJS from "exceljs";
import { adminApi, sessionToken, signIn, simSends, simTexts } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, META_SIM_URL } from "../playwright.config";

/**
 * Campaigns (spec 3 sections 2 to 9): the admin sets the pacing and a custom variable on
 * /campaigns-config, creates a campaign on a Cloud API connection with two message variants, an
 * approved template and its parameters in each of two tabs, each with its confirmation message, and
 * watches its report page follow the sending live until every contact got one template (both
 * variants used across the contacts, the variables filled; meta-sim's phone shows one message per
 * contact). A contact of each variant then answers and gets the confirmation message of its own
 * variant, and the report counts them. The contact list comes from an imported spreadsheet (the
 * import's own screens are contact-lists.spec.ts's).
 */

const PHONE_NUMBER_ID = "301234567890565";
const WABA_ID = `waba-${PHONE_NUMBER_ID}`;
const CONNECTION = "Cloud campanhas";
const LIST = "Clientes campanha e2e";
// Four contacts: the variant is the shipping row's id modulo the two filled slots, so both are used.
const CONTACTS = [
  { name: "Ana Campanha", number: "5511955550001" },
  { name: "Bruno Campanha", number: "5511955550002" },
  { name: "Carla Campanha", number: "5511955550003" },
  { name: "Davi Campanha", number: "5511955550004" },
];
/** The two variants: slot 1's and slot 2's template, what the phone shows of it, and its confirmation. */
const VARIANTS = [
  {
    tab: "Msg. 1",
    template: "promo_bf",
    body: "Olá {{1}}, seu cupom é {{2}}",
    shown: (name: string) => `Olá ${name}, seu cupom é BF10`,
    confirmation: "Obrigado {nome}, cupom ativado!",
    confirmed: (name: string) => `Obrigado ${name}, cupom ativado!`,
  },
  {
    tab: "Msg. 2",
    template: "frete_bf",
    body: "{{1}}, com o cupom {{2}} o frete é grátis",
    shown: (name: string) => `${name}, com o cupom BF10 o frete é grátis`,
    confirmation: "Combinado {nome}, frete grátis garantido!",
    confirmed: (name: string) => `Combinado ${name}, frete grátis garantido!`,
  },
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
      templates: VARIANTS.map((variant) => ({
        name: variant.template,
        language: "pt_BR",
        components: [{ type: "BODY", text: variant.body }],
      })),
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

test("campaign settings, a Cloud API campaign with two template variants and its live report", async ({
  page,
  request,
  newContext,
}) => {
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

  // A campaign on the Cloud API connection with two variants: an approved template instead of
  // free text in each of two tabs, each with its parameters and its confirmation message.
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
  await dialog.getByRole("switch", { name: "Confirmação" }).click();
  for (const [index, variant] of VARIANTS.entries()) {
    await dialog.getByRole("tab", { name: variant.tab }).click();
    await expect(dialog.getByRole("tab", { name: variant.tab })).toHaveAttribute("aria-selected", "true");
    await dialog.getByRole("combobox", { name: "Modelo de mensagem" }).click();
    await page.getByRole("option", { name: `${variant.template} (pt_BR)` }).click();
    await expect(dialog.getByText(variant.body)).toBeVisible();
    await dialog.getByRole("textbox", { name: "Parâmetro 1" }).fill("{nome}");
    await dialog.getByRole("textbox", { name: "Parâmetro 2" }).fill("{cupom}");
    await dialog
      .getByRole("textbox", { name: `Mensagem de confirmação ${index + 1}` })
      .fill(variant.confirmation);
  }
  // Back on the first tab, its template and values are kept.
  await dialog.getByRole("tab", { name: VARIANTS[0]!.tab }).click();
  await expect(dialog.getByText(VARIANTS[0]!.body)).toBeVisible();
  await expect(dialog.getByRole("textbox", { name: "Parâmetro 2" })).toHaveValue("{cupom}");
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
  expect(campaign.templates).toMatchObject(
    VARIANTS.map((variant) => ({ name: variant.template, variables: ["{nome}", "{cupom}"] })),
  );
  const scheduled = await request.put(`/campaigns/${id}`, {
    headers,
    data: {
      name: campaign.name,
      whatsappId: campaign.whatsappId,
      contactListId: listId,
      templates: campaign.templates,
      confirmation: campaign.confirmation,
      confirmationMessage1: campaign.confirmationMessage1,
      confirmationMessage2: campaign.confirmationMessage2,
      scheduledAt: new Date(Date.now() + 3000).toISOString(),
    },
  });
  expect(scheduled.ok(), await scheduled.text()).toBe(true);

  await expect(page.getByText("Finalizada")).toBeVisible({ timeout: 90_000 });
  await expect(page.getByText(`${CONTACTS.length} de ${CONTACTS.length} entregues`)).toBeVisible();
  await expect(page.getByRole("group", { name: "Entregues" })).toContainText(String(CONTACTS.length));
  await expect(page.getByRole("group", { name: "Concluída em" })).not.toContainText("Não concluída");

  // Each contact got exactly one message: one template, its variables filled; both variants used.
  const variantOf = new Map<string, (typeof VARIANTS)[number]>();
  for (const contact of CONTACTS) {
    const sends = await simSends(request, PHONE_NUMBER_ID, contact.number);
    expect(sends).toHaveLength(1);
    const body = sends[0]!.body as { type?: string; template?: { name: string } };
    expect(body.type).toBe("template");
    const variant = VARIANTS.find((v) => v.template === body.template?.name);
    expect(variant, JSON.stringify(body)).toBeDefined();
    expect(JSON.stringify(body)).toContain(contact.name);
    expect(JSON.stringify(body)).toContain("BF10");
    variantOf.set(contact.number, variant!);
  }
  expect(new Set([...variantOf.values()].map((v) => v.template))).toEqual(
    new Set(VARIANTS.map((v) => v.template)),
  );

  // meta-sim's phone shows each contact that one message, the template as the contact reads it.
  const phone = await (await newContext()).newPage();
  const received = phone.locator("#messages .bubble.out");
  const openPhone = async (contact: (typeof CONTACTS)[number]) => {
    await phone.goto(
      `${META_SIM_URL}/?${new URLSearchParams({ account: PHONE_NUMBER_ID, contact: contact.number, name: contact.name })}`,
    );
    await expect(received.first()).toBeVisible();
  };
  for (const contact of CONTACTS) {
    await openPhone(contact);
    await expect(received).toHaveCount(1);
    await expect(received.first()).toContainText(variantOf.get(contact.number)!.shown(contact.name));
  }

  // A contact of each variant answers on the phone: each gets its own variant's confirmation (free
  // text, inside the window the answer opened), once, and the report counts them live.
  for (const variant of VARIANTS) {
    const contact = CONTACTS.find((c) => variantOf.get(c.number) === variant)!;
    await openPhone(contact);
    await phone.getByPlaceholder("Message").fill("Quero!");
    await phone.getByRole("button", { name: "Send" }).click();
    await expect(phone.locator("#messages .bubble.in").last()).toContainText("Quero!");
    await expect(received).toHaveCount(2, { timeout: 30_000 });
    await expect(received.last()).toContainText(variant.confirmed(contact.name));
    await expect
      .poll(async () => simTexts(request, PHONE_NUMBER_ID, contact.number), { timeout: 30_000 })
      .toEqual([variant.confirmed(contact.name)]);
  }
  await phone.context().close();
  await expect(page.getByRole("group", { name: "Confirmados" })).toContainText(String(VARIANTS.length));
  await expect(page.getByRole("group", { name: "Confirmações solicitadas" })).toContainText(
    String(CONTACTS.length),
  );
});
