import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import { runJob } from "../../test/jobs.js";
import { users } from "../db/schema/index.js";
import { MARK_USERS_OFFLINE } from "./mark-users-offline.js";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: true, env: { USER_OFFLINE_AFTER_SECONDS: "60" } });
});
afterAll(() => server.close());

describe("the mark-users-offline job (pg-boss)", () => {
  it("runs through the queue and marks users whose pings stopped offline, leaving recent ones online", async () => {
    const company = await buildCompany(server.database.db);
    const stale = await buildUser(server.database.db, company.id, {
      online: true,
      lastSeenAt: new Date(Date.now() - 10 * 60_000),
    });
    const fresh = await buildUser(server.database.db, company.id, { online: true, lastSeenAt: new Date() });

    const emitted: { companyId: number; payload: object }[] = [];
    const toCompany = server.realtime.toCompany.bind(server.realtime);
    server.realtime.toCompany = (companyId, topic, payload) => {
      if (topic === "user") emitted.push({ companyId, payload });
      toCompany(companyId, topic, payload);
    };

    expect(await runJob(server, MARK_USERS_OFFLINE)).toBe("completed");
    const [staleRow] = await server.database.db.select().from(users).where(eq(users.id, stale.id));
    const [freshRow] = await server.database.db.select().from(users).where(eq(users.id, fresh.id));
    expect(staleRow?.online).toBe(false);
    expect(freshRow?.online).toBe(true);
    // The company hears it with the full user, as every user update carries.
    expect(emitted).toContainEqual({
      companyId: company.id,
      payload: {
        action: "update",
        user: expect.objectContaining({ id: stale.id, online: false, email: stale.email, queues: [] }),
      },
    });
  });
});
