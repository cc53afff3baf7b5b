import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { sessionToken, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * The tags screens (spec 2 sections 2, 5 and 7): an admin creates, searches, edits and deletes a tag
 * on /tags and opens its contact-count modal; on /TagsKanban creates two lanes, one pointing at the
 * other as its next lane, and finds both as lanes of the /Kanban board.
 */

async function api<T>(
  request: APIRequestContext,
  token: string,
  method: "GET" | "POST",
  path: string,
  data?: object,
): Promise<T> {
  const res = await request.fetch(path, { method, headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

async function tagNamed(request: APIRequestContext, token: string, name: string) {
  const page = await api<{ tags: { id: number; name: string; nextLaneId: number | null }[] }>(
    request,
    token,
    "GET",
    `/tags/?searchParam=${encodeURIComponent(name)}`,
  );
  const tag = page.tags.find((one) => one.name === name);
  if (!tag) throw new Error(`no tag named ${name}`);
  return tag;
}

/** Fills and saves the open tag dialog. */
async function saveDialog(page: Page, title: string, fill: (dialog: Locator) => Promise<void>) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await fill(dialog);
  await dialog
    .getByRole("button", { name: title === "Editar tag" ? "Salvar" : "Adicionar", exact: true })
    .click();
  await expect(dialog).toBeHidden();
}

test("an admin manages a tag on /tags and two kanban lanes on /TagsKanban", async ({ page, request }) => {
  const suffix = String(Date.now()).slice(-6);
  const name = `Retorno ${suffix}`;
  const renamed = `Retorno urgente ${suffix}`;
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const token = await sessionToken(page);

  await page
    .getByRole("navigation", { name: "Navegação principal" })
    .getByRole("link", { name: "Tags", exact: true })
    .click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tags" })).toBeVisible();

  // Create: the name is checked first (spec 2: 'Mensagem muito curta').
  await page.getByRole("button", { name: "Adicionar tag" }).click();
  await saveDialog(page, "Adicionar tag", async (dialog) => {
    await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill("ab");
    await dialog.getByRole("button", { name: "Adicionar", exact: true }).click();
    await expect(dialog.getByText("Mensagem muito curta")).toBeVisible();
    await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill(name);
    await dialog.getByRole("textbox", { name: "Cor", exact: true }).fill("#8E24AA");
  });

  // A contact carries it, so the count is 1 and the modal lists them.
  const tag = await tagNamed(request, token, name);
  const contact = await api<{ id: number }>(request, token, "POST", "/contacts", {
    name: `Cliente Tag ${suffix}`,
    number: `5511944${suffix.slice(-5)}1`,
  });
  await api(request, token, "POST", "/tags/sync", { contactId: contact.id, tags: [tag.id] });

  // Search: only the matching tag stays.
  await page.getByRole("searchbox", { name: "Pesquisar tags" }).fill(suffix);
  const table = page.getByRole("table", { name: "Tags" });
  await expect(table.getByRole("row")).toHaveCount(2);
  await expect(table.getByText(name, { exact: true })).toBeVisible();
  await expect(table.getByRole("button", { name: `Ver os contatos de ${name} (1)` })).toBeVisible();

  // Edit: the new name shows in the list.
  await table.getByRole("button", { name: `Editar ${name}` }).click();
  await saveDialog(page, "Editar tag", async (dialog) => {
    await expect(dialog.getByRole("textbox", { name: "Nome", exact: true })).toHaveValue(name);
    await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill(renamed);
  });
  await expect(table.getByText(renamed, { exact: true })).toBeVisible();

  // The contact-count modal lists the contact.
  await table.getByRole("button", { name: `Ver os contatos de ${renamed} (1)` }).click();
  const contacts = page.getByRole("dialog", { name: `Contatos com a tag ${renamed}` });
  await expect(contacts.getByText(`Cliente Tag ${suffix}`)).toBeVisible();
  await page.screenshot({ path: "/tmp/tags-contacts-modal.png" });
  await contacts.getByRole("button", { name: "Fechar" }).click();
  await expect(contacts).toBeHidden();
  await page.getByRole("searchbox", { name: "Pesquisar tags" }).fill("");
  await expect(table.getByText(renamed, { exact: true })).toBeVisible();
  await page.screenshot({ path: "/tmp/tags-list.png", fullPage: true });

  // Delete, after confirmation.
  await page.getByRole("searchbox", { name: "Pesquisar tags" }).fill(suffix);
  await table.getByRole("button", { name: `Excluir ${renamed}` }).click();
  const confirm = page.getByRole("dialog", { name: `Excluir a tag ${renamed}?` });
  await confirm.getByRole("button", { name: "Excluir", exact: true }).click();
  await expect(page.getByText("Nenhuma tag cadastrada.")).toBeVisible();

  // Two kanban lanes, the first moving its tickets on to the second.
  const first = `Triagem ${suffix}`;
  const second = `Proposta ${suffix}`;
  // From the board, as users get there; the board is then read before the lanes change.
  await page.goto("/Kanban");
  await page.getByRole("link", { name: "Adicionar colunas", exact: true }).click();
  await expect(page).toHaveURL(/\/TagsKanban$/);
  await expect(page.getByRole("heading", { level: 1, name: "Tags do Kanban" })).toBeVisible();
  await page.getByRole("button", { name: "Adicionar tag" }).click();
  await saveDialog(page, "Adicionar tag", async (dialog) => {
    await expect(dialog.getByRole("switch", { name: "Kanban" })).toBeChecked();
    await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill(second);
  });
  const lanes = page.getByRole("table", { name: "Tags do Kanban" });
  await expect(lanes.getByText(second, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Adicionar tag" }).click();
  await saveDialog(page, "Adicionar tag", async (dialog) => {
    await dialog.getByRole("textbox", { name: "Nome", exact: true }).fill(first);
    await dialog.getByRole("spinbutton", { name: "Tempo na coluna (horas)" }).fill("2");
    await dialog.getByRole("combobox", { name: "Próxima coluna" }).click();
    await page.getByRole("option", { name: second, exact: true }).click();
    await dialog.getByRole("textbox", { name: "Mensagem ao entrar na coluna" }).fill("Estamos na triagem.");
  });
  await expect(lanes.getByText(first, { exact: true })).toBeVisible();
  const saved = await tagNamed(request, token, first);
  expect(saved.nextLaneId).toBe((await tagNamed(request, token, second)).id);
  await page.getByRole("searchbox", { name: "Pesquisar tags" }).fill(suffix);
  await expect(lanes.getByRole("row")).toHaveCount(3);
  await page.screenshot({ path: "/tmp/tags-kanban.png", fullPage: true });

  // Back to the board: both are lanes there.
  await page.getByRole("link", { name: "Voltar ao Kanban" }).click();
  await expect(page).toHaveURL(/\/Kanban$/);
  await expect(page.getByRole("region", { name: first, exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: second, exact: true })).toBeVisible();

  // The lanes go, so specs after this one see the board as they left it.
  for (const id of [saved.id, saved.nextLaneId]) {
    const res = await request.delete(`/tags/${id}`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.ok(), await res.text()).toBe(true);
  }
});
