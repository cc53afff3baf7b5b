import { type ChildProcess, spawn } from "node:child_process";
import { rmSync } from "node:fs";
import { resolve } from "node:path";
import { type APIRequestContext, type Page, request } from "@playwright/test";
import { sessionToken } from "../fixtures/app";
import { expect, test } from "../fixtures/test";
import { META_SIM_URL } from "../playwright.config";

/**
 * The connection cue and the catch-up after a server restart (issue 14). This spec runs its
 * OWN server process (not the suite's shared one, which other specs rely on) on its own port
 * and data directory, stops it while the tickets screen is open, and starts it again on the
 * same data. While the page's socket is down it shows 'Reconectando…'; a ticket and a note
 * made while it could not hear them appear once it is back, without a reload.
 *
 * To make "during the outage" exact, the page's socket.io requests are refused from the
 * moment the server stops until after the ticket and the note exist (the server is back by
 * then, so they can be made); the page's other requests go through.
 */

const port = Number(process.env.E2E_PORT ?? 8099) + 3;
const base = `http://127.0.0.1:${port}`;
const dataDir = resolve(`.tmp/data-reconnect-${port}`);
const EMAIL = "reconnect-admin@e2e.test";
const PASSWORD = "reconnect-admin-password";

let server: ChildProcess | null = null;

async function startServer() {
  const child = spawn(process.execPath, [resolve("../apps/server/dist/main.js")], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: "warn",
      NODE_ENV: "test",
      META_GRAPH_URL: META_SIM_URL,
      RATE_LIMIT_PER_EMAIL: "1000",
      RATE_LIMIT_PER_IP: "5000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  server = child;
  const probe = await request.newContext();
  try {
    await expect
      .poll(
        async () => {
          if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
          return (await probe.get(`${base}/version`).catch(() => null))?.ok() ?? false;
        },
        { timeout: 120_000, intervals: [250, 500, 1000] },
      )
      .toBe(true);
  } finally {
    await probe.dispose();
  }
}

async function stopServer() {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((done) => child.once("exit", done));
  child.kill("SIGTERM");
  // A shutdown that hangs is ended harder; the data survives either way for PGlite's next open.
  const hard = setTimeout(() => child.kill("SIGKILL"), 30_000);
  await exited;
  clearTimeout(hard);
}

async function api(context: APIRequestContext, page: Page) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const post = async <T>(path: string, data: Record<string, unknown>): Promise<T> => {
    const res = await context.post(`${base}${path}`, { headers, data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const get = async <T>(path: string): Promise<T> => {
    const res = await context.get(`${base}${path}`, { headers });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return { post, get };
}

/** The page's socket.io requests (polling handshake first, then the upgrade) are refused or let through. */
const isSocketRequest = (url: URL) => url.pathname.startsWith("/socket.io");

test.beforeAll(() => rmSync(dataDir, { recursive: true, force: true }));
test.afterAll(async () => {
  await stopServer();
});

test("'Reconectando…' while the server is down; what happened meanwhile shows when it returns", async ({
  page,
}) => {
  test.setTimeout(420_000);
  await startServer();
  const context = await request.newContext();

  await page.goto(`${base}/login`);
  await page.getByLabel("Email").fill(EMAIL);
  await page.getByLabel("Senha", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Entrar" }).click();
  await expect(page).toHaveURL(/\/tickets$/);

  // The session's own token: an API login would end the page's session (one session per user).
  const { post, get } = await api(context, page);
  const me = await get<{ id: number }>("/auth/me");
  // The seeded company's one queue ('Atendimento').
  const [queue] = await get<{ id: number }[]>("/queue");
  const connection = await post<{ id: number }>("/whatsapp", {
    channel: "whatsappapi",
    name: "Cloud da queda",
    phoneNumberId: "309876543210001",
    accessToken: "EAAG-reconnect-token",
    appSecret: "reconnect-app-secret",
  });
  const first = await post<{ id: number }>("/contacts", { name: "Clara Antes", number: "5511987650001" });
  const ticket = await post<{ id: number; uuid: string }>("/tickets", {
    contactId: first.id,
    whatsappId: connection.id,
    queueId: queue?.id,
    userId: me.id,
    status: "open",
  });
  await page.goto(`${base}/tickets/${ticket.uuid}`);
  const list = page.getByRole("region", { name: "Atendimentos" });
  await expect(list.getByText("Clara Antes")).toBeVisible();
  const cue = page.getByRole("status").filter({ hasText: "Reconectando…" });
  await expect(cue).toHaveCount(0);

  // The server stops: the socket drops and cannot come back.
  await page.route(isSocketRequest, (route) => route.abort());
  await stopServer();
  await expect(cue).toBeVisible();
  await page.screenshot({ path: `.tmp/results/reconnect-down-${port}.png` });

  // Back on the same data; the page still cannot reach its socket while these are made.
  await startServer();
  const second = await post<{ id: number }>("/contacts", { name: "Bruno Durante", number: "5511987650002" });
  await post("/tickets", {
    contactId: second.id,
    whatsappId: connection.id,
    queueId: queue?.id,
    userId: me.id,
    status: "open",
  });
  await post(`/messages/${ticket.id}`, { body: "Nota escrita durante a queda", isPrivate: true });
  await expect(cue).toBeVisible();

  // The socket reconnects by itself (every second): the cue goes and the lists catch up, no reload.
  await page.unroute(isSocketRequest);
  await expect(cue).toHaveCount(0, { timeout: 60_000 });
  await expect(list.getByText("Bruno Durante")).toBeVisible();
  await expect(page.getByText("Nota escrita durante a queda")).toBeVisible();
  await page.screenshot({ path: `.tmp/results/reconnect-after-${port}.png` });
  await context.dispose();
});
