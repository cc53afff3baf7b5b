import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildAdmin, buildCompany, buildTeam, login } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { eventually } from "../../test/meta.js";
import { companies } from "../db/schema/index.js";
import { MEASURE_COMPANY_FOLDERS } from "./measure-company-folders.js";

/** The companies' jobs through pg-boss, as the server registers them (jobs on). */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
});
afterAll(() => server.close());
const db = () => server.database.db;

/** Waits for background work (a job, a socket event) up to a minute: a busy CI machine is slow. */
const until = (check: () => boolean | Promise<boolean>) => eventually(async () => await check(), 60_000);

const companyRow = async (id: number) => (await db().select().from(companies).where(eq(companies.id, id)))[0];

describe("companies jobs", () => {
  it("companies.measure-folders stores the folder's size and file count", async () => {
    const company = await buildCompany(db());
    const dir = join(server.config.dataDir, "public", `company${company.id}`, "media");
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "a.bin"), Buffer.alloc(300));
    await server.jobs!.send(MEASURE_COMPANY_FOLDERS, {});
    await until(async () => (await companyRow(company.id))?.folderSize === 300);
    expect(await companyRow(company.id)).toMatchObject({
      numberFileFolder: 1,
      updatedAtFolder: expect.any(Date),
    });
  });

  it("DELETE /companies/{id} queues companies.delete, which removes the company", async () => {
    const owner = await buildTeam(server.app, db());
    const boss = await buildAdmin(db(), owner.company.id, { super: true });
    const session = await login(server.app, boss.email);
    const doomed = await buildTeam(server.app, db());
    const res = await server.app.inject({
      method: "DELETE",
      url: `/companies/${doomed.company.id}`,
      headers: session.headers,
      payload: { name: (await companyRow(doomed.company.id))!.name },
    });
    expect(res.statusCode, res.body).toBe(202);
    await until(async () => (await companyRow(doomed.company.id)) === undefined);
    expect(await companyRow(owner.company.id)).toMatchObject({ status: true });
  });
});
