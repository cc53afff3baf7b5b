import type { Page } from "@playwright/test";
import { adminApi, signIn, simSends, simTexts } from "../fixtures/app";
import { expect, type NewContext, test } from "../fixtures/test";
import { META_SIM_URL } from "../playwright.config";

/**
 * Issue 4's attendance journey on the real server, with meta-sim playing Meta:
 * a contact writes from the sim's phone page; an attendant sees the pending
 * ticket arrive live, accepts it (the greeting reaches the contact: the
 * company has sendGreetingAccepted on, fixtures/global-setup.ts), answers
 * with text and an image, watches the ticks turn to read when the contact
 * reads, adds a note and a tag in the contact drawer and transfers the ticket
 * to a second attendant, signed in in another browser, who sees it arrive
 * live and resolves it with the farewell (which reaches the contact too).
 */

const PHONE_NUMBER_ID = "301234567890555";
const ACCESS_TOKEN = "EAAG-e2e-journey-token-5555";
const APP_SECRET = "e2e-journey-app-secret";
const CONTACT = "5511976543210";
const CONTACT_NAME = "Carla Cliente";
const FAREWELL = "Obrigado pelo contato, Carla! Até logo.";
const PASSWORD = "e2e-attendant-password";
const ANA = { name: "Ana Atendente", email: "ana.journey@e2e.test" };
const BRUNO = { name: "Bruno Atendente", email: "bruno.journey@e2e.test" };

/** A 2x2 PNG, the picture the attendant sends. */
const PICTURE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP4z8DAwMDAxMDAwMDAAAANHQEDasKb6QAAAABJRU5ErkJggg==",
  "base64",
);

/** The attendant's browser: its own context, signed in, on /tickets. */
async function attendant(newContext: NewContext, baseURL: string, email: string): Promise<Page> {
  const context = await newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, email, PASSWORD);
  return page;
}

const subtab = (page: Page, name: "Atendendo" | "Aguardando") =>
  page.getByRole("tab", { name: new RegExp(`^${name}`) });
const ticketList = (page: Page) => page.getByRole("list", { name: "Lista de atendimentos" });
const conversation = (page: Page) => page.getByRole("list", { name: "Mensagens" });
/** One of our messages in the conversation, by its text. */
const bubble = (page: Page, text: string) =>
  conversation(page).getByRole("listitem").filter({ hasText: text });

