import type { Locator, Page } from "@playwright/test";
import { adminApi, sessionToken, signIn, simTexts } from "../fixtures/app";
import { expect, type NewContext, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, META_SIM_URL } from "../playwright.config";

/**
 * Issue 9's first customer served by the bot: an admin creates the queue
 * 'Vendas' in the queue modal with a two-level chatbot (Planos > Básico,
 * Completo), gives it an attendant, adds an attendant option for her, and
 * links 'Vendas' and 'Suporte' to a Cloud API connection in the connection
 * dialog with a greeting. A contact writing on meta-sim's phone page gets
 * the greeting with the numbered queue menu, chooses Vendas, then Planos,
 * then Básico; the ticket waits in Vendas, where its attendant (signed in in
 * another browser) sees it arrive and accepts it. A second contact chooses
 * Vendas by name, then the attendant option: the ticket goes straight to her.
 */

// A phone number id no other spec uses: the server finds the connection of an inbound message by it.
const PHONE_NUMBER_ID = "301234567890999";
const ACCESS_TOKEN = "EAAG-e2e-queue-bot-token-7777";
const APP_SECRET = "e2e-queue-bot-app-secret";
const CONNECTION = "Cloud filas";
// Numbers no other spec uses: a known contact keeps the name it was first stored with.
const DIEGO = { number: "5511944441111", name: "Diego Cliente" };
const ELISA = { number: "5511944442222", name: "Elisa Cliente" };
const VERA = { name: "Vera Vendas", email: "vera.vendas@e2e.test", password: "e2e-vera-password" };

const CONNECTION_GREETING = "Olá! Bem-vindo à Loja Exemplo.";
const QUEUE_MENU = `${CONNECTION_GREETING}\n\n*[ 1 ]* - Suporte\n*[ 2 ]* - Vendas`;
const VENDAS_GREETING = "Bem-vindo a Vendas! Escolha uma opção:";
const VENDAS_MENU = `${VENDAS_GREETING}\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Falar com a Vera\n*[ # ]* - Voltar`;
const PLANOS_MESSAGE = "Conheça nossos planos:";
const PLANOS_MENU = `${PLANOS_MESSAGE}\n\n*[ 1 ]* - Básico\n*[ 2 ]* - Completo\n*[ # ]* - Voltar`;
const BASICO = "O plano Básico custa R$ 49 por mês. Um atendente de Vendas já vai falar com você.";
const TO_VERA = "Um momento: a Vera vai falar com você.";

const subtab = (page: Page, name: "Atendendo" | "Aguardando") =>
  page.getByRole("tab", { name: new RegExp(`^${name}`) });
const ticketList = (page: Page) => page.getByRole("list", { name: "Lista de atendimentos" });
const conversation = (page: Page) => page.getByRole("list", { name: "Mensagens" });
/** Who a bubble of the conversation names as its sender (a user's name, or Bot). */
const senderOf = (page: Page, text: string) =>
  conversation(page).getByRole("listitem").filter({ hasText: text }).locator("[data-sender]");

/** meta-sim's phone page, chatting as `contact` with the connection's number. */
async function phoneOf(newContext: NewContext, contact: { number: string; name: string }): Promise<Page> {
  const phone = await (await newContext()).newPage();
  await phone.goto(
    `${META_SIM_URL}/?${new URLSearchParams({ account: PHONE_NUMBER_ID, contact: contact.number, name: contact.name })}`,
  );
  return phone;
}

/** What the company said to the contact (our side of the phone page's chat). */
const received = (phone: Page) => phone.locator("#messages .bubble.out");

/** The contact types and sends; the phone shows it. */
async function say(phone: Page, text: string) {
  await phone.getByPlaceholder("Message").fill(text);
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(phone.locator("#messages .bubble.in").last()).toContainText(text);
}

