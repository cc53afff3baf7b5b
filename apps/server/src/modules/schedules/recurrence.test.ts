import type { ScheduleDto } from "@inbox/shared";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../../test/factories.js";
import { connectedCompany, eventually, startMetaWorld } from "../../../test/meta.js";
import { companies, messages, schedules, tickets } from "../../db/schema/index.js";
import { ScheduleSender } from "./sender.js";

/**
 * Recurring schedules and the company's time zone (issue 12). The sender
 * runs on a controlled clock (its `clock`), so occurrences are sent at dates
 * chosen here; only deliver() is called with it (a sweep on a chosen clock
 * would send other files' schedules on the shared database).
 */
let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
let counter = 0;
// A valid Brazilian mobile (21 98…): the contact routes refuse numbers that cannot be one.
const newNumber = () => `552198${String(Date.now()).slice(-5)}${String(counter++ % 100).padStart(2, "0")}`;
const quiet = { warn: () => {} };

/** A sender on a clock the test moves: another "process" racing the first when made twice. */
function senderAt(clock: { now: Date }) {
  const { database, realtime, events, outbound } = world.server;
  return new ScheduleSender({
    db: database.db,
    realtime,
    events,
    outbound,
    logger: quiet,
    clock: () => clock.now,
  });
}

async function conversation() {
  const account = await connectedCompany(world, "whatsappapi");
  const from = newNumber();
  await world.sim.cloud.text(account.accountId, { from, body: "Oi" });
  const companyId = account.team.company.id;
  const ticket = await eventually(async () => {
    const [row] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
    return row?.unreadMessages === 1 ? row : undefined;
  });
  return { from, ticket, companyId, headers: account.team.adminSession.headers };
}

const sendsTo = (to: string) => world.sim.sent.filter((s) => s.recipient === to && s.id);