test("a contact's ticket is accepted, answered with text and an image, noted, tagged, transferred and resolved", async ({
  newContext,
  request,
  baseURL,
}) => {
  test.slow();
  if (!baseURL) throw new Error("baseURL is required");

  // What the administrator set up before: the attendants, and the connection with its farewell.
  const admin = await adminApi(request);
  const support = await admin.queue("Suporte");
  await admin.createUser({
    ...ANA,
    password: PASSWORD,
    profile: "user",
    queueIds: [support.id],
    // Sees waiting tickets that have no queue yet.
    allTicket: "enable",
  });
  await admin.createUser({ ...BRUNO, password: PASSWORD, profile: "user", queueIds: [support.id] });
  await admin.cloudConnection(baseURL, {
    name: "Cloud jornada",
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
    complationMessage: FAREWELL,
  });
  // Meta reports our sends as sent and delivered; 'read' comes when the contact reads (below).
  const auto = await request.post(`${META_SIM_URL}/_sim/auto-statuses`, {
    data: { accountId: PHONE_NUMBER_ID, options: { sent: true, delivered: true } },
  });
  expect(auto.ok()).toBe(true);

  // Ana waits on the waiting tab; Bruno is signed in in another browser.
  const ana = await attendant(newContext, baseURL, ANA.email);
  const bruno = await attendant(newContext, baseURL, BRUNO.email);
  await ana.bringToFront();
  await subtab(ana, "Aguardando").click();
  await expect(subtab(ana, "Aguardando")).toHaveAccessibleName("Aguardando: 0");

  // The contact, on their phone (meta-sim's page, a browser of its own), does not send read receipts yet.
  const phone = await (await newContext()).newPage();
  await phone.goto(
    `${META_SIM_URL}/?${new URLSearchParams({ account: PHONE_NUMBER_ID, contact: CONTACT, name: CONTACT_NAME })}`,
  );
  await phone.getByLabel("send read receipts").uncheck();
  await phone.getByPlaceholder("Message").fill("Oi, meu pedido não chegou");
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(phone.locator("#messages")).toContainText("Oi, meu pedido não chegou");

  // Live, without a reload: the pending ticket arrives in Ana's waiting list.
  await expect(subtab(ana, "Aguardando")).toHaveAccessibleName("Aguardando: 1");
  const pendingItem = ticketList(ana).getByRole("button").filter({ hasText: CONTACT_NAME });
  await expect(pendingItem).toContainText("Oi, meu pedido não chegou");
  await pendingItem.click();
  await expect(ana.getByRole("heading", { name: new RegExp(CONTACT_NAME) })).toBeVisible();
  await expect(conversation(ana).getByText("Oi, meu pedido não chegou")).toBeVisible();
  await expect(ana.getByRole("textbox", { name: "Mensagem" })).toBeDisabled();

  // Accept: the ticket has no queue yet, so Ana picks one.
  await ana.getByRole("button", { name: "Aceitar", exact: true }).click();
  const accept = ana.getByRole("dialog", { name: "Aceitar atendimento" });
  await accept.getByRole("combobox", { name: "Fila" }).click();
  await ana.getByRole("option", { name: "Suporte" }).click();
  await accept.getByRole("button", { name: "Aceitar" }).click();
  await expect(accept).toBeHidden();
  await expect(subtab(ana, "Atendendo")).toHaveAttribute("aria-selected", "true");
  await expect(subtab(ana, "Atendendo")).toHaveAccessibleName("Atendendo: 1");
  await expect(ana.getByText(`Atribuído a ${ANA.name}`)).toBeVisible();

  // The greeting reached the contact, with Ana's name.
  const greeting = /meu nome é Ana Atendente/;
  await expect(bubble(ana, "meu nome é Ana Atendente")).toBeVisible();
  await expect(phone.locator("#messages")).toContainText(greeting);
  await expect
    .poll(() => simTexts(request, PHONE_NUMBER_ID, CONTACT))
    .toEqual([expect.stringMatching(greeting)]);

  // A text reply (Enter sends).
  const input = ana.getByRole("textbox", { name: "Mensagem" });
  await input.fill("Vou verificar o seu pedido agora mesmo.");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(phone.locator("#messages")).toContainText("Vou verificar o seu pedido agora mesmo.");

  // An image, chosen with the file chooser, previewed with a caption.
  const chooser = ana.waitForEvent("filechooser");
  await ana.getByRole("button", { name: "Anexar arquivos" }).click();
  await (await chooser).setFiles({ name: "pedido.png", mimeType: "image/png", buffer: PICTURE });
  const attachments = ana.getByRole("dialog", { name: "Enviar arquivos" });
  await expect(attachments.getByRole("img", { name: "pedido.png" })).toBeVisible();
  await attachments.getByLabel("Legenda de pedido.png").fill("Foto do pedido");
  await attachments.getByRole("button", { name: "Enviar" }).click();
  await expect(attachments).toBeHidden();
  await expect(bubble(ana, "Foto do pedido").getByRole("img", { name: "Foto do pedido" })).toBeVisible();
  // It reached Meta as an image (uploaded media, with the caption) and the contact's phone shows it.
  await expect
    .poll(async () =>
      (await simSends(request, PHONE_NUMBER_ID, CONTACT))
        .filter((send) => send.body.type === "image")
        .map((send) => send.body.image?.caption),
    )
    .toEqual(["Foto do pedido"]);
  await expect(phone.getByRole("img", { name: "image" })).toBeVisible();

  // Delivered, not read yet; then the contact reads (read receipts on) and the ticks turn to read.
  for (const text of ["Vou verificar o seu pedido agora mesmo.", "Foto do pedido"]) {
    await expect(bubble(ana, text).getByRole("img", { name: "Entregue" })).toBeVisible();
  }
  await phone.bringToFront();
  await phone.getByLabel("send read receipts").check();
  await ana.bringToFront();
  for (const text of [
    "meu nome é Ana Atendente",
    "Vou verificar o seu pedido agora mesmo.",
    "Foto do pedido",
  ]) {
    await expect(bubble(ana, text).getByRole("img", { name: "Lida" })).toBeVisible();
  }

  // The contact drawer: a note for the ticket and a new tag for the contact.
  await ana.getByRole("button", { name: "Dados do contato" }).click();
  const drawer = ana.getByRole("complementary", { name: "Dados do contato" });
  await expect(drawer.getByText(CONTACT_NAME)).toBeVisible();
  const notes = drawer.getByRole("region", { name: "Observações" });
  await notes
    .getByRole("textbox", { name: "Nova observação" })
    .fill("Pedido 4521 atrasado na transportadora.");
  await notes.getByRole("button", { name: "Adicionar" }).click();
  await expect(ana.getByText("Observação adicionada com sucesso!")).toBeVisible();
  await expect(notes.getByRole("list", { name: "Observações" })).toContainText(
    "Pedido 4521 atrasado na transportadora.",
  );
  const tags = drawer.getByRole("combobox", { name: "Tags" });
  await tags.fill("Entrega atrasada");
  await ana.getByRole("option", { name: 'Criar "Entrega atrasada"' }).click();
  await expect(drawer.getByRole("button", { name: "Entrega atrasada" })).toBeVisible();
  await drawer.getByRole("button", { name: "Fechar dados do contato" }).click();
  await expect(drawer).toBeHidden();

  // Bruno waits on his attending tab, with nothing in it.
  await expect(subtab(bruno, "Atendendo")).toHaveAccessibleName("Atendendo: 0");

  // Transfer to Bruno: the ticket's queue is chosen, its users are listed without typing.
  await ana.getByRole("button", { name: "Mais ações" }).click();
  await ana.getByRole("menuitem", { name: "Transferir" }).click();
  const transfer = ana.getByRole("dialog", { name: "Transferir atendimento" });
  await expect(transfer.getByRole("combobox", { name: "Fila" })).toHaveText("Suporte");
  const users = transfer.getByRole("listbox", { name: "Usuário (opcional)" });
  await users.getByRole("option", { name: BRUNO.name }).click();
  await expect(users.getByRole("option", { name: BRUNO.name })).toHaveAttribute("aria-selected", "true");
  await ana.screenshot({ path: ".tmp/results/attendance-journey-transfer.png" });
  await transfer.getByRole("button", { name: "Transferir" }).click();
  await expect(transfer).toBeHidden();
  await expect(ana.getByText("Atendimento transferido")).toBeVisible();
  await expect(ana).toHaveURL(/\/tickets$/);
  await expect(subtab(ana, "Atendendo")).toHaveAccessibleName("Atendendo: 0");

  // Live in Bruno's browser: the bell calls him, and the ticket arrives in his attending list.
  await bruno.bringToFront();
  await expect(bruno.getByRole("button", { name: /1 atendimento transferido para você/ })).toBeVisible();
  // A reload keeps the call: the server confirms the ticket is still his.
  await bruno.reload();
  await expect(bruno.getByRole("button", { name: /1 atendimento transferido para você/ })).toBeVisible();
  await expect(subtab(bruno, "Atendendo")).toHaveAccessibleName("Atendendo: 1");
  const brunoItem = ticketList(bruno).getByRole("button").filter({ hasText: CONTACT_NAME });
  await brunoItem.click();
  await expect(bruno.getByText(`Atribuído a ${BRUNO.name}`)).toBeVisible();
  await expect(conversation(bruno).getByText("Vou verificar o seu pedido agora mesmo.")).toBeVisible();

  // Bruno resolves with the farewell; it reaches the contact.
  await bruno.getByRole("button", { name: "Resolver", exact: true }).click();
  const resolve = bruno.getByRole("dialog", { name: "Resolver atendimento" });
  await resolve.getByRole("button", { name: "Resolver com despedida" }).click();
  await expect(resolve).toBeHidden();
  await expect(bruno).toHaveURL(/\/tickets$/);
  await expect(subtab(bruno, "Atendendo")).toHaveAccessibleName("Atendendo: 0");
  await expect(phone.locator("#messages")).toContainText(FAREWELL);
  await expect
    .poll(() => simTexts(request, PHONE_NUMBER_ID, CONTACT))
    .toEqual([expect.stringMatching(greeting), "Vou verificar o seu pedido agora mesmo.", FAREWELL]);

  // The resolved tab holds it.
  await bruno.getByRole("tab", { name: "Resolvidos" }).click();
  await expect(ticketList(bruno).getByRole("button").filter({ hasText: CONTACT_NAME })).toBeVisible();
  await bruno.screenshot({ path: ".tmp/results/attendance-journey-resolved.png" });
});
