import type { APIRequestContext } from "@playwright/test";
import { adminApi, sessionToken, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";

/**
 * The contact drawer's kanban stage (spec 1 section 2): an attendant opens
 * a ticket, picks a stage in the drawer; the conversation shows the move as
 * a system line and the ticket is in that lane on /Kanban.
 */

const ATTENDANT_EMAIL = "attendant-drawer-lane@e2e.test";
const ATTENDANT_PASSWORD = "e2e-attendant-password";

interface Ticket {
  id: number;
  uuid: string;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const res = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

test("an attendant picks the ticket's kanban stage in the contact drawer; the ticket is in that lane on the board", async ({
  newContext,
  request,
  baseURL,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const admin = await adminApi(request);
  const stage = await post<{ id: number; name: string }>(request, admin.token, "/tags", {
    name: `Negociação ${suffix}`,
    color: "#6A1B9A",
    kanban: 1,
  });
  const support = await admin.queue("Suporte");
  const attendant = await admin.createUser({
    name: "Atendente Etapas",
    email: ATTENDANT_EMAIL,
    password: ATTENDANT_PASSWORD,
    profile: "user",
    queueIds: [support.id],
  });
  const connection = await admin.cloudConnection(baseURL ?? "", {
    name: `Etapas ${suffix}`,
    phoneNumberId: `30966${suffix}01`,
    accessToken: `EAAG-drawer-lane-${suffix}`,
    appSecret: `drawer-lane-secret-${suffix}`,
  });
  const contact = await post<{ id: number }>(request, admin.token, "/contacts", {
    name: `Cliente Etapa ${suffix}`,
    number: `551196${suffix}1`, // a valid mobile: 11 9 + 8 digits
  });
  const ticket = await post<Ticket>(request, admin.token, "/tickets", {
    contactId: contact.id,
    whatsappId: connection.id,
    queueId: support.id,
    userId: attendant.id,
    status: "open",
  });

  const page = await (await newContext({ baseURL })).newPage();
  await signIn(page, ATTENDANT_EMAIL, ATTENDANT_PASSWORD);
  await page.goto(`/tickets/${ticket.uuid}`);
  await page.getByRole("button", { name: "Dados do contato", exact: true }).click();
  const drawer = page.getByRole("complementary", { name: "Dados do contato" });
  const stageBox = drawer.getByRole("combobox", { name: "Etapa do kanban" });
  await expect(stageBox).toHaveText("Sem etapa");
  await stageBox.click();
  await page.getByRole("option", { name: stage.name, exact: true }).click();
  await expect(stageBox).toHaveText(stage.name);
  // The move is in the conversation as a system line, in the history dialog's words.
  const messages = page.getByRole("list", { name: "Mensagens" });
  await expect(messages.getByText(`Etapa do kanban alterada: — → ${stage.name}`)).toBeAttached();

  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Kanban", exact: true })
    .click();
  await expect(page).toHaveURL(/\/Kanban$/);
  await expect(
    page.getByTestId(`kanban-lane-${stage.id}`).getByTestId(`kanban-card-${ticket.id}`),
  ).toBeVisible();
  await expect(page.getByTestId("kanban-lane-0").getByTestId(`kanban-card-${ticket.id}`)).toHaveCount(0);

  // Closed again: the specs after this one find the ticket lists as they were.
  const token = await sessionToken(page);
  const closed = await request.put(`/tickets/${ticket.id}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { status: "closed", sendFarewellMessage: false },
  });
  expect(closed.ok(), await closed.text()).toBe(true);
  // Its lane removed: the board of the specs after this one holds only their own lanes.
  const removed = await request.delete(`/tags/${stage.id}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(removed.ok(), await removed.text()).toBe(true);
});
