import type { Page } from "@playwright/test";
import { adminApi, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, META_SIM_URL } from "../playwright.config";

/**
 * The tickets screen on a phone (spec 1 section 2, narrow screens): one
 * panel at a time under two tabs, 'Conversa' (the ticket) and
 * 'Atendimentos' (the list, the spec's name), the list first; a ticket opens in place of the
 * list with a back button that returns to it; the side drawer is temporary,
 * over the content, and closes again.
 */

const PHONE_NUMBER_ID = "301234567890777";
const CONTACT = "5511955554444";
const CONTACT_NAME = "Davi Celular";
const USER = { name: "Célia Celular", email: "celia.narrow@e2e.test", password: "e2e-narrow-password" };

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async ({ request, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is required");
  const admin = await adminApi(request);
  const support = await admin.queue("Suporte");
  await admin.createUser({ ...USER, profile: "user", queueIds: [support.id], allTicket: "enable" });
  await admin.cloudConnection(baseURL, {
    name: "Cloud celular",
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: "EAAG-e2e-narrow-token-7777",
    appSecret: "e2e-narrow-app-secret",
  });
  const inbound = await request.post(`${META_SIM_URL}/_sim/inbound`, {
    data: {
      accountId: PHONE_NUMBER_ID,
      type: "text",
      from: CONTACT,
      name: CONTACT_NAME,
      body: "Consigo falar pelo celular?",
    },
  });
  expect((await inbound.json()).status).toBe(200);
});

// Later files expect an empty waiting tab: the ticket is closed once this file is done.
test.afterAll(async ({ request }) => {
  const admin = await adminApi(request);
  const res = await request.get("/tickets?status=pending&showAll=true", {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { tickets } = (await res.json()) as { tickets: { id: number; contact?: { name: string } }[] };
  for (const ticket of tickets.filter((t) => t.contact?.name === CONTACT_NAME))
    await admin.updateTicket(ticket.id, { status: "closed" });
});

/** Nothing wider than the screen: no sideways scrolling. */
async function expectNoHorizontalScroll(page: Page) {
  await expect
    .poll(() => page.locator("html").evaluate((html) => html.scrollWidth - html.clientWidth))
    .toBeLessThanOrEqual(0);
}

test("on a phone the list comes first, a ticket opens in its place with a back button, and the menu is temporary", async ({
  page,
}) => {
  await signIn(page, USER.email, USER.password);
  const panel = page.getByRole("region", { name: "Atendimentos" });
  const list = panel.getByRole("list", { name: "Lista de atendimentos" });
  const nav = page.getByRole("navigation", { name: "Navegação principal" });
  const conversation = page.getByRole("list", { name: "Mensagens" });
  const tabs = page.getByRole("tablist", { name: "Conversa ou lista" });
  const ticketTab = tabs.getByRole("tab", { name: "Conversa", exact: true });
  const listTab = tabs.getByRole("tab", { name: "Atendimentos", exact: true });

  // The list fills the screen; the menu is closed and the welcome panel is not beside the list.
  await expect(panel).toBeVisible();
  expect((await panel.boundingBox())?.width).toBeGreaterThan(350);
  await expect(nav).toBeHidden();
  await expect(page.getByText("Selecione um atendimento na lista para começar a conversar.")).toBeHidden();
  await expect(listTab).toHaveAttribute("aria-selected", "true");
  await expectNoHorizontalScroll(page);

  // The ticket tab without a ticket: the welcome, and a way back to the list.
  await ticketTab.click();
  await expect(panel).toBeHidden();
  await expect(page.getByText("Selecione um atendimento na lista para começar a conversar.")).toBeVisible();
  await page.getByRole("button", { name: "Escolher um atendimento" }).click();
  await expect(panel).toBeVisible();
  await expect(listTab).toHaveAttribute("aria-selected", "true");

  // The side drawer opens over the content (the list does not move) and closes with Escape.
  // (A handle: under the open modal drawer the content is hidden from the accessibility tree.)
  const panelHandle = await panel.elementHandle();
  const listBox = await panel.boundingBox();
  await page.getByRole("button", { name: "Abrir menu" }).click();
  await expect(nav).toBeVisible();
  await expect(nav.getByRole("link", { name: /^Atendimentos/ })).toBeInViewport();
  expect(await panelHandle?.boundingBox()).toEqual(listBox);
  const navBox = await nav.boundingBox();
  expect(
    navBox && listBox && navBox.x < listBox.x + listBox.width && navBox.x + navBox.width > listBox.x,
  ).toBe(true);
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  // Following a link closes it too.
  await page.getByRole("button", { name: "Abrir menu" }).click();
  await nav.getByRole("link", { name: /^Atendimentos/ }).click();
  await expect(nav).toBeHidden();
  await expect(page).toHaveURL(/\/tickets$/);

  // Opening a ticket shows the conversation in place of the list.
  await page.getByRole("tab", { name: /^Aguardando/ }).click();
  await list.getByRole("button").filter({ hasText: CONTACT_NAME }).click();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name: new RegExp(CONTACT_NAME) })).toBeVisible();
  await expect(conversation.getByText("Consigo falar pelo celular?")).toBeVisible();
  await expect(panel).toBeHidden();
  await expect(ticketTab).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Aceitar", exact: true })).toBeInViewport();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: ".tmp/results/narrow-screen-conversation.png" });

  // The tabs switch between the list and the open ticket, which stays open.
  await listTab.click();
  await expect(list.getByRole("button").filter({ hasText: CONTACT_NAME })).toBeVisible();
  await expect(conversation).toBeHidden();
  await expect(page).toHaveURL(/\/tickets\/[0-9a-f-]{36}$/);
  await ticketTab.click();
  await expect(conversation.getByText("Consigo falar pelo celular?")).toBeVisible();
  await expect(panel).toBeHidden();

  // Back returns to the list.
  await page.getByRole("button", { name: "Voltar aos atendimentos" }).click();
  await expect(page).toHaveURL(/\/tickets$/);
  await expect(list).toBeVisible();
  await expect(conversation).toBeHidden();
  await expect(listTab).toHaveAttribute("aria-selected", "true");
  await expect(list.getByRole("button").filter({ hasText: CONTACT_NAME })).toBeVisible();
  await page.screenshot({ path: ".tmp/results/narrow-screen-list.png" });
});

