import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import type { CompanyDeletionPayload } from "@inbox/shared";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildTeam, login, type Session } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import { TestSockets } from "../../../test/sockets.js";
import { buildWorld } from "../../../test/world.js";
import { rowsOf } from "../../db/client.js";
import { companies, settings } from "../../db/schema/index.js";

let server: TestServer;
let url: string;
const clients = new TestSockets(() => url);
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  clients.closeAll();
  await server.close();
});
const db = () => server.database.db;
const storageRoot = () => join(server.config.dataDir, "public");

/** Every table with a company_id column, as the database says (not the code's list). */
async function tenantTables(): Promise<string[]> {
  return rowsOf<{ table_name: string }>(
    await db().execute(sql`
      SELECT c.table_name FROM information_schema.columns c
      JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.column_name = 'company_id' AND c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
    `),
  ).map((row) => row.table_name);
}

/** Rows per tenant table of the company, and a digest of them. */
async function holdings(companyId: number): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of await tenantTables()) {
    const [row] = rowsOf<{ n: number; d: string }>(
      await db().execute(
        sql`SELECT count(*)::int AS n, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS d
            FROM ${sql.identifier(table)} x WHERE x.company_id = ${companyId}`,
      ),
    );
    if (Number(row?.n) > 0) out[table] = `${row?.n}:${row?.d}`;
  }
  return out;
}

function files(companyId: number): string[] {
  const dir = join(storageRoot(), `company${companyId}`);
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true }).map(String);
}

/** The deletion progress the session's company hears, on a socket that reconnects (socket.io's default). */
async function socketFor(session: Session) {
  const event = `company-${session.user.companyId}-companyDeletion`;
  return (await clients.hearing<CompanyDeletionPayload>(session.token, event, { reconnection: true })).heard;
}

/** Waits for background work (a job, a socket event) up to a minute: a busy CI machine is slow. */
const until = (check: () => boolean | Promise<boolean>) => eventually(async () => await check(), 60_000);

describe("DELETE /companies/{id}", () => {
  it("after the typed name, removes every row and file of the company and nothing of another", async () => {
    const owner = await buildTeam(server.app, db());
    const boss = await buildAdmin(db(), owner.company.id, { super: true });
    const session = await login(server.app, boss.email);
    const events = await socketFor(session);

    const doomed = await buildTeam(server.app, db());
    await buildWorld(db(), doomed.company.id, storageRoot());
    await db().insert(settings).values({ companyId: doomed.company.id, key: "doomed", value: "x" });
    mkdirSync(join(storageRoot(), `company${doomed.company.id}`, "logos"), { recursive: true });
    writeFileSync(join(storageRoot(), `company${doomed.company.id}`, "logos", "l.png"), "x");
    const kept = await buildTeam(server.app, db());
    await buildWorld(db(), kept.company.id, storageRoot());
    const keptBefore = await holdings(kept.company.id);
    const keptFiles = files(kept.company.id);
    expect(Object.keys(await holdings(doomed.company.id)).length).toBeGreaterThan(15);
    expect(files(doomed.company.id).length).toBeGreaterThan(0);

    const [name] = await db()
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, doomed.company.id));
    const mismatch = await server.app.inject({
      method: "DELETE",
      url: `/companies/${doomed.company.id}`,
      headers: session.headers,
      payload: { name: `${name!.name} x` },
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ error: "ERR_COMPANY_CONFIRMATION_MISMATCH", field: "name" });
    expect(
      (
        await server.app.inject({
          method: "DELETE",
          url: `/companies/${doomed.company.id}`,
          headers: session.headers,
        })
      ).statusCode,
    ).toBe(400);

    const res = await server.app.inject({
      method: "DELETE",
      url: `/companies/${doomed.company.id}`,
      headers: session.headers,
      payload: { name: name!.name },
    });
    expect(res.statusCode, res.body).toBe(202);
    // Switched off at once: its users' sessions are over.
    expect(
      (await server.app.inject({ method: "GET", url: "/queue", headers: doomed.adminSession.headers }))
        .statusCode,
    ).toBe(401);

    await until(() => events.some((e) => e.companyId === doomed.company.id && e.finished));
    expect(await holdings(doomed.company.id)).toEqual({});
    expect(await db().select().from(companies).where(eq(companies.id, doomed.company.id))).toEqual([]);
    expect(files(doomed.company.id)).toEqual([]);
    expect(existsSync(join(storageRoot(), `company${doomed.company.id}`))).toBe(false);
    expect(await holdings(kept.company.id)).toEqual(keptBefore);
    expect(files(kept.company.id)).toEqual(keptFiles);

    const progress = events.filter((e) => e.companyId === doomed.company.id);
    expect(progress[0]).toMatchObject({ done: 0, finished: false });
    const last = progress.at(-1)!;
    expect(last.done).toBe(last.total);
    for (let i = 1; i < progress.length; i++)
      expect(progress[i]!.done).toBeGreaterThanOrEqual(progress[i - 1]!.done);
  });

  it("never deletes the platform owner's company (one holding a super user)", async () => {
    const owner = await buildTeam(server.app, db());
    const boss = await buildAdmin(db(), owner.company.id, { super: true });
    const session = await login(server.app, boss.email);
    const [row] = await db().select().from(companies).where(eq(companies.id, owner.company.id));
    const res = await server.app.inject({
      method: "DELETE",
      url: `/companies/${owner.company.id}`,
      headers: session.headers,
      payload: { name: row!.name },
    });
    expect(res.statusCode).toBe(403);
    const [after] = await db().select().from(companies).where(eq(companies.id, owner.company.id));
    expect(after).toMatchObject({ status: true });
  });
});
