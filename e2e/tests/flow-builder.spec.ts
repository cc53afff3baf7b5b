import type { Locator, Page } from "@playwright/test";
import { adminApi, sessionToken, signIn, simTexts } from "../fixtures/app";
import { expect, type NewContext, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, META_SIM_URL } from "../playwright.config";

/**
 * Issue 13's flow builder, end to end: an admin creates a flow on /flowbuilders, draws it in the
 * editor (a message, a menu, a condition on the menu's answer and a message on each of the
 * condition's branches, all added from the speed-dial and joined by dragging from handle to handle
 * with the mouse, as a person does), saves it, plays it in the test panel (an answer that is no
 * option repeats the menu, each answer reaches its branch), makes it the welcome flow of a Cloud API
 * connection in the connection dialog, and a new contact on meta-sim's phone page walks it: each
 * message of the flow reaches the phone once, in order, and the branch is the one the answer picks.
 *
 * Edges are drawn by real mouse drags (mouse down on a source handle's centre, moves in steps, mouse
 * up on the target handle's centre). What makes that reliable on a loaded machine: a large viewport,
 * 'Ajustar à tela' after the nodes exist so every handle is on screen, boxes read only once they stopped
 * moving (the editor pans to each new node with a 300 ms animation), and each drag checked by the
 * edge it must create (xyflow's rf__edge-{id}, the editor naming edges e-{source}-{handle}-{target}).
 */

// A phone number id no other spec uses: the server finds the connection of an inbound message by it.
const PHONE_NUMBER_ID = "301234567890919";
const CONNECTION = "Cloud fluxos";
// A number no other spec uses: the welcome flow runs only for a contact writing for the first time.
const CONTACT = { number: "5511955553131", name: "Fábio Fluxo" };
const FLOW = "Boas-vindas e2e";

const HELLO = "Olá!";
const MENU_TEXT = "Quantas pessoas atendem na sua empresa?";
const MENU = `${MENU_TEXT}\n\n*[ 1 ]* - Até 5\n*[ 2 ]* - Mais de 5`;
const SMALL = "Para até 5 pessoas, o plano Básico (R$ 49 por mês) é o ideal.";
const LARGE = "Para mais de 5 pessoas, recomendamos o plano Completo (R$ 99 por mês).";

// Six nodes side by side and the test panel's drawer: room enough for every handle after 'Ajustar à tela'.
test.use({ viewport: { width: 1600, height: 1000 } });

const canvasNode = (page: Page, type: string, text?: string) => {
  const nodes = page.locator(".react-flow__node").filter({ has: page.getByTestId(`flow-node-${type}`) });
  return text ? nodes.filter({ hasText: text }) : nodes;
};

/** A node's id on the canvas (xyflow's data-id). */
async function nodeId(node: Locator): Promise<string> {
  const id = await node.getAttribute("data-id");
  if (!id) throw new Error("a canvas node without data-id");
  return id;
}

/** The element's box once it stopped moving (two equal readings in a row). */
async function settledBox(target: Locator) {
  let last: string | null = null;
  let box: { x: number; y: number; width: number; height: number } | null = null;
  await expect
    .poll(async () => {
      box = await target.boundingBox();
      const now = JSON.stringify(box);
      const same = box !== null && now === last;
      last = now;
      return same;
    })
    .toBe(true);
  if (!box) throw new Error("no box");
  return box as { x: number; y: number; width: number; height: number };
}

