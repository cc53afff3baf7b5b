import { adminApi, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * Internal chat (spec 3, /chats): two users in two browsers. The admin creates
 * a chat with a colleague and writes; the colleague sees the dot on the menu's
 * chat item, opens the chat (which marks it read) and answers; the admin sees
 * the answer arrive live.
 */

const COLLEAGUE_PASSWORD = "e2e-colleague-password";

test("two users chat: the unread dot in the menu, read marking, the answer live", async ({
  newContext,
  request,
  baseURL,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const admin = await adminApi(request);
  const colleagueEmail = `colleague-chat-${suffix}@e2e.test`;
  const colleague = await admin.createUser({
    name: `Colega ${suffix}`,
    email: colleagueEmail,
    password: COLLEAGUE_PASSWORD,
    profile: "user",
  });
  const title = `Plantão ${suffix}`;

  const colleaguePage = await (await newContext({ baseURL })).newPage();
  await signIn(colleaguePage, colleagueEmail, COLLEAGUE_PASSWORD);
  const chatLink = colleaguePage
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: /^Chat Interno/ });
  await expect(chatLink).toBeVisible();
  await expect(chatLink).not.toContainText("requer atenção");

  const adminPage = await (await newContext({ baseURL })).newPage();
  await signIn(adminPage, ADMIN_EMAIL, ADMIN_PASSWORD);
  await adminPage.goto("/chats");
  await adminPage.getByRole("button", { name: "Nova conversa", exact: true }).click();
  const dialog = adminPage.getByRole("dialog", { name: "Nova conversa" });
  await dialog.getByRole("textbox", { name: "Título" }).fill(title);
  await dialog.getByRole("combobox", { name: "Participantes" }).click();
  await adminPage.getByRole("option", { name: colleague.name, exact: true }).click();
  await adminPage.keyboard.press("Escape");
  await dialog.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(adminPage).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);
  const adminBox = adminPage.getByRole("textbox", { name: "Mensagem" });
  await adminBox.fill("Oi, pode cobrir o plantão?");
  await adminBox.press("Enter");
  const adminLog = adminPage.getByRole("log", { name: `Mensagens de ${title}` });
  await expect(adminLog.getByText("Oi, pode cobrir o plantão?")).toBeVisible();

  // The colleague's menu shows the dot, live; opening the chat reads it and the dot goes.
  await expect(chatLink).toContainText("requer atenção");
  await chatLink.click();
  await expect(colleaguePage).toHaveURL(/\/chats$/);
  await colleaguePage.getByRole("list", { name: "Conversas" }).getByText(title, { exact: true }).click();
  const colleagueLog = colleaguePage.getByRole("log", { name: `Mensagens de ${title}` });
  await expect(colleagueLog.getByText("Oi, pode cobrir o plantão?")).toBeVisible();
  await expect(chatLink).not.toContainText("requer atenção");
  const colleagueBox = colleaguePage.getByRole("textbox", { name: "Mensagem" });
  await colleagueBox.fill("Posso sim!");
  await colleagueBox.press("Enter");
  await expect(colleagueLog.getByText("Posso sim!")).toBeVisible();

  // The admin sees the answer without reloading.
  await expect(adminLog.getByText("Posso sim!")).toBeVisible();
  // The colleague is not the owner: no edit or delete.
  await expect(colleaguePage.getByRole("button", { name: `Editar ${title}`, exact: true })).toHaveCount(0);
  await expect(adminPage.getByRole("button", { name: `Editar ${title}`, exact: true })).toBeVisible();
});