test("on a phone the top bar keeps the bell and folds the other actions into one menu", async ({
  page,
  request,
}) => {
  await signIn(page, USER.email, USER.password);
  const bar = page.getByRole("banner");
  const bell = bar.getByRole("button", { name: /^Notificações/ });
  const more = bar.getByRole("button", { name: /^Mais ações/ });
  // The bell (and its badge's corner) and the overflow button lie whole on the screen.
  for (const button of [bell, more]) {
    await expect(button).toBeInViewport({ ratio: 1 });
    const box = await button.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  // A new message (the first test read the ticket) puts a count on the bell, drawn whole: nothing
  // covers or clips the badge's middle, and it lies inside the screen.
  const inbound = await request.post(`${META_SIM_URL}/_sim/inbound`, {
    data: { accountId: PHONE_NUMBER_ID, type: "text", from: CONTACT, name: CONTACT_NAME, body: "Alguém aí?" },
  });
  expect((await inbound.json()).status).toBe(200);
  const badge = bell.locator(".MuiBadge-badge");
  await expect(badge).toHaveText("1", { timeout: 15_000 });
  // Polled: the badge grows in from scale(0) (MUI's transition), and on a busy machine its first
  // frames have no size, so the point in its middle is the bell's.
  await expect
    .poll(() =>
      badge.evaluate((element) => {
        const { left, top, width, height } = element.getBoundingClientRect();
        const there = document.elementFromPoint(left + width / 2, top + height / 2);
        const inside = left >= 0 && top >= 0 && left + width <= 390;
        return width > 0 && inside && there !== null && element.contains(there);
      }),
    )
    .toBe(true);
  for (const name of [/^Informativos/, /^Chat interno/, "Volume das notificações", "Menu da conta"])
    await expect(bar.getByRole("button", { name })).toHaveCount(0);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: ".tmp/results/narrow-screen-top-bar.png" });

  await bar.getByRole("button", { name: /^Mais ações/ }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText([
    /Informativos/,
    /Chat interno/,
    "Volume das notificações",
    "Atualizar a página",
    "Menu da conta",
  ]);
  await page.screenshot({ path: ".tmp/results/narrow-screen-more-menu.png" });
  await menu.getByRole("menuitem", { name: "Volume das notificações" }).click();
  const volume = page.getByRole("dialog", { name: "Volume das notificações" });
  await expect(volume).toBeInViewport({ ratio: 1 });
  await page.keyboard.press("Escape");
  await expect(volume).toBeHidden();
  await bar.getByRole("button", { name: /^Mais ações/ }).click();
  await page.getByRole("menu").getByRole("menuitem", { name: "Menu da conta" }).click();
  await expect(page.getByRole("menuitem", { name: "Sair" })).toBeInViewport();
  await page.keyboard.press("Escape");
});

