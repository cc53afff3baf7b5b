import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshPostgresDatabase } from "./fresh-database.js";
import { usingPostgres } from "./harness.js";
import { freePort } from "./server-process.js";
import { TestSockets } from "./sockets.js";

/**
 * Two real server processes on one PostgreSQL and one Redis, their WhatsApp
 * Web sessions on the Baileys test socket (fixtures/fake-whatsapp-main.ts).
 * A session runs in exactly one process; commands given to the other reach
 * it; QR codes reach a browser connected to either process; and when the
 * owner is killed (SIGKILL, no shutdown) the other process takes the session
 * over by itself.
 *
 * Several processes need PostgreSQL and Redis (PGlite is one process's
 * embedded database): without TEST_DATABASE_URL and TEST_REDIS_URL, as in a
 * plain `npm test` without them, there is nothing to run; `.ci/run` sets both.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const admin = { email: "cluster@inbox.test", password: "cluster-password" };

interface Node {
  child: ChildProcess;
  pid: number;
  url: string;
  /** How many fake WhatsApp sockets this process opened so far. */
  sockets: () => number;
}

let databaseUrl = "";
const nodes: Node[] = [];

async function startNode(): Promise<Node> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", "test/fixtures/fake-whatsapp-main.ts"],
    {
      cwd: join(import.meta.dirname, ".."),
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(port),
        HOST: "127.0.0.1",
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: mkdtempSync(join(tmpdir(), "inbox-cluster-")),
        DATABASE_URL: databaseUrl,
        REDIS_URL: redisUrl as string,
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        JWT_SECRET: "cluster-access-secret-cluster-access-secret-0123",
        JWT_REFRESH_SECRET: "cluster-refresh-secret-cluster-refresh-secret-01",
        SERVE_WEB: "false",
        JOBS_ENABLED: "false",
        LOG_LEVEL: "silent",
      },
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  let sockets = 0;
  let ready: (pid: number) => void = () => {};
  const readyPid = new Promise<number>((resolve) => (ready = resolve));
  let buffered = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    buffered += chunk.toString();
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith("SOCKET ")) sockets += 1;
      if (line.startsWith("READY ")) ready(Number(line.slice(6)));
    }
  });
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`server exited with ${code} before it was ready`))),
  );
  const pid = await Promise.race([readyPid, exited]);
  const node = { child, pid, url: `http://127.0.0.1:${port}`, sockets: () => sockets };
  nodes.push(node);
  return node;
}

async function api<T>(node: Node, method: string, path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${node.url}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { "content-type": "application/json" }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Polls until `check` answers something truthy (generous: CI's 2 cores are busy). */
async function eventually<T>(check: () => Promise<T> | T, timeoutMs = 90_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function leaseOwnerRows(connectionId: number) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      "SELECT owner, expires_at > now() AS live FROM whatsapp_session_leases WHERE whatsapp_id = $1",
      [connectionId],
    );
    return rows as { owner: string; live: boolean }[];
  } finally {
    await client.end();
  }
}

describe.skipIf(!usingPostgres || !redisUrl)("two server processes share the WhatsApp Web sessions", () => {
  let browsers: TestSockets | undefined;

  beforeAll(async () => {
    databaseUrl = await freshPostgresDatabase("inbox_two_processes_test");
  });
  afterAll(async () => {
    browsers?.closeAll();
    for (const node of nodes) if (node.child.exitCode === null) node.child.kill("SIGKILL");
  });

  it("one process runs each session, the other's commands and browsers reach it, and it is taken over when killed", async () => {
    const a = await startNode();
    const b = await startNode();
    const { token, user } = await api<{ token: string; user: { companyId: number } }>(
      a,
      "POST",
      "/auth/login",
      undefined,
      admin,
    );

    // A browser connected to B hears QR codes, wherever the session runs.
    browsers = new TestSockets(b.url);
    const { heard } = await browsers.hearing<{ session?: { qrcode?: string }; qrcode?: string }>(
      token,
      `company-${user.companyId}-whatsappSession`,
    );
    const qrCodes = () =>
      heard.flatMap((payload) => {
        const qrcode = payload.session?.qrcode ?? payload.qrcode;
        return qrcode ? [qrcode] : [];
      });
    await new Promise((resolve) => setTimeout(resolve, 500)); // the Redis adapter subscribes

    // Created through A: the session runs on A, and its QR code reaches the browser on B.
    const connection = await api<{ id: number }>(a, "POST", "/whatsapp", token, {
      name: "Cluster",
      channel: "whatsapp",
    });
    await eventually(() => qrCodes().some((qr) => qr.startsWith(`QR-${a.pid}-`)));
    expect(a.sockets()).toBe(1);
    expect(b.sockets()).toBe(0);

    // A new QR code asked of B is made by A: still no socket on B.
    await api(b, "PUT", `/whatsappsession/${connection.id}`, token, {});
    await eventually(() => a.sockets() === 2);
    await eventually(() => qrCodes().includes(`QR-${a.pid}-2`));
    expect(b.sockets()).toBe(0);
    const [lease] = await leaseOwnerRows(connection.id);
    expect(lease?.live).toBe(true);

    // A dies without a word. B takes the session over by itself (lease 20 s, loop every 5 s).
    a.child.kill("SIGKILL");
    await eventually(() => b.sockets() === 1);
    await eventually(() => qrCodes().some((qr) => qr.startsWith(`QR-${b.pid}-`)));
    const [taken] = await leaseOwnerRows(connection.id);
    expect(taken?.owner).not.toBe(lease?.owner);
    expect(taken?.live).toBe(true);
    // Exactly one socket came up on B for it, and it stays one over further lease rounds.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(b.sockets()).toBe(1);
  }, 240_000);
});
