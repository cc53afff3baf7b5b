import { adminApi, signIn, simSends, simTexts } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD, META_SIM_URL } from "../playwright.config";

/**
 * The messages API (spec 3 sections 2, 5, 7 and 8): the admin regenerates a Cloud API connection's
 * token in its dialog, then sends with it from the /messages-api test forms: the old token is
 * refused, a text and a picture reach the contact through meta-sim.
 */

const PHONE_NUMBER_ID = "301234567890787";
const CONNECTION = "Cloud API mensagens";
const CONTACT = "5511966660001";
const CONTACT_NAME = "Carla API";
const TEXT = "Olá pela API de mensagens e2e";
/** A 1x1 PNG: the server types files from their bytes. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==",
  "base64",
);

test.beforeAll(async ({ request, baseURL }) => {
  if (!baseURL) throw new Error("baseURL is required");
  const admin = await adminApi(request);
  await admin.cloudConnection(baseURL, {
    name: CONNECTION,
    phoneNumberId: PHONE_NUMBER_ID,
    accessToken: "EAAG-e2e-messages-api-token-7777",
    appSecret: "e2e-messages-api-app-secret",
  });
  // The contact writes first: the Cloud API sends free text only inside the 24-hour window.
  const inbound = await request.post(`${META_SIM_URL}/_sim/inbound`, {
    data: { accountId: PHONE_NUMBER_ID, type: "text", from: CONTACT, name: CONTACT_NAME, body: "Oi" },
  });
  expect((await inbound.json()).status).toBe(200);
});

// Later files expect no open ticket of ours: the contact's tickets are closed once this file is done.
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

test("a new connection token, then a text and a picture sent with it from /messages-api", async ({
  page,
  request,
}) => {
  test.slow();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);

  // The connection dialog: the token, and a new one after the confirmation.
  await page.goto("/connections");
  await page.getByRole("button", { name: `Editar ${CONNECTION}` }).click();
  const dialog = page.getByRole("dialog", { name: "Editar conexão" });
  const tokenBox = dialog.getByRole("textbox", { name: "Token da API de mensagens" });
  await expect(tokenBox).toHaveValue(/^[A-Za-z0-9]{30}$/);
  const oldToken = await tokenBox.inputValue();
  await dialog.getByRole("button", { name: "Gerar novo token" }).click();
  const confirm = page.getByRole("dialog", { name: "Gerar um novo token?" });
  await confirm.getByRole("button", { name: "Gerar", exact: true }).click();
  await expect(page.getByText("Novo token salvo.")).toBeVisible();
  await expect(tokenBox).not.toHaveValue(oldToken);
  const token = await tokenBox.inputValue();
  expect(token).toMatch(/^[A-Za-z0-9]{30}$/);
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  // The page, from the menu.
  await page.getByRole("link", { name: "API", exact: true }).click();
  await expect(page).toHaveURL(/\/messages-api$/);
  await expect(page.getByRole("textbox", { name: "Endpoint" })).toHaveValue(/\/api\/messages\/send$/);

  // The old token no longer sends.
  const text = page.getByRole("form", { name: "Testar envio de texto" });
  await text.getByRole("textbox", { name: /^Token da conexão/ }).fill(oldToken);
  await text.getByRole("textbox", { name: /^Número/ }).fill(CONTACT);
  await text.getByRole("textbox", { name: /^Mensagem/ }).fill(TEXT);
  await text.getByRole("button", { name: "Enviar" }).click();
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Token de API inválido: use o token de uma das suas conexões." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/messages-api$/);

  // The new one sends the text; the form clears.
  await text.getByRole("textbox", { name: /^Token da conexão/ }).fill(token);
  await text.getByRole("button", { name: "Enviar" }).click();
  await expect(page.getByText("Mensagem enviada com sucesso")).toBeVisible();
  await expect(text.getByRole("textbox", { name: /^Mensagem/ })).toHaveValue("");
  await expect.poll(() => simTexts(request, PHONE_NUMBER_ID, CONTACT), { timeout: 15_000 }).toContain(TEXT);

  // A picture through the multipart form, its caption the file name.
  const media = page.getByRole("form", { name: "Testar envio de mídia" });
  await media.getByRole("textbox", { name: /^Token da conexão/ }).fill(token);
  await media.getByRole("textbox", { name: /^Número/ }).fill(CONTACT);
  await page.getByTestId("messages-api-file").setInputFiles({
    name: "pixel.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await expect(media.getByText("pixel.png")).toBeVisible();
  await media.getByRole("button", { name: "Enviar" }).click();
  await expect(media.getByText("Nenhum arquivo escolhido.")).toBeVisible();
  await expect
    .poll(
      async () =>
        (await simSends(request, PHONE_NUMBER_ID, CONTACT)).flatMap((send) =>
          send.body.type === "image" ? [send.body.image?.caption ?? ""] : [],
        ),
      { timeout: 15_000 },
    )
    .toEqual(["pixel.png"]);
  await page.screenshot({ path: ".tmp/results/messages-api.png", fullPage: true });
});
