import { MESSAGES_API_IDEMPOTENCY_HOURS } from "@inbox/shared";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildConnection } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { runJob } from "../../test/jobs.js";
import { messagesApiKeys } from "../db/schema/index.js";
import { PRUNE_API_KEYS, pruneApiKeys } from "./prune-api-keys.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
});
afterAll(() => server.close());

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

async function keys(companyId: number, whatsappId: number, ages: Record<string, number>) {
  await server.database.db.insert(messagesApiKeys).values(
    Object.entries(ages).map(([key, hours]) => ({
      companyId,
      whatsappId,
      key,
      ticketId: 1,
      messageIds: [1],
      createdAt: hoursAgo(hours),
    })),
  );
}

/** The keys left of these companies (on PostgreSQL the database is shared with other runs). */
async function keysLeft(...companyIds: number[]): Promise<string[]> {
  const rows = await server.database.db
    .select({ key: messagesApiKeys.key })
    .from(messagesApiKeys)
    .where(inArray(messagesApiKeys.companyId, companyIds));
  return rows.map((r) => r.key).sort();
}

describe("pruning the Messages API's idempotency keys", () => {
  it("deletes the keys past their window, of every company, and keeps those still answering retries", async () => {
    const window = MESSAGES_API_IDEMPOTENCY_HOURS;
    const a = await buildCompany(server.database.db);
    const b = await buildCompany(server.database.db);
    const onA = await buildConnection(server.database.db, a.id);
    const onB = await buildConnection(server.database.db, b.id);
    await keys(a.id, onA.id, { "a-old": window + 1, "a-fresh": window - 1, "a-now": 0 });
    await keys(b.id, onB.id, { "b-old": window * 3 });

    expect(await pruneApiKeys(server.database.db)).toBeGreaterThanOrEqual(2);
    expect(await keysLeft(a.id, b.id)).toEqual(["a-fresh", "a-now"]);
    expect(await pruneApiKeys(server.database.db)).toBe(0);
  });

  it("runs as an hourly pg-boss job", async () => {
    const company = await buildCompany(server.database.db);
    const connection = await buildConnection(server.database.db, company.id);
    await keys(company.id, connection.id, { "job-old": MESSAGES_API_IDEMPOTENCY_HOURS + 5 });

    expect(await runJob(server, PRUNE_API_KEYS)).toBe("completed");
    expect(await keysLeft(company.id)).toEqual([]);
  });
});
