import { adminApi, sessionToken } from "../fixtures/app";
import { expect, test } from "../fixtures/test";

/**
 * Issue 10: an expired company's admin still signs in, lands on the open
 * invoices (/financeiro-aberto) with the expiry message, and the API refuses
 * everything but what paying needs with ERR_SUBSCRIPTION_EXPIRED. The company
 * is made expired the way the platform owner would: POST /companies with a
 * past due date.
 */
const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

test("an expired company's admin lands on /financeiro-aberto and its API answers the expiry code", async ({
  page,
  request,
}) => {
  const owner = await adminApi(request);
  const ownerHeaders = { authorization: `Bearer ${owner.token}` };
  const plans = await request.get("/plans/all", { headers: ownerHeaders });
  expect(plans.ok(), await plans.text()).toBe(true);
  const [plan] = (await plans.json()) as { id: number; name: string }[];
  const stamp = Date.now();
  const email = `expired-${stamp}@e2e.test`;
  const password = "expired-admin-1";
  const created = await request.post("/companies", {
    headers: ownerHeaders,
    data: { name: `Expirada ${stamp}`, email, password, planId: plan?.id, dueDate: yesterday() },
  });
  expect(created.ok(), await created.text()).toBe(true);
  // Its invoice for that due date, as the daily job would make it.
  const generated = await request.post("/invoices/generate", { headers: ownerHeaders });
  expect(generated.ok(), await generated.text()).toBe(true);

  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();

  await expect(page).toHaveURL(/\/financeiro-aberto$/);
  await expect(page.getByText("Sua assinatura expirou.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Faturas (1)" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: plan?.name ?? "" });
  await expect(row.getByText("Vencido")).toBeVisible();

  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const refused = await request.get("/tickets", { headers });
  expect(refused.status()).toBe(402);
  expect(((await refused.json()) as { error: string }).error).toBe("ERR_SUBSCRIPTION_EXPIRED");
  expect((await request.get("/invoices/all", { headers })).status()).toBe(200);
  expect((await request.get("/auth/me", { headers })).status()).toBe(200);

  // Any screen the server refuses sends the web app back to the open invoices.
  await page.goto("/contacts");
  await expect(page).toHaveURL(/\/financeiro-aberto$/);
});
