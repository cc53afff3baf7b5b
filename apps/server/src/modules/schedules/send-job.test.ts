import type { AddressInfo } from "node:net";
import { type MetaSim, startMetaSim } from "@inbox/meta-sim";
import type { ScheduleDto } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { connectedCompany, eventually } from "../../../test/meta.js";
import { schedules, tickets } from "../../db/schema/index.js";

/** The real pg-boss path: POST /schedules sets a job at sendAt, the job sends through meta-sim. */
let sim: MetaSim;
let server: TestServer;
let baseUrl: string;

beforeAll(async () => {
  sim = await startMetaSim({ port: 0, host: "127.0.0.1" });
  server = await startTestServer({
    jobs: true,
    env: { META_GRAPH_URL: sim.url, META_GRAPH_VERSION: sim.graphVersion },
  });
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await server.close();
  await sim.close();
});

describe("the schedules.send job (pg-boss)", () => {
  it("sends a schedule at its sendAt, once", async () => {
    const world = { server, sim, baseUrl, close: async () => {} };
    const account = await connectedCompany(world, "whatsappapi");
    const from = `55319${String(Date.now()).slice(-8)}`;
    await sim.cloud.text(account.accountId, { from, body: "Oi" });
    const companyId = account.team.company.id;
    const ticket = await eventually(async () => {
      const [row] = await server.database.db.select().from(tickets).where(eq(tickets.companyId, companyId));
      return row;
    });
    const res = await server.app.inject({
      method: "POST",
      url: "/schedules",
      headers: account.team.adminSession.headers,
      payload: {
        body: "Chegou a hora",
        contactId: ticket.contactId,
        ticketId: ticket.id,
        sendAt: new Date(Date.now() + 1500).toISOString(),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = (res.json() as ScheduleDto).id;
    expect(sim.sent.filter((s) => s.recipient === from)).toHaveLength(0);
    const row = await eventually(async () => {
      const [found] = await server.database.db.select().from(schedules).where(eq(schedules.id, id));
      return found?.status === "completed" ? found : undefined;
    }, 20_000);
    expect(row.sentAt).toBeInstanceOf(Date);
    const sends = sim.sent.filter((s) => s.recipient === from && s.id);
    expect(sends).toHaveLength(1);
    expect(sends[0]?.body).toMatchObject({ text: { body: "Chegou a hora" } });
  }, 30_000);
});
