import { adminApi, signIn } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * Schedules (issue 12, spec 3): an admin schedules a message repeating daily
 * three times from the calendar, for a contact found by name, and sees the
 * schedule and its two sends to come on the calendar's agenda.
 */
test("an admin creates a recurring schedule on the calendar and sees its occurrences", async ({
  page,
  request,
}) => {
  const suffix = String(Date.now()).slice(-6);
  const name = `Agenda Cliente ${suffix}`;
  const admin = await adminApi(request);
  const created = await request.post("/contacts", {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name, number: `5511977${suffix}` },
  });
  expect(created.ok(), await created.text()).toBe(true);

  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.getByRole("link", { name: /^Agendamentos$/ }).click();
  await expect(page).toHaveURL(/\/schedules$/);
  await page.getByRole("button", { name: "Novo agendamento", exact: true }).click();

  const dialog = page.getByRole("dialog", { name: "Agendar mensagem" });
  await dialog.getByLabel("Contato").fill(name);
  await page.getByRole("option", { name }).click();
  await dialog.getByLabel("Mensagem").fill("Lembrete diário da consulta");
  const tomorrow = new Date(Date.now() + 86_400_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  const day = `${tomorrow.getFullYear()}-${pad(tomorrow.getMonth() + 1)}-${pad(tomorrow.getDate())}`;
  await dialog.getByLabel("Data e hora do envio").fill(`${day}T10:00`);
  await dialog.getByLabel("Repetir").selectOption({ label: "Dias" });
  await dialog.getByLabel("A cada (intervalo)").fill("1");
  await dialog.getByLabel("Enviar quantas vezes").fill("3");
  await dialog.getByLabel("Em sábados e domingos").selectOption({ label: "Enviar normalmente" });
  await dialog.getByRole("button", { name: "Agendar", exact: true }).click();
  await expect(page.getByText("Agendamento salvo com sucesso!")).toBeVisible();
  await expect(dialog).toBeHidden();

  // The agenda lists the next 30 days: the stored send and the two the series will make.
  await page.getByRole("button", { name: "Agenda", exact: true }).click();
  const cards = page.locator(".rbc-agenda-view").getByText(new RegExp(`10:00 ${name}`));
  await expect(cards).toHaveCount(3);
  await expect(page.locator(".rbc-agenda-view").getByText(`10:00 ${name} · Pendente`)).toHaveCount(1);
});
