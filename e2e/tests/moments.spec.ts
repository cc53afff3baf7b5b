import { adminApi, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { META_SIM_URL } from "../playwright.config";

/**
 * The attendance panel (spec 2, /moments) on the real server, with meta-sim
 * playing Meta: a supervisor (profile user with allowRealTime) watches the
 * panel; a new customer writes, and the pending ticket appears in
 * 'Pendentes' without a reload; an attendant accepts it, and the card moves
 * to the attendant's column, live.
 */

const PHONE_NUMBER_ID = "301234567890131";
const ACCESS_TOKEN = "EAAG-e2e-moments-token-0131";
const APP_SECRET = "e2e-moments-app-secret";
const CONTACT = "5511955550131";
const CONTACT_NAME = "Cliente do Painel";
const PASSWORD = "e2e-moments-password";
const SUPERVISOR = { name: "Sara Supervisora", email: "sara.moments@e2e.test" };
const ATTENDANT = { name: "Diego Atendente", email: "diego.moments@e2e.test" };

test("a new customer's ticket appears in 'Pendentes' live and moves to the attendant's column when accepted", async ({
  newContext,
  request,
  baseURL,
}) => {
  test.slow();
  if (!baseURL) throw new Error("baseURL is required");

  const admin = await adminApi(request);
  const support = await admin.queue("Suporte");
  await admin.createUser({ ...SUPERVISOR, password: PASSWORD, profile: "user", allowRealTime: "enabled" });
  const attendant = await admin.createUser({
    ...ATTENDANT,
    password: PASSWORD,
    profile: "user",
    queueIds: [support.id],
    allTicket: "enable",
  });
  await admin.cloudConnection(baseURL, {
    name: "Cloud painel",
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: ACCESS_TOKEN,
    appSecret: APP_SECRET,
  });

  // The supervisor opens the panel from the menu.
  const page = await (await newContext({ baseURL })).newPage();
  await signIn(page, SUPERVISOR.email, PASSWORD);
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Painel de Atendimentos" })
    .click();
  await expect(page).toHaveURL(/\/moments$/);
  await expect(page.getByRole("heading", { name: "Painel de Atendimentos" })).toBeVisible();
  const pending = page.getByRole("region", { name: "Pendentes" });
  const attendantColumn = page.getByRole("region", { name: ATTENDANT.name });
  await expect(pending).toBeVisible();
  await expect(attendantColumn).toBeVisible();
  await expect(pending.getByRole("listitem", { name: CONTACT_NAME })).toHaveCount(0);

  // The customer writes from meta-sim's phone page, in a browser of its own.
  const phone = await (await newContext()).newPage();
  await phone.goto(
    `${META_SIM_URL}/?${new URLSearchParams({ account: PHONE_NUMBER_ID, contact: CONTACT, name: CONTACT_NAME })}`,
  );
  await phone.getByPlaceholder("Message").fill("Olá, quero falar com alguém");
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(phone.locator("#messages")).toContainText("Olá, quero falar com alguém");

  // No reload: the pending ticket's card enters 'Pendentes'.
  const pendingCard = pending.getByRole("listitem", { name: CONTACT_NAME });
  await expect(pendingCard).toBeVisible();
  await expect(pendingCard).toContainText("Olá, quero falar com alguém");
  await expect(pendingCard).toContainText("Cloud painel");
  // Neither an admin nor the ticket's user: no access icon.
  await expect(pendingCard.getByRole("link")).toHaveCount(0);
  await page.screenshot({ path: ".tmp/results/moments-pending.png" });
  const ticketId = Number(await pendingCard.getAttribute("data-ticket-id"));
  expect(ticketId).toBeGreaterThan(0);

  // The attendant accepts it (their own session, through the API the tickets screen uses).
  const login = await request.post("/auth/login", { data: { email: ATTENDANT.email, password: PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const accepted = await request.put(`/tickets/${ticketId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: "open", userId: attendant.id, queueId: support.id },
  });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  // Live: the card leaves 'Pendentes' and shows in the attendant's column, with its queue.
  const heldCard = attendantColumn.getByRole("listitem", { name: CONTACT_NAME });
  await expect(heldCard).toBeVisible();
  await expect(heldCard).toContainText("Suporte");
  await expect(pending.getByRole("listitem", { name: CONTACT_NAME })).toHaveCount(0);
  await page.screenshot({ path: ".tmp/results/moments-accepted.png" });

  // The customer writes again: the card stays in the column and shows the new last message.
  await phone.getByPlaceholder("Message").fill("Obrigado!");
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(heldCard).toContainText("Obrigado!");
});