/** Picks `option` in the MUI select `select` (its listbox opens on a click). */
async function choose(page: Page, select: Locator, option: string) {
  await select.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("a queue with a two-level chatbot made in the UI routes a contact's ticket to its attendant, who accepts it", async ({
  newContext,
  page,
  request,
  baseURL,
}) => {
  // Two contacts walk the menus over meta-sim and three browsers are open: a loaded 2-core machine needs time.
  test.setTimeout(240_000);
  if (!baseURL) throw new Error("baseURL is required");

  // The admin creates 'Vendas' with its chatbot in the queue modal.
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: /Filas & Chatbot/ })
    .click();
  await expect(page).toHaveURL(/\/queues$/);
  const table = page.getByRole("table", { name: "Filas & Chatbot" });
  await expect(table.getByRole("cell", { name: "Suporte", exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Adicionar fila" }).click();
  const modal = page.getByRole("dialog", { name: "Adicionar fila" });
  await modal.getByRole("textbox", { name: "Nome", exact: true }).fill("Vendas");
  await modal.getByRole("button", { name: "Usar a cor #5300EB" }).click();
  await expect(modal.getByRole("textbox", { name: "Cor", exact: true })).toHaveValue("#5300EB");
  await modal.getByRole("textbox", { name: "Mensagem de saudação" }).fill(VENDAS_GREETING);
  await modal.getByRole("spinbutton", { name: "Ordenação da fila (bot)" }).fill("3");

  // First level: 'Planos', whose bot message heads the second level.
  await modal.getByRole("button", { name: "Adicionar opção" }).click();
  const planos = modal.getByRole("group", { name: "Opção 1", exact: true });
  await planos.getByRole("textbox", { name: "Nome da opção" }).fill("Planos");
  await planos.getByRole("textbox", { name: "Mensagem do bot" }).fill(PLANOS_MESSAGE);
  for (const [label, name, message] of [
    ["1.1", "Básico", BASICO],
    ["1.2", "Completo", "O plano Completo custa R$ 99 por mês."],
  ] as const) {
    await modal.getByRole("button", { name: "Adicionar sub-opção a 1", exact: true }).click();
    const child = modal.getByRole("group", { name: `Opção ${label}`, exact: true });
    await child.getByRole("textbox", { name: "Nome da opção" }).fill(name);
    await child.getByRole("textbox", { name: "Mensagem do bot" }).fill(message);
  }
  await page.screenshot({ path: "test-results/queue-modal-chatbot.png", fullPage: true });
  await modal.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(page.getByText("Operação realizada com sucesso!")).toBeVisible();
  await expect(modal).toBeHidden();
  const vendasRow = table.getByRole("row").filter({ hasText: "Vendas" });
  await expect(vendasRow).toContainText(VENDAS_GREETING);
  await expect(vendasRow.getByRole("img", { name: "Cor #5300EB" })).toBeVisible();

  // Through the admin's own session (a new login would end it): Vera attends Vendas, and the
  // Cloud API connection exists in meta-sim.
  const admin = await adminApi(request, await sessionToken(page));
  const vendas = await admin.queue("Vendas");
  await admin.createUser({ ...VERA, profile: "user", queueIds: [vendas.id] });
  await admin.cloudConnection(baseURL, {
    name: CONNECTION,
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
  });

  // The admin adds an attendant option for Vera (a reload lists the user made meanwhile).
  await page.reload();
  await page.getByRole("button", { name: "Editar Vendas" }).click();
  const edit = page.getByRole("dialog", { name: "Editar fila" });
  await expect(edit.getByRole("group", { name: "Opção 1.2", exact: true })).toBeVisible();
  await edit.getByRole("button", { name: "Adicionar opção" }).click();
  const toVera = edit.getByRole("group", { name: "Opção 2", exact: true });
  await toVera.getByRole("textbox", { name: "Nome da opção" }).fill("Falar com a Vera");
  await toVera.getByRole("textbox", { name: "Mensagem do bot" }).fill(TO_VERA);
  await choose(page, toVera.getByRole("combobox", { name: /^Tipo/ }), "Atendente");
  await choose(page, toVera.getByRole("combobox", { name: /^Atendente/ }), VERA.name);
  await page.screenshot({ path: "test-results/queue-modal-attendant-option.png", fullPage: true });
  await edit.getByRole("button", { name: "Salvar" }).click();
  await expect(edit).toBeHidden();
  // The tree the server keeps: Planos with its two options, then the attendant option.
  const detail = await request.get(`/queue/${vendas.id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(detail.ok(), await detail.text()).toBe(true);
  const { chatbots } = (await detail.json()) as {
    chatbots: { name: string; queueType: string; optUserId: number | null; options: { name: string }[] }[];
  };
  expect(
    chatbots.map((option) => [option.name, option.queueType, option.options.map((o) => o.name)]),
  ).toEqual([
    ["Planos", "text", ["Básico", "Completo"]],
    ["Falar com a Vera", "attendent", []],
  ]);

  // The connection dialog: Vendas and Suporte, and the greeting that heads the queue menu.
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: /Conexões/ })
    .click();
  await page.getByRole("button", { name: `Editar ${CONNECTION}` }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Editar conexão" })).toBeVisible();
  await expect(dialog.getByText("Sem filas, os atendimentos desta conexão chegam apenas")).toBeVisible();
  const queues = dialog.getByRole("combobox", { name: /^Filas/ });
  await queues.click();
  await page.getByRole("option", { name: "Suporte", exact: true }).click();
  await page.getByRole("option", { name: "Vendas", exact: true }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(queues).toContainText("Suporte");
  await expect(queues).toContainText("Vendas");
  await expect(dialog.getByText("Sem filas, os atendimentos desta conexão chegam apenas")).toBeHidden();
  await page.screenshot({ path: "test-results/connection-dialog-queues.png" });
  await dialog.getByRole("tab", { name: "Mensagens" }).click();
  await dialog.getByRole("textbox", { name: "Mensagem de saudação" }).fill(CONNECTION_GREETING);
  await page.screenshot({ path: "test-results/connection-dialog-messages.png" });
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Conexão salva com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Vera waits in her own browser: nothing for her yet.
  const vera = await (await newContext({ baseURL })).newPage();
  await signIn(vera, VERA.email, VERA.password);
  await subtab(vera, "Aguardando").click();
  await expect(subtab(vera, "Aguardando")).toHaveAccessibleName("Aguardando: 0");

  // Diego writes: the connection's greeting and the numbered queue menu reach his phone.
  const diego = await phoneOf(newContext, DIEGO);
  await say(diego, "Oi, quero contratar um plano");
  await expect(received(diego)).toHaveCount(1);
  await expect(received(diego).last()).toContainText(QUEUE_MENU);
  // Vendas: its greeting and its first level.
  await say(diego, "2");
  await expect(received(diego)).toHaveCount(2);
  await expect(received(diego).last()).toContainText(VENDAS_MENU);
  // Planos: its message heads the second level.
  await say(diego, "1");
  await expect(received(diego)).toHaveCount(3);
  await expect(received(diego).last()).toContainText(PLANOS_MENU);
  // Básico answers; the ticket waits in Vendas for an attendant.
  await say(diego, "1");
  await expect(received(diego)).toHaveCount(4);
  await expect(received(diego).last()).toContainText(BASICO);
  await diego.screenshot({ path: "test-results/phone-menus.png" });
  // Exactly these texts went out through the Graph API.
  await expect
    .poll(() => simTexts(request, PHONE_NUMBER_ID, DIEGO.number))
    .toEqual([QUEUE_MENU, VENDAS_MENU, PLANOS_MENU, BASICO]);

  // Live in Vera's waiting list, in Vendas.
  await vera.bringToFront();
  await expect(subtab(vera, "Aguardando")).toHaveAccessibleName("Aguardando: 1");
  const diegoItem = ticketList(vera).getByRole("button").filter({ hasText: DIEGO.name });
  await expect(diegoItem).toContainText("Vendas");
  await diegoItem.click();
  await expect(vera.getByRole("heading", { name: new RegExp(DIEGO.name) })).toBeVisible();
  // The whole conversation, the bot's side included.
  for (const text of ["Oi, quero contratar um plano", BASICO]) {
    await expect(conversation(vera).getByText(text)).toBeVisible();
  }
  await expect(conversation(vera).getByText(CONNECTION_GREETING)).toBeVisible();
  await expect(senderOf(vera, BASICO)).toHaveText("Bot");
  await vera.screenshot({ path: "test-results/attendant-pending-from-bot.png" });

  // Vera accepts: the ticket has its queue, so no queue is asked; the contact is greeted by her.
  await vera.getByRole("button", { name: "Aceitar", exact: true }).click();
  await expect(subtab(vera, "Atendendo")).toHaveAttribute("aria-selected", "true");
  await expect(subtab(vera, "Atendendo")).toHaveAccessibleName("Atendendo: 1");
  await expect(vera.getByText(`Atribuído a ${VERA.name}`)).toBeVisible();
  await expect(received(diego)).toHaveCount(5);
  await expect(received(diego).last()).toContainText("meu nome é Vera Vendas");
  await expect(senderOf(vera, "meu nome é Vera Vendas")).toHaveText(VERA.name);
  await vera.screenshot({ path: "test-results/attendant-accepted.png" });

  // Elisa chooses Vendas by its name, then the attendant option: the ticket is Vera's at once.
  const elisa = await phoneOf(newContext, ELISA);
  await say(elisa, "Boa tarde");
  await expect(received(elisa)).toHaveCount(1);
  await expect(received(elisa).last()).toContainText(QUEUE_MENU);
  await say(elisa, "Vendas");
  await expect(received(elisa)).toHaveCount(2);
  await expect(received(elisa).last()).toContainText(VENDAS_MENU);
  await say(elisa, "2");
  await expect(received(elisa)).toHaveCount(3);
  await expect(received(elisa).last()).toContainText(TO_VERA);
  await vera.bringToFront();
  await expect(subtab(vera, "Atendendo")).toHaveAccessibleName("Atendendo: 2");
  await expect(ticketList(vera).getByRole("button").filter({ hasText: ELISA.name })).toContainText("Vendas");
  await expect(subtab(vera, "Aguardando")).toHaveAccessibleName("Aguardando: 0");
  await vera.screenshot({ path: "test-results/attendant-given-by-bot.png" });
});