async function centreOf(target: Locator) {
  const box = await settledBox(target);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags from the source handle `handle` of `from` to the target handle of `to`; the edge must appear. */
async function connect(page: Page, from: Locator, handle: string | null, to: Locator) {
  const sourceHandle = from.locator(
    handle ? `.react-flow__handle.source[data-handleid="${handle}"]` : ".react-flow__handle.source",
  );
  const targetHandle = to.locator(".react-flow__handle.target");
  const start = await centreOf(sourceHandle);
  const end = await centreOf(targetHandle);
  await page.mouse.move(start.x, start.y);
  await page.mouse.down();
  await page.mouse.move((start.x + end.x) / 2, (start.y + end.y) / 2, { steps: 5 });
  await page.mouse.move(end.x, end.y, { steps: 5 });
  await page.mouse.up();
  const edge = `e-${await nodeId(from)}-${handle ?? ""}-${await nodeId(to)}`;
  await expect(page.getByTestId(`rf__edge-${edge}`)).toBeAttached();
}

/** Adds a node from the speed-dial ('Adicionar bloco'): its dialog opens in create mode. */
async function addNode(page: Page, label: string): Promise<Locator> {
  await page.getByRole("button", { name: "Adicionar bloco" }).hover();
  await page.getByRole("menuitem", { name: label, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Adicionar ${label}` });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** meta-sim's phone page, chatting as the contact with the connection's number. */
async function phoneOf(newContext: NewContext): Promise<Page> {
  const phone = await (await newContext()).newPage();
  await phone.goto(
    `${META_SIM_URL}/?${new URLSearchParams({ account: PHONE_NUMBER_ID, contact: CONTACT.number, name: CONTACT.name })}`,
  );
  return phone;
}

/** What the company said to the contact (our side of the phone page's chat). */
const received = (phone: Page) => phone.locator("#messages .bubble.out");

async function say(phone: Page, text: string) {
  await phone.getByPlaceholder("Message").fill(text);
  await phone.getByRole("button", { name: "Send" }).click();
  await expect(phone.locator("#messages .bubble.in").last()).toContainText(text);
}

// Later files expect no open ticket of ours: the contact's tickets are closed once this file is done.
test.afterAll(async ({ request }) => {
  const admin = await adminApi(request);
  for (const status of ["pending", "open"]) {
    const res = await request.get(`/tickets?status=${status}&showAll=true`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(res.ok(), await res.text()).toBe(true);
    const { tickets } = (await res.json()) as { tickets: { id: number; contact?: { name: string } }[] };
    for (const ticket of tickets.filter((t) => t.contact?.name === CONTACT.name))
      await admin.updateTicket(ticket.id, { status: "closed" });
  }
});

test("an admin draws a flow with a menu and a condition, tests it, makes it the welcome flow, and a new contact walks it", async ({
  newContext,
  page,
  request,
  baseURL,
}) => {
  // Six dialogs, six drags, the test panel and a contact over meta-sim on a loaded 2-core machine.
  test.setTimeout(240_000);
  if (!baseURL) throw new Error("baseURL is required");
  // The Cloud API connection exists before the admin signs in: the web app keeps the connection list
  // current from live events, and one made while the page's socket is still connecting is missed.
  await (await adminApi(request)).cloudConnection(baseURL, {
    name: CONNECTION,
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: "EAAG-e2e-flow-builder-token-3131",
    appSecret: "e2e-flow-builder-app-secret",
  });
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  // The page's session (signing in ended the one above).
  const admin = await adminApi(request, await sessionToken(page));

  // The flow list: a new flow, then its editor.
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: /Fluxos/ })
    .click();
  await expect(page).toHaveURL(/\/flowbuilders$/);
  await page.getByRole("button", { name: "Adicionar Fluxo" }).click();
  const nameDialog = page.getByRole("dialog", { name: "Adicionar fluxo" });
  await nameDialog.getByRole("textbox", { name: /^Nome/ }).fill(FLOW);
  await nameDialog.getByRole("button", { name: "Salvar" }).click();
  await expect(nameDialog).toBeHidden();
  const row = page
    .getByRole("table", { name: "Fluxos de conversa" })
    .getByRole("row")
    .filter({ hasText: FLOW });
  await expect(row).toContainText("Ativo");
  // The list's toast says the same words as the editor's save: gone before the editor saves.
  await expect(page.getByText("Fluxo salvo com sucesso")).toBeHidden();
  await row.getByText(FLOW).click();
  await expect(page).toHaveURL(/\/flowbuilder\/\d+$/);
  const flowId = Number(new URL(page.url()).pathname.split("/").pop());
  await expect(page.getByRole("heading", { name: `Editor de fluxo: ${FLOW}` })).toBeVisible();
  // The default flow: one start node.
  await expect(page.locator(".react-flow__node")).toHaveCount(1);
  await expect(canvasNode(page, "start")).toHaveCount(1);

  // The nodes, each from the speed-dial and its dialog.
  let dialog = await addNode(page, "Mensagem");
  await dialog.getByRole("textbox", { name: "Mensagem" }).fill(HELLO);
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(canvasNode(page, "message", HELLO)).toBeVisible();

  dialog = await addNode(page, "Menu");
  await dialog.getByRole("textbox", { name: "Mensagem" }).fill(MENU_TEXT);
  await dialog.getByRole("textbox", { name: "Opção 1" }).fill("Até 5");
  await dialog.getByRole("button", { name: "Adicionar opção" }).click();
  await dialog.getByRole("textbox", { name: "Opção 2" }).fill("Mais de 5");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(canvasNode(page, "menu")).toContainText("[2] Mais de 5");

  // The condition reads the contact's last message: the menu's answer.
  dialog = await addNode(page, "Condição");
  await dialog.getByRole("textbox", { name: "Chave (campo do contato)" }).fill("mensagem");
  await dialog.getByRole("combobox", { name: "Operador" }).click();
  await page.getByRole("option", { name: "Igual a", exact: true }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
  await dialog.getByRole("textbox", { name: "Valor" }).fill("1");
  await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
  await expect(canvasNode(page, "condition")).toContainText("mensagem = 1");

  for (const text of [SMALL, LARGE]) {
    dialog = await addNode(page, "Mensagem");
    await dialog.getByRole("textbox", { name: "Mensagem" }).fill(text);
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(canvasNode(page, "message", text)).toBeVisible();
  }
  await expect(page.locator(".react-flow__node")).toHaveCount(6);

  // Every node on screen, then the 'no' branch moved under the 'yes' one (dragged by its body).
  await page.getByRole("button", { name: "Ajustar à tela" }).click();
  const start = canvasNode(page, "start");
  const hello = canvasNode(page, "message", HELLO);
  const menu = canvasNode(page, "menu");
  const condition = canvasNode(page, "condition");
  const small = canvasNode(page, "message", SMALL);
  const large = canvasNode(page, "message", LARGE);
  const smallBox = await settledBox(small);
  const largeBox = await settledBox(large);
  // Grabbed near its bottom edge (the body, clear of the title's buttons and of the handles).
  const grab = largeBox.height - 8;
  await page.mouse.move(largeBox.x + largeBox.width / 2, largeBox.y + grab);
  await page.mouse.down();
  await page.mouse.move(smallBox.x + smallBox.width / 2, smallBox.y + smallBox.height + 40 + grab, {
    steps: 10,
  });
  await page.mouse.up();
  await page.getByRole("button", { name: "Ajustar à tela" }).click();

  await connect(page, start, null, hello);
  await connect(page, hello, null, menu);
  // Both options lead to the condition, which tells them apart.
  await connect(page, menu, "a1", condition);
  await connect(page, menu, "a2", condition);
  await connect(page, condition, "a", small);
  await connect(page, condition, "b", large);
  await expect(page.locator(".react-flow__edge")).toHaveCount(6);
  await page.screenshot({ path: "test-results/flow-builder-drawn.png" });

  await page.getByRole("button", { name: "Salvar", exact: true }).click();
  await expect(page.getByText("Fluxo salvo com sucesso")).toBeVisible();
  // What the server stored: the edges as drawn, by handle.
  const stored = await request.get(`/flowbuilder/flow/${flowId}`, {
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(stored.ok(), await stored.text()).toBe(true);
  const graph = (
    (await stored.json()) as {
      flow: {
        flow: {
          nodes: { id: string; type: string; data: Record<string, unknown> }[];
          connections: { source: string; target: string; sourceHandle: string | null }[];
        };
      };
    }
  ).flow.flow;
  const typeOf = (id: string) => {
    const node = graph.nodes.find((n) => n.id === id);
    return node?.type === "message" ? `message:${node.data.label}` : node?.type;
  };
  expect(
    graph.connections.map((c) => `${typeOf(c.source)} -${c.sourceHandle ?? ""}-> ${typeOf(c.target)}`).sort(),
  ).toEqual(
    [
      `start --> message:${HELLO}`,
      `message:${HELLO} --> menu`,
      "menu -a1-> condition",
      "menu -a2-> condition",
      `condition -a-> message:${SMALL}`,
      `condition -b-> message:${LARGE}`,
    ].sort(),
  );

  // The test panel plays the drawn flow.
  await page.getByRole("button", { name: "Testar fluxo" }).click();
  const panel = page.getByRole("region", { name: "Teste do fluxo" });
  const lines = panel.getByTestId("flow-test-lines").locator("[data-from]");
  const answer = async (text: string) => {
    await panel.getByRole("textbox", { name: "Sua resposta" }).fill(text);
    await panel.getByRole("button", { name: "Enviar" }).click();
  };
  const shown = () =>
    lines.evaluateAll((els) => els.map((el) => `${el.getAttribute("data-from")}: ${el.textContent}`));
  await expect.poll(shown).toEqual([`bot: ${HELLO}`, `bot: ${MENU}`]);
  // An answer that is no option repeats the menu.
  await answer("talvez");
  await expect.poll(shown).toEqual([`bot: ${HELLO}`, `bot: ${MENU}`, "contact: talvez", `bot: ${MENU}`]);
  await answer("1");
  await expect
    .poll(shown)
    .toEqual([
      `bot: ${HELLO}`,
      `bot: ${MENU}`,
      "contact: talvez",
      `bot: ${MENU}`,
      "contact: 1",
      `bot: ${SMALL}`,
      "system: Fim do fluxo",
    ]);
  await expect(panel.getByRole("textbox", { name: "Sua resposta" })).toBeDisabled();
  await page.screenshot({ path: "test-results/flow-builder-test-panel.png" });
  // Again, the other branch.
  await panel.getByRole("button", { name: "Recomeçar" }).click();
  await expect.poll(shown).toEqual([`bot: ${HELLO}`, `bot: ${MENU}`]);
  await answer("2");
  await expect
    .poll(shown)
    .toEqual([`bot: ${HELLO}`, `bot: ${MENU}`, "contact: 2", `bot: ${LARGE}`, "system: Fim do fluxo"]);
  await panel.getByRole("button", { name: "Cancelar" }).click();
  await expect(panel).toBeHidden();

  // The connection's welcome flow, in its dialog's Integrações tab.
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: /Conexões/ })
    .click();
  await page.getByRole("button", { name: `Editar ${CONNECTION}` }).click();
  const connection = page.getByRole("dialog", { name: "Editar conexão" });
  await connection.getByRole("tab", { name: "Integrações" }).click();
  const welcome = connection.getByRole("combobox", { name: "Fluxo de boas-vindas" });
  await welcome.click();
  await page.getByRole("option", { name: FLOW, exact: true }).click();
  await expect(page.getByRole("listbox")).toBeHidden();
  await expect(welcome).toHaveText(FLOW);
  await page.screenshot({ path: "test-results/flow-builder-welcome-flow.png" });
  await connection.getByRole("button", { name: "Salvar" }).click();
  await expect(page.getByText("Conexão salva com sucesso!")).toBeVisible();
  await expect(connection).toBeHidden();

  // A new contact writes: the flow's message and menu, then the branch of the answer.
  const phone = await phoneOf(newContext);
  await say(phone, "Oi, boa tarde");
  await expect(received(phone)).toHaveCount(2);
  await expect(received(phone).nth(0)).toContainText(HELLO);
  await expect(received(phone).nth(1)).toContainText(MENU);
  await say(phone, "2");
  await expect(received(phone)).toHaveCount(3);
  await expect(received(phone).nth(2)).toContainText(LARGE);
  await phone.screenshot({ path: "test-results/flow-builder-phone.png" });
  // Exactly these texts went out through the Graph API, once each, in order.
  await expect.poll(() => simTexts(request, PHONE_NUMBER_ID, CONTACT.number)).toEqual([HELLO, MENU, LARGE]);
});
