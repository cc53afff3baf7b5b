import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test";
import { ADMIN_EMAIL, ADMIN_PASSWORD } from "../playwright.config";

/**
 * The dashboard (spec 1 sections 2 and 6): an admin sees the counters and
 * the attendants; a user without showDashboard gets the 403 view, whose
 * 'Voltar' leads to /tickets.
 */

const USER_EMAIL = "sem-dashboard@e2e.test";
const USER_PASSWORD = "e2e-user-password";

interface Counters {
  supportPending: number;
  leads: number;
  passiveTickets: number;
}

let adminToken = "";

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
  adminToken = ((await login.json()) as { token: string }).token;
  const created = await request.post("/users", {
    headers: { authorization: `Bearer ${adminToken}` },
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

// No ticket is created here: tickets-live.spec.ts expects an empty waiting tab. The exact counting is
// the server suite's (modules/dashboard/dashboard.test.ts).
test("an admin sees the counters the API computes, the charts area and the attendants", async ({
  page,
  request,
}) => {
  const res = await request.get("/dashboard", { headers: { authorization: `Bearer ${adminToken}` } });
  expect(res.ok(), await res.text()).toBe(true);
  const { counters } = (await res.json()) as { counters: Counters };

  await signIn(page, ADMIN_EMAIL, ADMIN_PASSWORD);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  for (const label of ["Em atendimento", "Finalizados", "Ativos", "T.M. de resposta", "T.M. de espera"]) {
    await expect(page.getByRole("group", { name: label })).toBeVisible();
  }
  await expect(page.getByRole("group", { name: "Aguardando" })).toContainText(
    String(counters.supportPending),
  );
  await expect(page.getByRole("group", { name: "Novos contatos" })).toContainText(String(counters.leads));
  await expect(page.getByRole("group", { name: "Receptivos" })).toContainText(
    String(counters.passiveTickets),
  );
  const attendants = page.getByRole("table", { name: "Atendentes" });
  await expect(attendants.getByRole("row", { name: /Sem Dashboard/ })).toBeVisible();
  await expect(attendants.getByRole("row", { name: /Admin/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Exportar planilha" })).toBeEnabled();

  // The range drives the request: an old month has nothing, and says so.
  await page.getByLabel("Data inicial").fill("2020-01-01");
  await page.getByLabel("Data final").fill("2020-01-31");
  await expect(page.getByText("Nenhum atendimento no período.")).toBeVisible();
  await expect(page.getByRole("group", { name: "Aguardando" })).toContainText("0");
  await page.screenshot({ path: ".tmp/results/dashboard-admin.png", fullPage: true });
});
