import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type MetaSim, startMetaSim } from "@inbox/meta-sim";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../src/db/client.js";
import { usingPostgres } from "./harness.js";

/**
 * The server is killed (SIGKILL, no shutdown) after answering a webhook and
 * before processing it. Started again, it finds the stored delivery and
 * processes it: the message is there, once.
 */
const dataDir = mkdtempSync(join(tmpdir(), "inbox-crash-"));
const admin = { email: "crash@inbox.test", password: "crash-password" };
let sim: MetaSim;
let port: number;
/** On PostgreSQL, a database of its own: the seed must create company 1 and its admin. */
let databaseUrl = "";

async function freshPostgresDatabase(): Promise<string> {
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const name = "inbox_crash_test";
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  return adminUrl.replace(/\/[^/]+$/, `/${name}`);
}

async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port: p } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return p;
}

function startServer(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/main.ts"], {
    cwd: join(import.meta.dirname, ".."),
    env: {
      ...process.env,
      NODE_ENV: "test",
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      META_GRAPH_URL: sim.url,
      SERVE_WEB: "false",
      LOG_LEVEL: "silent",
      DATABASE_URL: databaseUrl,
      ...env,
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        if ((await fetch(`http://127.0.0.1:${port}/version`)).ok) return resolve(child);
      } catch {}
      if (Date.now() > deadline || child.exitCode !== null) return reject(new Error("server did not start"));
      setTimeout(poll, 200);
    };
    void poll();
  });
}

async function api<T>(path: string, token: string | null, body?: unknown): Promise<T> {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const stopped = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));

beforeAll(async () => {
  sim = await startMetaSim({ port: 0 });
  port = await freePort();
  if (usingPostgres) databaseUrl = await freshPostgresDatabase();
});
afterAll(() => sim.close());

describe("crash between accepting a webhook and processing it", () => {
  it("the message is stored once after a restart", async () => {
    // 1. A server that answers webhooks but would process them only a minute later.
    let server = await startServer({ WEBHOOK_PROCESS_DELAY_MS: "60000" });
    const { token, user } = await api<{ token: string; user: { companyId: number } }>(
      "/auth/login",
      null,
      admin,
    );
    const phoneNumberId = String(Date.now());
    const connection = await api<{ id: number; verifyToken: string }>("/whatsapp", token, {
      name: `crash-${phoneNumberId}`,
      channel: "whatsappapi",
      phoneNumberId,
      accessToken: "crash-token",
      appSecret: "crash-secret",
    });
    const details = await api<{ webhookUrl: string }>(`/whatsapp/${connection.id}`, token);
    sim.registerAccount({
      channel: "whatsappapi",
      accountId: phoneNumberId,
      accessToken: "crash-token",
      appSecret: "crash-secret",
      webhookUrl: details.webhookUrl.replace(/^https?:\/\/[^/]+/, `http://127.0.0.1:${port}`),
    });
    const delivery = await sim.cloud.text(phoneNumberId, {
      from: "5511987654321",
      name: "Sobrevivente",
      body: "antes da queda",
    });
    expect(delivery.status).toBe(200);

    // 2. Killed with no chance to clean up.
    server.kill("SIGKILL");
    await stopped(server);

    // 3. Started again: the boot sweep processes what was accepted.
    server = await startServer({});
    // The boot sweep opens the contact's ticket; a busy machine may take a while.
    const deadline = Date.now() + 30_000;
    let tickets: unknown[] = [];
    while (tickets.length === 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      ({ tickets } = await api<{ tickets: unknown[] }>("/tickets?status=pending&showAll=true", token));
    }
    expect(tickets).toHaveLength(1);
    // The same delivery arriving again (Meta retries) changes nothing; a graceful stop finishes processing it.
    expect((await sim.redeliver(delivery.deliveryId)).status).toBe(200);
    server.kill("SIGTERM");
    await stopped(server);

    const database = await openDatabase(
      usingPostgres ? { url: databaseUrl } : { pgliteDir: join(dataDir, "pg") },
    );
    try {
      const { rows } = await database.sql.query(
        "SELECT body FROM messages WHERE company_id = $1 AND provider_message_id = $2",
        [user.companyId, delivery.providerMessageId],
      );
      expect(rows).toEqual([{ body: "antes da queda" }]);
      const pending = await database.sql.query(
        "SELECT count(*)::int AS n FROM webhook_deliveries WHERE whatsapp_id = $1 AND processed_at IS NULL",
        [connection.id],
      );
      expect(pending.rows[0]).toEqual({ n: 0 });
    } finally {
      await database.close();
    }
  }, 120_000);
});
