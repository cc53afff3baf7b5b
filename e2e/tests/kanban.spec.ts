import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { adminApi, sessionToken, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * The kanban board (spec 2 sections 2 and 4): a supervisor moves one card to
 * another lane with the mouse and one with the keyboard; the admin, on the
 * board in another browser, sees both moves live; the server holds the
 * tickets' new lanes (their kanban tags).
 */

const SUPERVISOR_EMAIL = "supervisor-kanban@e2e.test";
const SUPERVISOR_PASSWORD = "e2e-supervisor-password";

interface Ticket {
  id: number;
  uuid: string;
}

async function post<T>(request: APIRequestContext, token: string, path: string, data: object): Promise<T> {
  const res = await request.post(path, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

async function dragWithMouse(page: Page, card: Locator, target: Locator) {
  const from = await card.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("card or lane not on screen");
  const start = { x: from.x + from.width / 2, y: from.y + 12 };
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  // Past the 5 px activation distance first, then across in steps, as a hand would.
  await page.mouse.move(start.x + 12, start.y + 4, { steps: 3 });
  await page.mouse.move(to.x + to.width / 2, to.y + 80, { steps: 15 });
  await page.mouse.up();
}

test("a supervisor moves cards across lanes by mouse and keyboard; another viewer sees both moves live", async ({
  newContext,
  request,
  baseURL,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const admin = await adminApi(request);
  const triage = await post<{ id: number; name: string }>(request, admin.token, "/tags", {
    name: `Triagem ${suffix}`,
    color: "#1976D2",
    kanban: 1,
  });
  const proposal = await post<{ id: number; name: string }>(request, admin.token, "/tags", {
    name: `Proposta ${suffix}`,
    color: "#2E7D32",
    kanban: 1,
  });
  // Read now: the admin's API session ends when the admin signs in in a browser below.
  const laneNames = new Map<string, string>([
    ["kanban-lane-0", "Em aberto"],
    ...(await kanbanLaneNames(request, admin.token)),
  ]);
  const support = await admin.queue("Suporte");
  const supervisor = await admin.createUser({
    name: "Supervisora Kanban",
    email: SUPERVISOR_EMAIL,
    password: SUPERVISOR_PASSWORD,
    profile: "user",
    allUserChat: "enabled",
    showDashboard: "enabled",
    queueIds: [support.id],
  });
  const connection = await admin.cloudConnection(baseURL ?? "", {
    name: `Kanban ${suffix}`,
    phoneNumberId: `30955${suffix}01`,
    accessToken: `EAAG-kanban-${suffix}`,
    appSecret: `kanban-secret-${suffix}`,
  });
  const openTicket = async (name: string, number: string) => {
    const contact = await post<{ id: number }>(request, admin.token, "/contacts", { name, number });
    return post<Ticket>(request, admin.token, "/tickets", {
      contactId: contact.id,
      whatsappId: connection.id,
      queueId: support.id,
      userId: supervisor.id,
      status: "open",
    });
  };
  const byMouse = await openTicket(`Cliente Mouse ${suffix}`, `5511955${suffix.slice(-5)}1`);
  const byKeyboard = await openTicket(`Cliente Teclado ${suffix}`, `5511955${suffix.slice(-5)}2`);

  // The supervisor's board and, in another browser, the admin's.
  const supervisorPage = await (await newContext({ baseURL })).newPage();
  await signIn(supervisorPage, SUPERVISOR_EMAIL, SUPERVISOR_PASSWORD);
  const adminPage = await (await newContext({ baseURL })).newPage();
  await signIn(adminPage, ADMIN_EMAIL, ADMIN_PASSWORD);
  for (const page of [supervisorPage, adminPage]) {
    await page
      .getByRole("navigation", { name: "Navegação principal" })
      .getByRole("link", { name: "Kanban" })
      .click();
    await expect(page).toHaveURL(/\/Kanban$/);
    await expect(page.getByTestId("kanban-lane-0").getByTestId(`kanban-card-${byMouse.id}`)).toBeVisible();
    await expect(page.getByTestId("kanban-lane-0").getByTestId(`kanban-card-${byKeyboard.id}`)).toBeVisible();
  }

  // By mouse: the default lane to Triagem.
  const triageLane = supervisorPage.getByTestId(`kanban-lane-${triage.id}`);
  await dragWithMouse(supervisorPage, supervisorPage.getByTestId(`kanban-card-${byMouse.id}`), triageLane);
  await expect(triageLane.getByTestId(`kanban-card-${byMouse.id}`)).toBeVisible();
  await expect(
    adminPage.getByTestId(`kanban-lane-${triage.id}`).getByTestId(`kanban-card-${byMouse.id}`),
  ).toBeVisible();
  await expect(adminPage.getByTestId("kanban-lane-0").getByTestId(`kanban-card-${byMouse.id}`)).toHaveCount(
    0,
  );

  // By keyboard: picked up with space, right to Triagem (lanes go by name: Proposta comes first, and
  // lanes other specs left may sit between), left once to Proposta, dropped with space. Each step
  // waits for the board's state or dnd-kit's announcement, so no key is pressed before the board
  // measured the lanes.
  const laneOrder = await supervisorPage
    .locator('[data-testid^="kanban-lane-"]')
    .evaluateAll((lanes) => lanes.map((lane) => lane.getAttribute("data-testid") ?? ""));
  const card = supervisorPage.getByTestId(`kanban-card-${byKeyboard.id}`);
  await card.focus();
  await supervisorPage.keyboard.press("Space");
  await expect(card).toHaveAttribute("aria-pressed", "true");
  const over = (name: string) => supervisorPage.getByText(`sobre a coluna ${name}.`, { exact: false });
  const toTriage = laneOrder.slice(1, laneOrder.indexOf(`kanban-lane-${triage.id}`) + 1);
  expect(toTriage).toContain(`kanban-lane-${proposal.id}`);
  // dnd-kit's keyboard sensor starts listening for arrows a tick after the pick-up: a key pressed in
  // that gap is lost (the announcement stays on the lane it was). Only then is the key pressed again,
  // so a slow announcement never turns into a second move.
  let at = "Em aberto";
  const step = async (key: "ArrowRight" | "ArrowLeft", lane: string) => {
    const name = laneNames.get(lane) ?? lane;
    for (let attempt = 0; attempt < 5; attempt++) {
      await supervisorPage.keyboard.press(key);
      try {
        await expect(over(name)).toBeAttached({ timeout: 6_000 });
        at = name;
        return;
      } catch {
        await expect(over(at)).toBeAttached();
      }
    }
    throw new Error(`the card never went over ${name}`);
  };
  for (const lane of toTriage) await step("ArrowRight", lane);
  for (const lane of toTriage.slice(toTriage.indexOf(`kanban-lane-${proposal.id}`), -1).reverse())
    await step("ArrowLeft", lane);
  await supervisorPage.keyboard.press("Space");
  const proposalLane = supervisorPage.getByTestId(`kanban-lane-${proposal.id}`);
  await expect(proposalLane.getByTestId(`kanban-card-${byKeyboard.id}`)).toBeVisible();
  await expect(
    adminPage.getByTestId(`kanban-lane-${proposal.id}`).getByTestId(`kanban-card-${byKeyboard.id}`),
  ).toBeVisible();
  await expect(
    adminPage.getByTestId("kanban-lane-0").getByTestId(`kanban-card-${byKeyboard.id}`),
  ).toHaveCount(0);

  // The server agrees: each ticket carries its new lane's tag.
  const token = await sessionToken(supervisorPage);
  const tagsOf = async (ticket: Ticket) => {
    const res = await request.get(`/tickets/u/${ticket.uuid}`, {
      headers: { authorization: `Bearer ${token}`, accept: "application/json" },
    });
    expect(res.ok(), await res.text()).toBe(true);
    return ((await res.json()) as { tags: { id: number }[] }).tags.map((tag) => tag.id);
  };
  await expect.poll(() => tagsOf(byMouse)).toEqual([triage.id]);
  await expect.poll(() => tagsOf(byKeyboard)).toEqual([proposal.id]);

  // Closed again: the specs after this one find the ticket lists as they were.
  for (const ticket of [byMouse, byKeyboard]) {
    const closed = await request.put(`/tickets/${ticket.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { status: "closed", sendFarewellMessage: false },
    });
    expect(closed.ok(), await closed.text()).toBe(true);
  }
});

/** The company's kanban lanes by test id (`kanban-lane-{tagId}`) and name. */
async function kanbanLaneNames(request: APIRequestContext, token: string): Promise<[string, string][]> {
  const res = await request.get("/tag/kanban/", { headers: { authorization: `Bearer ${token}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const { lista } = (await res.json()) as { lista: { id: number; name: string }[] };
  return lista.map((tag) => [`kanban-lane-${tag.id}`, tag.name]);
}
