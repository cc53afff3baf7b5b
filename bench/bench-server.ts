/**
 * What the read benchmarks share: their database on the local PostgreSQL and
 * the built server started on it as its own process (so its CPU can be read
 * from /proc apart from the load generator's).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { SERVER_NODE_FLAGS } from "../scripts/server-flags.mjs";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..");
export const BENCH_PASSWORD = "bench-password";

/** `name` on the PostgreSQL of BENCH_ADMIN_DATABASE_URL (whose own database creates it). */
export function benchDatabase(name: string) {
  const adminUrl = process.env.BENCH_ADMIN_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  return { adminUrl, dbName: name, dbUrl: adminUrl.replace(/\/[^/]+$/, `/${name}`) };
}

export async function recreateDatabase(adminUrl: string, dbName: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${dbName}`);
  } finally {
    await admin.end();
  }
}

export interface BenchServerOptions {
  port: number;
  dbUrl: string;
  /** A first start on large data also runs migrations that build indexes. */
  startTimeoutMs?: number;
  /** Overrides of the environment below (e.g. JOBS_ENABLED for a benchmark of background work). */
  env?: Record<string, string>;
}

/**
 * Starts apps/server/dist on `dbUrl` (run `npm run build` first) and waits for
 * /version. Jobs are off (unless `env` turns them on) and the rate limit out of
 * the way: the benchmark measures reads. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof"
 * profiles it; BENCH_SERVER_LOG=<file> keeps its log (warnings and errors) for a look afterwards.
 */
export async function startBenchServer(options: BenchServerOptions): Promise<ChildProcess> {
  const { port, dbUrl, startTimeoutMs = 120_000 } = options;
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? "").split(" ").filter(Boolean);
  // The server runs as `npm start` runs it (scripts/server-flags.mjs).
  const child = spawn(
    process.execPath,
    [...SERVER_NODE_FLAGS, ...nodeArgs, join(root, "apps/server/dist/main.js")],
    {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATABASE_URL: dbUrl,
        JWT_SECRET: "bench-secret-bench-secret-bench-secret-0001",
        JWT_REFRESH_SECRET: "bench-secret-bench-secret-bench-secret-0002",
        ADMIN_EMAIL: "admin@bench.test",
        ADMIN_PASSWORD: BENCH_PASSWORD,
        LOG_LEVEL: "warn",
        RATE_LIMIT_PER_IP: "100000",
        JOBS_ENABLED: "false",
        ...options.env,
      },
      stdio: ["ignore", process.env.BENCH_SERVER_LOG ? "pipe" : "ignore", "inherit"],
    },
  );
  if (process.env.BENCH_SERVER_LOG) child.stdout?.pipe(createWriteStream(process.env.BENCH_SERVER_LOG));
  const deadline = Date.now() + startTimeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/version`)).ok) return child;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  child.kill("SIGTERM");
  throw new Error("server did not start");
}

export async function stopBenchServer(child: ChildProcess): Promise<void> {
  child.kill("SIGTERM");
  await new Promise((r) => child.once("exit", r));
}

/** A JSON call to the bench server at `base` (GET without a body, POST with one); throws on an error status. */
export function benchApi(base: string) {
  return async <T>(path: string, token: string | null, body?: unknown): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
}
