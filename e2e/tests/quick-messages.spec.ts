import { adminApi, signIn, simTexts } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { META_SIM_URL } from "../playwright.config";

/**
 * Quick messages (spec 3 section 2, spec 1 section 7): an attendant writes one
 * on /quick-messages, then in a conversation types '/' and its shortcode,
 * picks it from the list and sends it; the contact receives its text through
 * meta-sim. A '/' text no quick message matches says so.
 */

const PHONE_NUMBER_ID = "301234567890888";
const CONTACT = "5511944443333";
const CONTACT_NAME = "Quitéria Cliente";
const USER = { name: "Quésia Atendente", email: "quesia.quick@e2e.test", password: "e2e-quick-password" };
const ANSWER = "Seu pedido chega amanhã até as 18h.";

test.beforeAll(async ({ request, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is required");
  const admin = await adminApi(request);
  const support = await admin.queue("Suporte");
  await admin.createUser({ ...USER, profile: "user", queueIds: [support.id], allTicket: "enable" });
  await admin.cloudConnection(baseURL, {
    name: "Cloud respostas",
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: "EAAG-e2e-quick-token-8888",
    appSecret: "e2e-quick-app-secret",
  });
  const inbound = await request.post(`${META_SIM_URL}/_sim/inbound`, {
    data: {
      accountId: PHONE_NUMBER_ID,
      type: "text",
      from: CONTACT,
      name: CONTACT_NAME,
      body: "Quando chega?",
    },
  });
  expect((await inbound.json()).status).toBe(200);
});

// Later files expect an empty waiting tab and no open ticket of ours: the ticket is closed once this file is done.
test.afterAll(async ({ request }) => {
  const admin = await adminApi(request);
  for (const status of ["pending", "open"]) {
    const res = await request.get(`/tickets?status=${status}&showAll=true`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { tickets } = (await res.json()) as { tickets: { id: number; contact?: { name: string } }[] };
    for (const ticket of tickets.filter((t) => t.contact?.name === CONTACT_NAME))
      await admin.updateTicket(ticket.id, { status: "closed" });
  }
});

test("an attendant writes a quick message and sends it in a conversation through the '/' list", async ({
  page,
  request,
}) => {
  test.slow();
  await signIn(page, USER.email, USER.password);

  // The quick messages page, from the menu.
  await page.getByRole("link", { name: "Respostas Rápidas", exact: true }).click();
  await expect(page).toHaveURL(/\/quick-messages$/);
  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar Resposta Rápida" });
  await dialog.getByRole("textbox", { name: /^Atalho/ }).fill("entrega");
  await dialog.getByRole("textbox", { name: "Resposta" }).fill(ANSWER);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  const table = page.getByRole("table", { name: "Respostas Rápidas" });
  await expect(table.getByRole("row").filter({ hasText: "entrega" })).toContainText("Sem anexo");

  // The contact's waiting ticket, accepted into a queue.
  await page.getByRole("link", { name: /^Atendimentos/ }).click();
  await page.getByRole("tab", { name: /^Aguardando/ }).click();
  const item = page
    .getByRole("list", { name: "Lista de atendimentos" })
    .getByRole("button")
    .filter({ hasText: CONTACT_NAME });
  await item.click();
  await page.getByRole("button", { name: "Aceitar", exact: true }).click();
  const accept = page.getByRole("dialog", { name: "Aceitar atendimento" });
  await accept.getByRole("combobox", { name: "Fila" }).click();
  await page.getByRole("option", { name: "Suporte" }).click();
  await accept.getByRole("button", { name: "Aceitar" }).click();
  await expect(accept).toBeHidden();

  const input = page.getByRole("textbox", { name: "Mensagem" });
  await expect(input).toBeEnabled();
  const quickList = page.getByRole("listbox", { name: "Respostas rápidas" });

  // No match: the list says so.
  await input.fill("/nadaassim");
  await expect(quickList).toContainText("Nenhuma resposta rápida encontrada");

  // '/' and part of the shortcode: the list offers it; Enter picks it, Enter again sends it.
  await input.fill("/entr");
  await expect(quickList.getByRole("option", { name: /^entrega - / })).toBeVisible();
  await input.press("Enter");
  await expect(input).toHaveValue(ANSWER);
  await expect(quickList).toBeHidden();
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect.poll(() => simTexts(request, PHONE_NUMBER_ID, CONTACT)).toContain(ANSWER);
});
