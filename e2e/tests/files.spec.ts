import { adminApi, sessionToken, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * File lists (spec 3 /files): an admin makes a list whose option carries a file, sees the file in
 * the dialog, picks the list as a queue's file list in the queue modal, then deletes the list, which
 * leaves the queue without one (the other specs find Financeiro as global-setup made it).
 */

const LIST = "Catálogos E2E";
// A 1x1 PNG: the server types each option's file from its bytes.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

test("an admin makes a file list with an option file and picks it as a queue's file list", async ({
  page,
  request,
}) => {
  test.slow();
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Lista de arquivos" })
    .click();
  await expect(page).toHaveURL(/\/files$/);

  await page.getByRole("button", { name: "Adicionar", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Adicionar lista de arquivos" });
  await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill(LIST);
  await dialog.getByRole("textbox", { name: "Mensagem", exact: true }).fill("Veja nossos catálogos");
  await dialog.getByRole("button", { name: "Adicionar opção" }).click();
  const option = dialog.getByRole("group", { name: "Opção 1", exact: true });
  await option.getByRole("textbox", { name: "Nome da opção" }).fill("Tabela");
  await dialog.getByTestId("file-option-input-1").setInputFiles({
    name: "tabela.png",
    mimeType: "image/png",
    buffer: PNG,
  });
  await expect(option).toContainText("tabela.png (será enviado ao salvar)");
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: LIST });
  await expect(row.getByRole("cell").nth(1)).toHaveText("1");

  // The stored file's name is shown in the dialog.
  await row.getByRole("button", { name: `Editar ${LIST}` }).click();
  const edit = page.getByRole("dialog", { name: "Editar lista de arquivos" });
  await expect(edit.getByRole("group", { name: "Opção 1", exact: true })).toContainText("tabela.png");
  await edit.getByRole("button", { name: "Cancelar" }).click();
  await expect(edit).toBeHidden();

  const token = await sessionToken(page);
  const headers = { authorization: `Bearer ${token}` };
  const lists = (await (await request.get("/files/list", { headers })).json()) as {
    id: number;
    name: string;
  }[];
  const list = lists.find((l) => l.name === LIST);
  if (!list) throw new Error("the list was not saved");
  const saved = (await (await request.get(`/files/${list.id}`, { headers })).json()) as {
    options: { name: string; mediaType: string | null; path: string | null }[];
  };
  expect(saved.options.map((o) => [o.name, o.mediaType, Boolean(o.path)])).toEqual([
    ["Tabela", "image/png", true],
  ]);

  // The queue modal's file list picker.
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: /Filas & Chatbot/ })
    .click();
  await page.getByRole("button", { name: "Editar Financeiro" }).click();
  const modal = page.getByRole("dialog", { name: "Editar fila" });
  await modal.getByRole("combobox", { name: "Lista de arquivos" }).first().click();
  await page.getByRole("option", { name: LIST }).click();
  await modal.getByRole("button", { name: "Salvar" }).click();
  await expect(modal).toBeHidden();
  const financeiro = await adminApi(request, token).then((admin) => admin.queue("Financeiro"));
  const queueOf = async () =>
    (
      (await (await request.get(`/queue/${financeiro.id}`, { headers })).json()) as {
        fileListId: number | null;
      }
    ).fileListId;
  expect(await queueOf()).toBe(list.id);

  // Deleting the list, after its confirmation, leaves the queue without one.
  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Lista de arquivos" })
    .click();
  await page.getByRole("button", { name: `Excluir ${LIST}` }).click();
  const confirm = page.getByRole("dialog", { name: `Excluir ${LIST}?` });
  await confirm.getByRole("button", { name: "Excluir" }).click();
  await expect(page.getByRole("row").filter({ hasText: LIST })).toHaveCount(0);
  expect(await queueOf()).toBeNull();
});
