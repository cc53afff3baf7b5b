import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam, buildTicket, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { rowsOf } from "../../db/client.js";
import { tags, ticketTags } from "../../db/schema/index.js";
import { LaneAutomation } from "./lane-automation.js";
import { laneTimerJob } from "./lane-jobs.js";
import { LANE_TIMER } from "./lane-moves.js";

/** The real pg-boss path: an entry into a timed lane queues its timer job, due at the entry's timer. */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ jobs: true });
});
afterAll(() => server.close());

const db = () => server.database.db;

describe("the kanban.laneTimer job", () => {
  it("is queued at entry with the entry's token, starts after timeLane hours, and its payload moves the ticket", async () => {
    const team = await buildTeam(server.app, db());
    const companyId = team.company.id;
    const ticket = await buildTicket(db(), companyId, { status: "open", userId: team.admin.id });
    const [next] = await db()
      .insert(tags)
      .values({ companyId, name: unique("next"), color: "#101010", kanban: 1 })
      .returning();
    const [timed] = await db()
      .insert(tags)
      .values({
        companyId,
        name: unique("timed"),
        color: "#202020",
        kanban: 1,
        timeLane: 3,
        nextLaneId: next!.id,
      })
      .returning();
    const res = await server.app.inject({
      method: "PUT",
      url: `/ticket-tags/${ticket.id}/${timed!.id}`,
      headers: team.adminSession.headers,
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await db()
      .select()
      .from(ticketTags)
      .where(and(eq(ticketTags.ticketId, ticket.id), eq(ticketTags.tagId, timed!.id)));
    const jobs = rowsOf<{
      data: { companyId: number; ticketId: number; laneEntry: string };
      start_after: Date;
    }>(
      await db().execute(
        sql`SELECT data, start_after FROM pgboss.job WHERE name = ${LANE_TIMER} AND data->>'ticketId' = ${String(ticket.id)}`,
      ),
    );
    expect(jobs).toHaveLength(1);
    expect(jobs[0]?.data).toEqual({ companyId, ticketId: ticket.id, laneEntry: entry?.laneEntry });
    expect(new Date(jobs[0]!.start_after).getTime()).toBe(entry?.laneTimerAt?.getTime());

    // The job's payload, handled as pg-boss would hand it over three hours later (twice: a redelivery).
    const later = new LaneAutomation({
      db: db(),
      events: server.events,
      outbound: server.outbound,
      logger: { info() {}, warn() {} },
      now: () => new Date(Date.now() + 3 * 3_600_000 + 1000),
    });
    await laneTimerJob(later).handle(jobs[0]!.data);
    await laneTimerJob(later).handle(jobs[0]!.data);
    const links = await db().select().from(ticketTags).where(eq(ticketTags.ticketId, ticket.id));
    expect(links.map((l) => l.tagId)).toEqual([next!.id]);
  });
});