async function create(headers: Record<string, string>, payload: object) {
  const res = await world.server.app.inject({ method: "POST", url: "/schedules", headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as ScheduleDto;
}

async function series(companyId: number, seriesId: number) {
  return db()
    .select()
    .from(schedules)
    .where(and(eq(schedules.companyId, companyId), eq(schedules.seriesId, seriesId)))
    .orderBy(asc(schedules.occurrence));
}

describe("sendAt without an offset is the company's wall clock", () => {
  it("'2026-12-01 09:00:00' for a company in America/Sao_Paulo is sent at 12:00Z; in Asia/Tokyo at 00:00Z", async () => {
    const team = await buildTeam(world.server.app, db());
    const { headers } = team.adminSession;
    const contact = (
      await world.server.app.inject({
        method: "POST",
        url: "/contacts",
        headers,
        payload: { name: "Ana", number: newNumber() },
      })
    ).json() as { id: number };
    const saoPaulo = await create(headers, {
      body: "Bom dia!",
      contactId: contact.id,
      sendAt: "2026-12-01 09:00:00",
    });
    expect(saoPaulo.sendAt).toBe("2026-12-01T12:00:00.000Z");
    expect(saoPaulo.timeZone).toBe("America/Sao_Paulo");

    await db().update(companies).set({ timezone: "Asia/Tokyo" }).where(eq(companies.id, team.company.id));
    const tokyo = await create(headers, {
      body: "Bom dia!",
      contactId: contact.id,
      sendAt: "2026-12-01T09:00",
    });
    expect(tokyo.sendAt).toBe("2026-12-01T00:00:00.000Z");
    // An instant with its offset is taken as it is.
    const exact = await create(headers, {
      body: "Bom dia!",
      contactId: contact.id,
      sendAt: "2026-12-01T09:00:00-03:00",
    });
    expect(exact.sendAt).toBe("2026-12-01T12:00:00.000Z");

    const bad = await world.server.app.inject({
      method: "POST",
      url: "/schedules",
      headers,
      payload: { body: "Bom dia!", contactId: contact.id, sendAt: "2026-02-30 09:00:00" },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain("Data inválida");
  });
});

describe("a recurring schedule", () => {
  it("sends each occurrence exactly once with two senders racing; the next is made as the current is stored", async () => {
    const { headers, ticket, from, companyId } = await conversation();
    // Tuesday 2 June 2026, 09:00 in São Paulo; daily, three sends.
    const first = await create(headers, {
      body: "Lembrete diário",
      contactId: ticket.contactId,
      ticketId: ticket.id,
      sendAt: "2026-06-02 09:00:00",
      intervalo: 1,
      valorIntervalo: 1,
      enviarQuantasVezes: 3,
      tipoDias: 4,
    });
    expect(first).toMatchObject({ sendAt: "2026-06-02T12:00:00.000Z", seriesId: first.id, occurrence: 1 });
    const clock = { now: new Date("2026-06-02T11:59:00.000Z") };
    const one = senderAt(clock);
    const two = senderAt(clock);

    // Not due yet on the clock: nothing is sent, no occurrence is made.
    expect(await one.deliver(companyId, first.id)).toBe("pending");
    expect(await series(companyId, first.id)).toHaveLength(1);

    const expected = ["2026-06-02T12:00:00.000Z", "2026-06-03T12:00:00.000Z", "2026-06-04T12:00:00.000Z"];
    for (const [index, at] of expected.entries()) {
      clock.now = new Date(at);
      const rows = await series(companyId, first.id);
      const current = rows[index];
      expect(current?.sendAt.toISOString()).toBe(at);
      await Promise.all([
        one.deliver(companyId, current?.id as number),
        two.deliver(companyId, current?.id as number),
      ]);
      await one.deliver(companyId, current?.id as number);
      await eventually(async () => (sendsTo(from).length === index + 1 ? true : undefined));
    }
    const rows = await series(companyId, first.id);
    expect(rows.map((r) => [r.occurrence, r.status, r.sendAt.toISOString()])).toEqual(
      expected.map((at, i) => [i + 1, "completed", at]),
    );
    expect(sendsTo(from)).toHaveLength(3);
    const ours = await db()
      .select()
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
    expect(ours).toHaveLength(3);
  });

  it("a crash inside the send's transaction leaves neither the message nor the next occurrence; the retry makes one", async () => {
    const { headers, ticket, companyId } = await conversation();
    const first = await create(headers, {
      body: "Lembrete semanal",
      contactId: ticket.contactId,
      sendAt: "2026-06-02 09:00:00",
      intervalo: 2,
      valorIntervalo: 1,
      enviarQuantasVezes: 2,
    });
    const clock = { now: new Date("2026-06-02T12:00:00.000Z") };
    const { database, realtime, events, outbound } = world.server;
    let crashes = 1;
    const crashing = new ScheduleSender({
      db: database.db,
      realtime,
      events,
      logger: quiet,
      clock: () => clock.now,
      outbound: {
        rowOf: (input) => {
          if (crashes-- > 0) throw new Error("process died");
          return outbound.rowOf(input);
        },
        send: (c, id) => outbound.send(c, id),
      },
    });
    await expect(crashing.deliver(companyId, first.id)).rejects.toThrow("process died");
    expect(await series(companyId, first.id)).toMatchObject([{ status: "pending", messageId: null }]);
    expect(await crashing.deliver(companyId, first.id)).toBe("completed");
    const rows = await series(companyId, first.id);
    expect(rows.map((r) => [r.occurrence, r.status, r.sendAt.toISOString()])).toEqual([
      [1, "completed", "2026-06-02T12:00:00.000Z"],
      [2, "pending", "2026-06-09T12:00:00.000Z"],
    ]);
  });

  it("every intervalo and tipoDias: the next occurrence on the controlled clock", async () => {
    const { headers, ticket, companyId } = await conversation();
    const clock = { now: new Date(0) };
    const sender = senderAt(clock);
    // Start: Friday 5 June 2026 09:00 São Paulo (12:00Z), or Saturday 6 June.
    const cases = [
      {
        start: "2026-06-05 09:00:00",
        intervalo: 1,
        valor: 1,
        tipoDias: 4,
        sends: ["06-05T12:00", "06-06T12:00"],
      },
      {
        start: "2026-06-05 09:00:00",
        intervalo: 1,
        valor: 1,
        tipoDias: 5,
        sends: ["06-05T12:00", "06-08T12:00"],
      },
      {
        start: "2026-06-05 09:00:00",
        intervalo: 1,
        valor: 1,
        tipoDias: 6,
        sends: ["06-05T12:00", "06-08T12:00"],
      },
      {
        start: "2026-06-06 09:00:00",
        intervalo: 1,
        valor: 1,
        tipoDias: 5,
        sends: ["06-05T12:00", "06-08T12:00"],
      },
      // Every 2 days from Saturday: Monday; Monday 8 (nominal) is dropped, not sent twice: Wednesday 10.
      {
        start: "2026-06-06 09:00:00",
        intervalo: 1,
        valor: 2,
        tipoDias: 6,
        sends: ["06-08T12:00", "06-10T12:00"],
      },
      {
        start: "2026-06-05 09:00:00",
        intervalo: 2,
        valor: 2,
        tipoDias: 4,
        sends: ["06-05T12:00", "06-19T12:00"],
      },
      {
        start: "2026-05-31 09:00:00",
        intervalo: 3,
        valor: 1,
        tipoDias: 6,
        sends: ["06-01T12:00", "06-30T12:00"],
      },
      {
        start: "2026-06-05 09:00:00",
        intervalo: 4,
        valor: 45,
        tipoDias: 4,
        sends: ["06-05T12:00", "06-05T12:45"],
      },
    ];
    for (const c of cases) {
      const created = await create(headers, {
        body: `Caso ${c.intervalo}/${c.tipoDias}`,
        contactId: ticket.contactId,
        sendAt: c.start,
        intervalo: c.intervalo,
        valorIntervalo: c.valor,
        enviarQuantasVezes: 2,
        tipoDias: c.tipoDias,
      });
      const [firstAt, nextAt] = c.sends.map((s) => `2026-${s}:00.000Z`);
      expect(created.sendAt, JSON.stringify(c)).toBe(firstAt);
      clock.now = new Date(created.sendAt);
      expect(await sender.deliver(companyId, created.id)).toBe("completed");
      const rows = await series(companyId, created.id);
      expect(
        rows.map((r) => r.sendAt.toISOString()),
        JSON.stringify(c),
      ).toEqual([firstAt, nextAt]);
      // The last send makes no more.
      clock.now = rows[1]?.sendAt as Date;
      expect(await sender.deliver(companyId, rows[1]?.id as number)).toBe("completed");
      expect(await series(companyId, created.id)).toHaveLength(2);
    }
  });

  it("an occurrence that cannot be sent is ERRO (status error) and the series goes on", async () => {
    const team = await buildTeam(world.server.app, db());
    const { headers } = team.adminSession;
    const contact = (
      await world.server.app.inject({
        method: "POST",
        url: "/contacts",
        headers,
        payload: { name: "Sem conexão", number: newNumber() },
      })
    ).json() as { id: number };
    const first = await create(headers, {
      body: "Sem conexão nenhuma",
      contactId: contact.id,
      sendAt: "2026-06-02 09:00:00",
      intervalo: 4,
      valorIntervalo: 10,
      enviarQuantasVezes: 2,
    });
    const clock = { now: new Date("2026-06-02T12:00:00.000Z") };
    expect(await senderAt(clock).deliver(team.company.id, first.id)).toBe("error");
    const rows = await series(team.company.id, first.id);
    expect(rows.map((r) => [r.status, r.sendError, r.sendAt.toISOString()])).toEqual([
      ["error", "ERR_NO_DEF_WAPP_FOUND", "2026-06-02T12:00:00.000Z"],
      ["pending", null, "2026-06-02T12:10:00.000Z"],
    ]);
    const shown = await world.server.app.inject({ method: "GET", url: `/schedules/${first.id}`, headers });
    expect(shown.json()).toMatchObject({ status: "error", sendError: "ERR_NO_DEF_WAPP_FOUND" });
  });

  it("PUT checks the merged recurrence; GET /schedules narrows to a range", async () => {
    const { headers, ticket } = await conversation();
    const once = await create(headers, {
      body: "Só uma vez",
      contactId: ticket.contactId,
      sendAt: "2026-06-02 09:00:00",
    });
    const put = (payload: object) =>
      world.server.app.inject({ method: "PUT", url: `/schedules/${once.id}`, headers, payload });
    expect((await put({ intervalo: 1 })).statusCode).toBe(400);
    const made = await put({
      intervalo: 1,
      valorIntervalo: 1,
      enviarQuantasVezes: 2,
      tipoDias: 6,
      sendAt: "2026-06-06 10:00",
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json()).toMatchObject({
      sendAt: "2026-06-08T13:00:00.000Z",
      seriesId: once.id,
      intervalo: 1,
    });
    const list = await world.server.app.inject({
      method: "GET",
      url: `/schedules?contactId=${ticket.contactId}&from=2026-06-08T00:00:00.000Z&to=2026-06-09T00:00:00.000Z`,
      headers,
    });
    expect(list.json()).toMatchObject({ count: 1, schedules: [{ id: once.id }] });
    const outside = await world.server.app.inject({
      method: "GET",
      url: `/schedules?contactId=${ticket.contactId}&from=2026-06-09T00:00:00.000Z&to=2026-06-10T00:00:00.000Z`,
      headers,
    });
    expect(outside.json()).toMatchObject({ count: 0 });
  });
});
