import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, META_SIM_URL } from "../playwright.config";

/**
 * A contact writes over the WhatsApp Cloud API from meta-sim's phone page
 * (meta-sim plays Meta): the new pending ticket and its messages appear in
 * the tickets screen live, without a reload.
 */

const PHONE_NUMBER_ID = "301234567890123";
const ACCESS_TOKEN = "EAAG-e2e-live-token-9876";
const APP_SECRET = "e2e-live-app-secret";
const CONTACT = "5511987654321";
const CHATTY_CONTACT = "5511912345678";

// The second test reads the connection the first one made.
test.describe.configure({ mode: "serial" });

async function signIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(ADMIN_EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/tickets$/);
}

/** Adds the connection through the connections screen; answers its webhook URL and verify token. */
async function addCloudConnection(page: Page) {
  await page.goto("/connections");
  await page.getByRole("button", { name: "Adicionar" }).click();
  await page.getByRole("menuitem", { name: "WhatsApp Cloud API" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Nome").fill("Cloud ao vivo");
  await dialog.getByLabel("ID do número de telefone").fill(PHONE_NUMBER_ID);
  await dialog.getByLabel("Token de acesso", { exact: true }).fill(ACCESS_TOKEN);
  await dialog.getByLabel("App Secret", { exact: true }).fill(APP_SECRET);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  const webhook = dialog.getByRole("textbox", { name: "URL do webhook" });
  await expect(webhook).toHaveValue(/\/webhooks\/meta\/[\w-]+$/);
  const webhookUrl = await webhook.inputValue();
  const verifyToken = await dialog.getByLabel("Token de verificação do webhook").inputValue();
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  return { webhookPath: new URL(webhookUrl).pathname, verifyToken };
}

test("a contact's message over meta-sim opens a pending ticket that appears live, then the conversation follows", async ({
  page,
  request,
  baseURL,
}) => {
  await signIn(page);
  const { webhookPath, verifyToken } = await addCloudConnection(page);

  // Meta learns the connection: the sim posts its webhooks to the app and passes the handshake.
  const account = await request.post(`${META_SIM_URL}/_sim/accounts`, {
    data: {
      channel: "whatsappapi",
      accountId: PHONE_NUMBER_ID,
      accessToken: ACCESS_TOKEN,
      appSecret: APP_SECRET,
      webhookUrl: new URL(webhookPath, baseURL).toString(),
      verifyToken,
    },
  });
  expect(account.ok()).toBe(true);
  const handshake = await request.post(`${META_SIM_URL}/_sim/verify`, {
    data: { accountId: PHONE_NUMBER_ID },
  });
  expect(await handshake.json()).toMatchObject({ ok: true });

  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: /^Atendimentos/ })
    .click();
  await expect(page).toHaveURL(/\/tickets$/);
  const waiting = page.getByRole("tab", { name: /^Aguardando/ });
  await expect(waiting).toHaveAccessibleName("Aguardando: 0");
  await waiting.click();
  await expect(page.getByText("Nenhum atendimento encontrado com esse status.")).toBeVisible();

  // The contact writes on meta-sim's phone page, in a tab of its own.
  const phone = await page.context().newPage();
  await phone.goto(
    `${META_SIM_URL}/?${new URLSearchParams({ account: PHONE_NUMBER_ID, contact: CONTACT, name: "Cliente Ao Vivo" })}`,
  );
  const composer = phone.getByPlaceholder("Message");
  await composer.fill("Olá, preciso de ajuda");
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(phone.locator("#messages")).toContainText("Olá, preciso de ajuda");

  // No reload: the socket brings the new pending ticket into the waiting list.
  await expect(waiting).toHaveAccessibleName("Aguardando: 1");
  const list = page.getByRole("list", { name: "Lista de atendimentos" });
  const item = list.getByRole("button").filter({ hasText: "Cliente Ao Vivo" });
  await expect(item).toContainText("Olá, preciso de ajuda");
  await expect(item.getByLabel("1 mensagem não lida")).toBeVisible();
  await page.screenshot({ path: ".tmp/results/tickets-live-pending.png" });

  await item.click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: /Cliente Ao Vivo/ })).toBeVisible();
  const conversation = page.getByRole("list", { name: "Mensagens" });
  await expect(conversation.getByText("Olá, preciso de ajuda")).toBeVisible();
  // Opening the conversation read it.
  await expect(item.getByLabel("1 mensagem não lida")).toBeHidden();

  await composer.fill("Ainda está aí?");
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(conversation.getByText("Ainda está aí?")).toBeVisible();
  await expect(item).toContainText("Ainda está aí?");
  // Read while open: no unread badge for what the attendant is looking at.
  await expect(item.getByLabel(/mensagens? não lidas?/)).toBeHidden();
  await page.screenshot({ path: ".tmp/results/tickets-live-conversation.png" });
});

test("a long conversation opens at the newest message and loads older pages near the top", async ({
  page,
  request,
}) => {
  const start = Date.now() - 3_600_000;
  const events = Array.from({ length: 45 }, (_, i) => ({
    type: "text",
    from: CHATTY_CONTACT,
    name: "Cliente Falante",
    body: `Mensagem ${String(i + 1).padStart(2, "0")}`,
    timestamp: start + i * 1000,
  }));
  const batch = await request.post(`${META_SIM_URL}/_sim/batch`, {
    data: { accountId: PHONE_NUMBER_ID, events },
  });
  expect((await batch.json()).status).toBe(200);

  await signIn(page);
  await page.getByRole("tab", { name: /^Aguardando/ }).click();
  await page
    .getByRole("list", { name: "Lista de atendimentos" })
    .getByRole("button")
    .filter({ hasText: "Cliente Falante" })
    .click();
  const conversation = page.getByRole("list", { name: "Mensagens" });
  await expect(conversation.getByText("Mensagem 45")).toBeInViewport();
  // 40 per page: the five oldest are not loaded yet.
  await expect(conversation.getByRole("listitem")).toHaveCount(40);
  await expect(conversation.getByText("Mensagem 05")).toHaveCount(0);

  // The reader scrolls to the top of what is loaded (Mensagem 06).
  await conversation.evaluate((list) => {
    const scroller = list.parentElement;
    if (scroller) scroller.scrollTop = 0;
  });
  await expect(conversation.getByRole("listitem")).toHaveCount(45);
  await expect(conversation.getByText("Mensagem 01")).toBeAttached();
  // The page above came in without throwing the reader to its top: the same message stays in view.
  await expect(conversation.getByText("Mensagem 06")).toBeInViewport();
  await expect(conversation.getByText("Mensagem 01")).not.toBeInViewport();
});