test("on a phone the list pages show cards whose actions stay on screen", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const pages = [
    { path: "/users", label: "Usuários", action: `Editar ${USER.name}`, card: USER.name },
    { path: "/contacts", label: "Contatos", action: `Editar ${CONTACT_NAME}`, card: CONTACT_NAME },
    { path: "/connections", label: "Conexões", action: "Editar Cloud celular", card: "Cloud celular" },
    { path: "/queues", label: "Filas & Chatbot", action: "Editar Suporte", card: "Suporte" },
  ];
  for (const { path, label, action, card } of pages) {
    await page.goto(path);
    const list = page.getByRole("list", { name: label });
    const item = list.getByRole("listitem").filter({ hasText: card }).first();
    await expect(item).toBeVisible();
    await expect(page.getByRole("table", { name: label })).toHaveCount(0);
    await item.scrollIntoViewIfNeeded();
    await expect(item.getByRole("button", { name: action })).toBeInViewport();
    await expectNoHorizontalScroll(page);
    await page.screenshot({ path: `.tmp/results/narrow-screen${path.replace("/", "-")}.png` });
  }
  // The admin's own card has no delete button.
  await page.goto("/users");
  const own = page
    .getByRole("list", { name: "Usuários" })
    .getByRole("listitem")
    .filter({ hasText: ADMIN_EMAIL });
  await expect(own.getByRole("button", { name: /^Editar/ })).toBeVisible();
  await expect(own.getByRole("button", { name: /^Excluir/ })).toHaveCount(0);
});

test("on a short phone screen the user and contact dialogs keep Save in view while their fields scroll", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 600 });
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const { path, label, card } of [
    { path: "/users", label: "Usuários", card: USER.name },
    { path: "/contacts", label: "Contatos", card: CONTACT_NAME },
  ]) {
    await page.goto(path);
    const item = page.getByRole("list", { name: label }).getByRole("listitem").filter({ hasText: card });
    await item
      .first()
      .getByRole("button", { name: `Editar ${card}` })
      .click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("textbox", { name: "Nome", exact: true })).toBeVisible();
    // The fields are taller than the screen: only they scroll, the actions stay below them.
    const content = dialog.locator(".MuiDialogContent-root");
    await expect.poll(() => content.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeGreaterThan(0);
    await expect(dialog.getByRole("button", { name: "Salvar" })).toBeInViewport();
    await content.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(dialog.getByRole("button", { name: "Salvar" })).toBeInViewport();
    await page.screenshot({ path: `.tmp/results/narrow-screen-dialog${path.replace("/", "-")}.png` });
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await expect(dialog).toHaveCount(0);
  }
});
