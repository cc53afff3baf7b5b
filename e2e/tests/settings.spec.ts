import { adminApi, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * Issue 9: the settings page saves a setting and another open tab sees it
 * (company-{id}-settings), and a flag that needs its message waits for it
 * (spec 2 section 5). The settings are put back afterwards: later specs
 * expect the company's defaults.
 */
test("a setting saved in one tab shows in another; the transfer message comes before its flag", async ({
  page,
  context,
  request,
}) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  const other = await context.newPage();
  try {
    await page.goto("/settings");
    await other.goto("/settings");
    const notify = (p: typeof page) => p.getByRole("combobox", { name: "Notificar atendimentos aguardando" });
    await expect(notify(other)).toHaveText("Desabilitado");

    await notify(page).click();
    await page.getByRole("option", { name: "Habilitado" }).click();
    await expect(page.getByText("Operação atualizada com sucesso.")).toBeVisible();
    // The other tab hears it live, without a reload.
    await expect(notify(other)).toHaveText("Habilitado");

    // Section 5: enabling the transfer message asks for the message first.
    const transfer = page.getByRole("combobox", { name: "Enviar mensagem de transferência" });
    await transfer.click();
    await page.getByRole("option", { name: "Habilitado" }).click();
    await expect(
      page.getByText("A mensagem de transferência é obrigatória com o envio da transferência habilitado."),
    ).toBeVisible();
    const message = page.getByRole("textbox", { name: "Mensagem de transferência" });
    await message.fill("Você foi transferido para {{queue}}");
    await message.blur();
    await expect(other.getByRole("combobox", { name: "Enviar mensagem de transferência" })).toHaveText(
      "Habilitado",
    );
    await expect(other.getByRole("textbox", { name: "Mensagem de transferência" })).toHaveValue(
      "Você foi transferido para {{queue}}",
    );
  } finally {
    await other.close();
    const api = await adminApi(request);
    for (const [key, value] of [
      ["showNotificationPending", "disabled"],
      ["sendMsgTransfTicket", "disabled"],
      ["transferMessage", ""],
    ]) {
      const res = await request.put(`/settings/${key}`, {
        headers: { authorization: `Bearer ${api.token}` },
        data: { value },
      });
      expect(res.ok(), await res.text()).toBe(true);
    }
  }
});
