import { and, eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { unique } from "../../../test/factories.js";
import { connectedCompany, eventually, startMetaWorld, untilIdle } from "../../../test/meta.js";
import { messages, tags, ticketLogs, tickets, ticketTags } from "../../db/schema/index.js";
import { LaneAutomation } from "./lane-automation.js";

/**
 * The lanes' automation on the real server: the contact writes over meta-sim
 * (Cloud API), greetings go out through the outbound path and what meta-sim
 * received is the assertion. The clock is a second LaneAutomation whose
 * `now` is hours ahead (another process, as the job or the sweeper would run
 * later), or a timer's due time set in the past for the sweeper.
 */

type MetaWorld = Awaited<ReturnType<typeof startMetaWorld>>;
let world: MetaWorld;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());
afterEach(() => vi.restoreAllMocks());

const db = () => world.server.database.db;
const HOUR = 3_600_000;
let counter = 0;
const newNumber = () => `55119${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

/** The same lanes' automation as another process would run it, `hours` later. */
const later = (hours: number) =>
  new LaneAutomation({
    db: db(),
    events: world.server.events,
    outbound: world.server.outbound,
    logger: { info() {}, warn() {} },
    now: () => new Date(Date.now() + hours * HOUR),
  });

/** A Cloud API company, a contact who wrote once (so the ticket is theirs), and lane helpers. */
async function company() {
  const account = await connectedCompany(world, "whatsappapi");
  const companyId = account.team.company.id;
  const from = newNumber();
  const say = (body: string) => world.sim.cloud.text(account.accountId, { from, body, name: "Rita Cliente" });
  await say("Oi");
  const ticket = await eventually(async () => {
    const [row] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
    return row;
  });
  await untilIdle(world);
  const lane = async (values: Partial<typeof tags.$inferInsert> = {}) => {
    const [row] = await db()
      .insert(tags)
      .values({ companyId, name: unique("lane"), color: "#224466", kanban: 1, ...values })
      .returning();
    return row!;
  };
  const put = (tagId: number) =>
    world.server.app.inject({
      method: "PUT",
      url: `/ticket-tags/${ticket.id}/${tagId}`,
      headers: account.team.adminSession.headers,
    });
  const laneOf = async () =>
    (
      await db()
        .select({
          tagId: ticketTags.tagId,
          laneEntry: ticketTags.laneEntry,
          laneTimerAt: ticketTags.laneTimerAt,
        })
        .from(ticketTags)
        .innerJoin(tags, eq(tags.id, ticketTags.tagId))
        .where(and(eq(ticketTags.ticketId, ticket.id), eq(tags.kanban, 1)))
    )[0];
  const laneLogs = async () =>
    (
      await db()
        .select()
        .from(ticketLogs)
        .where(and(eq(ticketLogs.ticketId, ticket.id), eq(ticketLogs.type, "lane")))
        .orderBy(ticketLogs.id)
    ).map((l) => [l.userId, l.fromTagId, l.toTagId]);
  return { account, companyId, from, say, ticket, lane, put, laneOf, laneLogs, admin: account.team.admin };
}

/** The texts meta-sim accepted for this contact, in order. */
const textsTo = (to: string) =>
  world.sim.sent
    .filter((s) => s.recipient === to && s.id)
    .map((s) => String((s.body.text as { body?: string } | undefined)?.body ?? ""));

/** Once the server is idle: the texts the contact got, and no message of the ticket left unsent. */
async function settled(c: { from: string; ticket: { id: number } }) {
  await untilIdle(world);
  const unsent = await db()
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.ticketId, c.ticket.id),
        eq(messages.fromMe, true),
        sql`${messages.providerMessageId} IS NULL`,
      ),
    );
  expect(unsent).toEqual([]);
  return textsTo(c.from);
}

describe("lane greeting", () => {
  it("entering a lane sends its greeting (with the message variables) once; staying or re-putting sends nothing", async () => {
    const c = await company();
    const welcome = await c.lane({ greetingMessageLane: "Olá {{firstName}}, seu pedido está em análise" });
    await c.put(welcome.id);
    expect(await eventually(async () => textsTo(c.from).length === 1 && textsTo(c.from))).toEqual([
      "Olá Rita, seu pedido está em análise",
    ]);
    await c.put(welcome.id);
    await world.server.outbound.sweep(0);
    expect(await settled(c)).toHaveLength(1);
    const [ticket] = await db().select().from(tickets).where(eq(tickets.id, c.ticket.id));
    expect(ticket?.lastMessage).toBe("Olá Rita, seu pedido está em análise");
  });

  it("a group's ticket is not greeted", async () => {
    const c = await company();
    await db().update(tickets).set({ isGroup: true }).where(eq(tickets.id, c.ticket.id));
    const welcome = await c.lane({ greetingMessageLane: "não deveria chegar" });
    await c.put(welcome.id);
    expect((await c.laneOf())?.tagId).toBe(welcome.id);
    expect(await settled(c)).toEqual([]);
  });

  it("a crash after the move's commit (greeting stored, not sent): the outbound sweeper sends it once", async () => {
    const c = await company();
    const welcome = await c.lane({ greetingMessageLane: "Bem-vinda à etapa" });
    // As a process dying right after the commit: nothing is dispatched.
    const dispatch = vi.spyOn(world.server.outbound, "dispatch").mockImplementation(() => {});
    await c.put(welcome.id);
    dispatch.mockRestore();
    await untilIdle(world);
    expect(textsTo(c.from)).toEqual([]);
    await Promise.all([world.server.outbound.sweep(0), world.server.outbound.sweep(0)]);
    await world.server.outbound.sweep(0);
    expect(await settled(c)).toEqual(["Bem-vinda à etapa"]);
  });
});

describe("lane timers", () => {
  it("after timeLane hours the ticket moves to nextLaneId (an entry: greeted, timed again), logged without a user", async () => {
    const c = await company();
    const done = await c.lane({ greetingMessageLane: "Seu atendimento foi concluído" });
    const waiting = await c.lane({ timeLane: 2, nextLaneId: done.id });
    const start = Date.now();
    await c.put(waiting.id);
    const entry = await c.laneOf();
    expect(entry?.tagId).toBe(waiting.id);
    expect(entry?.laneTimerAt?.getTime()).toBeGreaterThanOrEqual(start + 2 * HOUR);

    // An hour later the timer is not due: nothing moves.
    expect(await later(1).timer(c.companyId, c.ticket.id, entry!.laneEntry!)).toBeUndefined();
    expect((await c.laneOf())?.tagId).toBe(waiting.id);

    // Three hours later: moved, once, however many times the job runs and in how many processes.
    const [a, b] = [later(3), later(3)];
    await Promise.all([
      a.timer(c.companyId, c.ticket.id, entry!.laneEntry!),
      b.timer(c.companyId, c.ticket.id, entry!.laneEntry!),
      a.timer(c.companyId, c.ticket.id, entry!.laneEntry!),
      b.sweep(),
    ]);
    expect((await c.laneOf())?.tagId).toBe(done.id);
    expect(await c.laneLogs()).toEqual([
      [c.admin.id, null, waiting.id],
      [null, waiting.id, done.id],
    ]);
    expect(await settled(c)).toEqual(["Seu atendimento foi concluído"]);
  });

  it("a timer of an earlier entry does nothing after a manual move, even back to the same lane", async () => {
    const c = await company();
    const next = await c.lane({ greetingMessageLane: "não deveria chegar" });
    const timed = await c.lane({ timeLane: 1, nextLaneId: next.id });
    const other = await c.lane();
    await c.put(timed.id);
    const first = await c.laneOf();
    await c.put(other.id);
    expect(await later(5).timer(c.companyId, c.ticket.id, first!.laneEntry!)).toBeUndefined();
    expect((await c.laneOf())?.tagId).toBe(other.id);
    // Back in the timed lane: a new entry with its own token; the old job still does nothing.
    await c.put(timed.id);
    const second = await c.laneOf();
    expect(second?.laneEntry).not.toBe(first?.laneEntry);
    expect(await later(5).timer(c.companyId, c.ticket.id, first!.laneEntry!)).toBeUndefined();
    expect((await c.laneOf())?.laneEntry).toBe(second?.laneEntry);
    expect(await settled(c)).toEqual([]);
  });

  it("a timer whose job was lost (a restart before it was queued) is run by the sweeper", async () => {
    const c = await company();
    const next = await c.lane();
    const timed = await c.lane({ timeLane: 4, nextLaneId: next.id });
    await c.put(timed.id);
    await world.server.lanes.sweep(); // not due yet
    expect((await c.laneOf())?.tagId).toBe(timed.id);
    await db()
      .update(ticketTags)
      .set({ laneTimerAt: sql`now() - interval '1 minute'` })
      .where(eq(ticketTags.ticketId, c.ticket.id));
    await world.server.lanes.sweep();
    expect((await c.laneOf())?.tagId).toBe(next.id);
    await world.server.lanes.sweep();
    expect(await c.laneLogs()).toHaveLength(2);
  });

  it("a lane turned into a plain tag while timed: its timer is dropped, the tag stays", async () => {
    const c = await company();
    const next = await c.lane();
    const timed = await c.lane({ timeLane: 1, nextLaneId: next.id });
    await c.put(timed.id);
    await db().update(tags).set({ kanban: 0 }).where(eq(tags.id, timed.id));
    const clock = later(2);
    await clock.sweep();
    await clock.sweep();
    const [row] = await db().select().from(ticketTags).where(eq(ticketTags.ticketId, c.ticket.id));
    expect(row).toMatchObject({ tagId: timed.id, laneTimerAt: null });
  });

  it("lanes pointing at each other move one step per timer, never in a burst", async () => {
    const c = await company();
    const a = await c.lane({ timeLane: 1 });
    const b = await c.lane({ timeLane: 1, nextLaneId: a.id });
    await db().update(tags).set({ nextLaneId: b.id }).where(eq(tags.id, a.id));
    await c.put(a.id);
    const clock = later(1.5);
    await clock.sweep();
    await clock.sweep();
    // One step: the new entry's timer counts from its own entry, an hour past the clock.
    expect((await c.laneOf())?.tagId).toBe(b.id);
    expect(await c.laneLogs()).toHaveLength(2);
    // A lane timed to itself and a lane without a next lane start no timer.
    const self = await c.lane({ timeLane: 1 });
    await db().update(tags).set({ nextLaneId: self.id }).where(eq(tags.id, self.id));
    await c.put(self.id);
    expect((await c.laneOf())?.laneTimerAt).toBeNull();
  });
});

describe("lane rollback", () => {
  it("the contact's message moves the ticket to rollbackLaneId (greeted), once per message; a redelivery does nothing", async () => {
    const c = await company();
    const back = await c.lane({ greetingMessageLane: "Recebemos sua resposta" });
    const asked = await c.lane({ rollbackLaneId: back.id });
    await c.put(asked.id);
    const reply = await c.say("Aqui está o documento");
    await eventually(async () => (await c.laneOf())?.tagId === back.id);
    expect(await settled(c)).toEqual(["Recebemos sua resposta"]);
    await c.put(asked.id);
    await world.sim.redeliver(reply.deliveryId);
    await world.server.automation.sweep();
    expect(await settled(c)).toEqual(["Recebemos sua resposta"]);
    expect((await c.laneOf())?.tagId).toBe(asked.id);
    expect(await c.laneLogs()).toEqual([
      [c.admin.id, null, asked.id],
      [null, asked.id, back.id],
      [c.admin.id, back.id, asked.id],
    ]);
  });

  it("lanes rolling back to each other move once per message, not back and forth", async () => {
    const c = await company();
    const a = await c.lane();
    const b = await c.lane({ rollbackLaneId: a.id });
    await db().update(tags).set({ rollbackLaneId: b.id }).where(eq(tags.id, a.id));
    await c.put(a.id);
    await c.say("um");
    await eventually(async () => (await c.laneOf())?.tagId === b.id);
    await untilIdle(world);
    expect((await c.laneOf())?.tagId).toBe(b.id);
    await c.say("dois");
    await eventually(async () => (await c.laneOf())?.tagId === a.id);
    await untilIdle(world);
    expect(await c.laneLogs()).toHaveLength(3);
  });
});

describe("closed tickets", () => {
  it("a closed ticket is neither moved by its timer nor greeted; its timer is dropped", async () => {
    const c = await company();
    const next = await c.lane({ greetingMessageLane: "não deveria chegar" });
    const timed = await c.lane({ timeLane: 1, nextLaneId: next.id });
    await c.put(timed.id);
    await db()
      .update(tickets)
      .set({ status: "closed", closedAt: new Date() })
      .where(eq(tickets.id, c.ticket.id));
    const clock = later(2);
    await clock.sweep();
    const entry = await c.laneOf();
    expect(entry?.tagId).toBe(timed.id);
    expect(entry?.laneTimerAt).toBeNull();
    // A user may still move a closed card: no greeting, no timer.
    await c.put(next.id);
    expect((await c.laneOf())?.laneTimerAt).toBeNull();
    expect(await settled(c)).toEqual([]);
  });
});
