import { expect, type Page, test } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * The dashboard (spec 1 sections 2 and 6): an admin sees the counters and
 * the attendants; a user without showDashboard gets the 403 view, whose
 * 'Voltar' leads to /tickets.
 */

const USER_EMAIL = "sem-dashboard@e2e.test";
const USER_PASSWORD = "e2e-user-password";

async function signIn(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Senha", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/tickets$/);
}

test.beforeAll(async ({ request }) => {
  const login = await request.post("/auth/login", { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
  expect(login.ok(), await login.text()).toBe(true);
  const { token } = (await login.json()) as { token: string };
  const created = await request.post("/users", {
    headers: { authorization: `Bearer ${token}` },
    data: { name: "Sem Dashboard", email: USER_EMAIL, password: USER_PASSWORD, profile: "user" },
  });
  expect(created.ok(), await created.text()).toBe(true);
});

test("a user without dashboard rights opening /dashboard sees the 403 view and goes back to /tickets", async ({
  page,
}) => {
  await signIn(page, USER_EMAIL, USER_PASSWORD);
  await page.goto("/dashboard");
  await expect(page.getByText("Oops! Acesso Negado!")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeHidden();
  await page.getByRole("link", { name: "Voltar" }).click();
  await expect(page).toHaveURL(/\/tickets$/);

  // The API agrees: the dashboard is refused, not just hidden.
  const stored = (await page.evaluate("localStorage.getItem('token')")) as string;
  const res = await page.request.get("/dashboard", {
    headers: { Accept: "application/json", authorization: `Bearer ${JSON.parse(stored)}` },
  });
  const status = res.status();
  expect(status).toBe(403);
});

test("an admin sees the counters and the attendants", async ({ page }) => {
  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const label of ["Em atendimento", "Aguardando", "Finalizados", "Novos contatos", "T.M. de resposta"]) {
    await expect(page.getByRole("group", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("group", { name: "Aguardando" })).toContainText(/\d+/);
  const attendants = page.getByRole("table", { name: "Atendentes" });
  await expect(attendants.getByRole("row", { name: /Sem Dashboard/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Exportar planilha" })).toBeEnabled();
  await page.screenshot({ path: ".tmp/results/dashboard-admin.png", fullPage: true });
});
