import { adminApi, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * Issue 10: the super admin sets the whitelabel colours and system name in the
 * settings' whitelabel tab, and the login page (signed out) shows them: the
 * name on the card and as the tab title, the light primary colour on the
 * sign-in button. The defaults are put back after (later specs expect them).
 */
test("the super admin sets whitelabel colours and name and sees them on the login page", async ({
  page,
  request,
}) => {
  const name = `Atende ${Date.now().toString(36)}`;
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  try {
    await page.goto("/settings");
    await page.getByRole("tab", { name: "Whitelabel" }).click();

    await page.getByRole("button", { name: "Alterar Cor primária (tema claro)" }).click();
    let dialog = page.getByRole("dialog", { name: "Cor primária (tema claro)" });
    await dialog.getByRole("textbox", { name: "Cor (hexadecimal)" }).fill("#C0392B");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("primaryColorLight-value")).toHaveText("#C0392B");

    await page.getByRole("button", { name: "Alterar Cor primária (tema escuro)" }).click();
    dialog = page.getByRole("dialog", { name: "Cor primária (tema escuro)" });
    await dialog.getByRole("textbox", { name: "Cor (hexadecimal)" }).fill("#16A085");
    await dialog.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByTestId("primaryColorDark-value")).toHaveText("#16A085");

    const nameForm = page.getByRole("form", { name: "Nome do sistema" });
    await nameForm.getByRole("textbox", { name: "Nome do sistema" }).fill(name);
    await nameForm.getByRole("button", { name: "Salvar" }).click();
    await expect(page.getByText("Operação atualizada com sucesso.").first()).toBeVisible();
    // The super user's own tab follows at once: the theme and the tab title.
    await expect(page).toHaveTitle(new RegExp(name));

    // Signed out, on the login page.
    await page.context().clearCookies();
    await page.evaluate("localStorage.clear()");
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Entrar" })).toBeVisible();
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page).toHaveTitle(name);
    await expect(page.getByRole("button", { name: "Entrar" })).toHaveCSS(
      "background-color",
      "rgb(192, 57, 43)",
    );
  } finally {
    const api = await adminApi(request);
    for (const key of ["primaryColorLight", "primaryColorDark", "appName"]) await api.setSetting(key, "");
  }
});
