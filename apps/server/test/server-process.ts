import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openDatabase } from "../src/db/client.js";
import { emptyPostgresDatabase } from "./fresh-database.js";
import { usingPostgres } from "./harness.js";

/** A TCP port nothing listens on now. */
export async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export const stopped = (child: ChildProcess) =>
  new Promise((resolve) => (child.exitCode !== null ? resolve(null) : child.once("exit", resolve)));

/**
 * The real server as its own process (src/main.ts through tsx), on a data directory and a database
 * of its own (PGlite in the directory, or a fresh PostgreSQL database named `name`), so a test can
 * kill it (SIGKILL: no shutdown at all) and start it again on the same data. The seeded admin signs
 * in with `admin`.
 */
export class ServerProcess {
  readonly admin = { email: "process@inbox.test", password: "process-password" };
  readonly dataDir = mkdtempSync(join(tmpdir(), "inbox-process-"));
  private databaseUrl = "";
  port = 0;

  private constructor(private readonly name: string) {}

  static async create(name: string): Promise<ServerProcess> {
    const server = new ServerProcess(name);
    server.port = await freePort();
    if (usingPostgres) server.databaseUrl = await emptyPostgresDatabase(name);
    return server;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Starts the server and answers once GET /version answers (60 s at most). */
  start(env: Record<string, string>): Promise<ChildProcess> {
    const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", "src/main.ts"], {
      cwd: join(import.meta.dirname, ".."),
      env: {
        ...process.env,
        NODE_ENV: "test",
        PORT: String(this.port),
        HOST: "127.0.0.1",
        DATA_DIR: this.dataDir,
        ADMIN_EMAIL: this.admin.email,
        ADMIN_PASSWORD: this.admin.password,
        SERVE_WEB: "false",
        LOG_LEVEL: "silent",
        DATABASE_URL: this.databaseUrl,
        ...env,
      },
      stdio: ["ignore", "ignore", "inherit"],
    });
    return new Promise((resolve, reject) => {
      const deadline = Date.now() + 60_000;
      const poll = async () => {
        try {
          if ((await fetch(`${this.url}/version`)).ok) return resolve(child);
        } catch {}
        if (Date.now() > deadline || child.exitCode !== null)
          return reject(new Error(`server ${this.name} did not start`));
        setTimeout(poll, 200);
      };
      void poll();
    });
  }

  /** A JSON call; throws on a status other than 2xx. */
  async api<T>(path: string, token: string | null, body?: unknown, method?: string): Promise<T> {
    const res = await fetch(`${this.url}${path}`, {
      method: method ?? (body === undefined ? "GET" : "POST"),
      headers: {
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async login(): Promise<{ token: string; user: { companyId: number } }> {
    return this.api("/auth/login", null, this.admin);
  }

  /** The server's database, opened once the server is stopped (PGlite allows one process). */
  openDatabase() {
    return openDatabase(usingPostgres ? { url: this.databaseUrl } : { pgliteDir: join(this.dataDir, "pg") });
  }
}
