import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildContact, buildQueue, buildTicket, buildUser } from "../../test/factories.js";
import { startTestServer, type TestServer } from "../../test/harness.js";
import {
  companySettings,
  queueRotations,
  queues,
  ticketAutomations,
  tickets,
  userQueues,
} from "../db/schema/index.js";
import { handOut } from "./rotator.js";

describe("handOut", () => {
  it("in turn after the last user, wrapping round; none without users", () => {
    expect(handOut([1, 2, 3], [30, 10, 20], null)).toEqual([
      { ticketId: 1, userId: 10 },
      { ticketId: 2, userId: 20 },
      { ticketId: 3, userId: 30 },
    ]);
    expect(handOut([1, 2], [10, 20, 30], 20).map((g) => g.userId)).toEqual([30, 10]);
    expect(handOut([1], [10, 20], 99).map((g) => g.userId)).toEqual([10]);
    expect(handOut([1, 2], [], null)).toEqual([]);
  });

  it("userRandom: whoever the draw names", () => {
    const draws = [0.9, 0.1];
    expect(handOut([1, 2], [10, 20], null, () => draws.shift() ?? 0).map((g) => g.userId)).toEqual([20, 10]);
  });
});

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
const db = () => server.database.db;

describe("the queue rotator", () => {
  // On PostgreSQL every test file shares one database, and the jobs-enabled test servers of other
  // files run the rotator in their minute sweeps over it. So the queue rotates only once all its
  // tickets exist (a sweep between two of them would hand out the first ones alone and start the
  // turn's clock), and the turn is moved a minute past its due time (the clocks of PostgreSQL and
  // this process compare to the microsecond and the millisecond). Another process's pass then
  // hands out exactly what this test's would.
  it("every tempoRoteador minutes hands the queue's waiting tickets to its online users in turn", async () => {
    const company = await buildCompany(db());
    const c = company.id;
    const queue = await buildQueue(db(), c, { ativarRoteador: false, tempoRoteador: 5 });
    const other = await buildQueue(db(), c);
    const ana = await buildUser(db(), c, { online: true });
    const bia = await buildUser(db(), c, { online: true });
    const off = await buildUser(db(), c, { online: false });
    await db()
      .insert(userQueues)
      .values([ana, bia, off].map((u) => ({ companyId: c, userId: u.id, queueId: queue.id })));
    const waiting = async (queueId = queue.id) =>
      buildTicket(db(), c, { status: "pending", queueId, contactId: (await buildContact(db(), c)).id });
    const [t1, t2, t3] = [await waiting(), await waiting(), await waiting()];
    const inMenu = await waiting();
    await db()
      .insert(ticketAutomations)
      .values({ companyId: c, ticketId: inMenu.id, state: { stage: "menu" } });
    const elsewhere = await waiting(other.id);
    await db().update(queues).set({ ativarRoteador: true }).where(eq(queues.id, queue.id));

    await server.automation.rotator.pass();
    const owner = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0];
    const [first, second] = [ana, bia].sort((a, b) => a.id - b.id) as [typeof ana, typeof bia];
    expect((await owner(t1.id))?.userId).toBe(first.id);
    expect((await owner(t2.id))?.userId).toBe(second.id);
    expect(await owner(t3.id)).toMatchObject({ userId: first.id, status: "open" });
    expect((await owner(inMenu.id))?.userId).toBeNull();
    expect((await owner(elsewhere.id))?.userId).toBeNull();

    // Not before tempoRoteador minutes; then the turn goes on after the last user.
    const t4 = await waiting();
    await server.automation.rotator.pass();
    expect((await owner(t4.id))?.userId).toBeNull();
    await db()
      .update(queueRotations)
      .set({ lastAt: sql`now() - interval '6 minutes'` })
      .where(eq(queueRotations.queueId, queue.id));
    await server.automation.rotator.pass();
    expect((await owner(t4.id))?.userId).toBe(second.id);
  });

  it("userRandom picks among online users; nobody online leaves tickets waiting", async () => {
    const company = await buildCompany(db());
    const c = company.id;
    await db().update(companySettings).set({ userRandom: "enabled" }).where(eq(companySettings.companyId, c));
    const queue = await buildQueue(db(), c, { ativarRoteador: true, tempoRoteador: 2 });
    const away = await buildUser(db(), c, { online: false });
    await db().insert(userQueues).values({ companyId: c, userId: away.id, queueId: queue.id });
    const ticket = await buildTicket(db(), c, { status: "pending", queueId: queue.id });
    await server.automation.rotator.pass();
    const [row] = await db()
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticket.id), eq(tickets.companyId, c)));
    expect(row).toMatchObject({ status: "pending", userId: null });

    const here = await buildUser(db(), c, { online: true });
    await db().insert(userQueues).values({ companyId: c, userId: here.id, queueId: queue.id });
    await db().update(queueRotations).set({ lastAt: null }).where(eq(queueRotations.queueId, queue.id));
    await server.automation.rotator.pass();
    const [after] = await db().select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(after).toMatchObject({ status: "open", userId: here.id });
  });
});
