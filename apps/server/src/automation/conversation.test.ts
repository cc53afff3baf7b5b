import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQueue, buildUser } from "../../test/factories.js";
import { SAMPLE_FILES } from "../../test/files.js";
import { connectedCompany, eventually, startMetaWorld, untilIdle } from "../../test/meta.js";
import { rowsOf } from "../db/client.js";
import {
  chatbots,
  companySettings,
  contacts,
  messages,
  queues,
  ticketAutomations,
  ticketLogs,
  tickets,
  userQueues,
  userRatings,
  whatsappQueues,
  whatsapps,
} from "../db/schema/index.js";
import { AutomationRunner } from "./runner.js";

/**
 * The automatic conversation on the real server: a contact writes over
 * meta-sim (Cloud API), the automation answers through the outbound path, and
 * what meta-sim received is the assertion. Timers are moved by the test
 * (their due time set in the past, then the sweeper's pass).
 */

type MetaWorld = Awaited<ReturnType<typeof startMetaWorld>>;
let world: MetaWorld;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
let counter = 0;
const newNumber = () => `55118${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

/** A Cloud API company whose connection greets and offers two queues; "Vendas" has a two-level chatbot. */
async function company(connection: Partial<typeof whatsapps.$inferInsert> = {}) {
  const account = await connectedCompany(world, "whatsappapi");
  const companyId = account.team.company.id;
  const closer = await buildUser(db(), companyId, { name: "Carla Closer" });
  const sales = await buildQueue(db(), companyId, {
    name: "Vendas",
    greetingMessage: "Bem-vindo a Vendas",
    orderQueue: 1,
  });
  const support = await buildQueue(db(), companyId, {
    name: "Suporte",
    greetingMessage: "Bem-vindo ao Suporte",
    orderQueue: 2,
  });
  await db()
    .insert(whatsappQueues)
    .values([
      { companyId, whatsappId: account.connectionId, queueId: sales.id },
      { companyId, whatsappId: account.connectionId, queueId: support.id },
    ]);
  const [plans] = await db()
    .insert(chatbots)
    .values({ companyId, queueId: sales.id, name: "Planos", greetingMessage: "Escolha o plano" })
    .returning();
  await db()
    .insert(chatbots)
    .values([
      {
        companyId,
        queueId: sales.id,
        name: "Falar com vendedor",
        queueType: "attendent",
        optUserId: closer.id,
        greetingMessage: "Já te chamo",
      },
      { companyId, chatbotId: plans?.id, name: "Plano básico", greetingMessage: "O básico custa 10" },
      { companyId, chatbotId: plans?.id, name: "Plano completo", greetingMessage: "O completo custa 20" },
    ]);
  await db()
    .update(whatsapps)
    .set({ greetingMessage: "Olá! Escolha um setor:", ...connection })
    .where(eq(whatsapps.id, account.connectionId));
  const from = newNumber();
  const say = (body: string) => world.sim.cloud.text(account.accountId, { from, body, name: "Rita Cliente" });
  const ticket = () =>
    eventually(async () => {
      const [row] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
      return row;
    });
  return { account, companyId, closer, sales, support, from, say, ticket };
}

/** The texts meta-sim accepted for this contact, in order. */
const textsTo = (to: string) =>
  world.sim.sent
    .filter((s) => s.recipient === to && s.id)
    .map((s) => String((s.body.text as { body?: string } | undefined)?.body ?? ""));

/**
 * Nothing more was sent to the contact than `count` texts: once the server is idle (the contact's
 * webhooks processed, no run queued or in flight, no send loop running), meta-sim holds exactly
 * that many, and no message of the company waits to be sent (a send left to the sweeper).
 */
async function expectNothingMoreSent(c: { companyId: number; from: string }, count: number) {
  await untilIdle(world);
  expect(textsTo(c.from)).toHaveLength(count);
  const waiting = await db()
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.companyId, c.companyId),
        eq(messages.fromMe, true),
        eq(messages.isPrivate, false),
        isNull(messages.providerMessageId),
      ),
    );
  expect(waiting).toEqual([]);
}

/** Waits until the contact got `count` texts; answers them. */
const received = (to: string, count: number) =>
  eventually(async () => {
    const texts = textsTo(to);
    return texts.length >= count && texts;
  }, 10_000);

describe("the queue menu and a two-level chatbot", () => {
  it("menu, choice, invalid answer, # back, and an attendent option that gives the ticket to its user", async () => {
    const c = await company({ maxUseBotQueues: 0 });
    await c.say("Oi");
    expect((await received(c.from, 1))[0]).toBe(
      "Olá! Escolha um setor:\n\n*[ 1 ]* - Vendas\n*[ 2 ]* - Suporte",
    );

    await c.say("1");
    expect((await received(c.from, 2))[1]).toBe(
      "Bem-vindo a Vendas\n\n*[ 1 ]* - Planos\n*[ 2 ]* - Falar com vendedor\n*[ # ]* - Voltar",
    );
    expect((await c.ticket()).queueId).toBe(c.sales.id);

    await c.say("1");
    expect((await received(c.from, 3))[2]).toBe(
      "Escolha o plano\n\n*[ 1 ]* - Plano básico\n*[ 2 ]* - Plano completo\n*[ # ]* - Voltar",
    );
    await c.say("banana");
    expect((await received(c.from, 4))[3]).toBe((await received(c.from, 3))[2]);
    await c.say("#");
    expect((await received(c.from, 5))[4]).toContain("*[ 2 ]* - Falar com vendedor");
    await c.say("2");
    expect((await received(c.from, 6))[5]).toBe("Já te chamo");

    const ticket = await eventually(async () => {
      const t = await c.ticket();
      return t.status === "open" && t;
    });
    expect(ticket).toMatchObject({ userId: c.closer.id, queueId: c.sales.id });
    const logs = await db()
      .select({ type: ticketLogs.type })
      .from(ticketLogs)
      .where(eq(ticketLogs.ticketId, ticket.id))
      .orderBy(asc(ticketLogs.id));
    expect(logs.map((l) => l.type)).toEqual(["create", "queue", "open"]);
    // The bot's messages are stored as the bot's: no user, marked sentBy bot.
    const bot = await db()
      .select({ userId: messages.userId, extra: messages.extra })
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, true)));
    expect(bot).toHaveLength(6);
    expect(bot.every((m) => m.userId === null && m.extra?.sentBy === "bot")).toBe(true);

    // The attendant has it now: the bot stays quiet.
    await c.say("1");
    await expectNothingMoreSent(c, 6);
    // That quiet run wrote only its automation row (watermark, due mark cleared): the ticket's row is
    // still the version ingest's transaction wrote with the contact's message.
    const [last] = rowsOf<{ sameTransaction: boolean }>(
      await db().execute(sql`
        SELECT t.xmin::text = m.xmin::text AS "sameTransaction" FROM ${tickets} t
        JOIN ${messages} m ON m.ticket_id = t.id AND m.from_me = false
        WHERE t.id = ${ticket.id} ORDER BY m.id DESC LIMIT 1`),
    );
    expect(last?.sameTransaction).toBe(true);
    const [state] = await db()
      .select({ dueAt: ticketAutomations.dueAt, handled: ticketAutomations.handledMessageId })
      .from(ticketAutomations)
      .where(eq(ticketAutomations.ticketId, ticket.id));
    expect(state?.dueAt).toBeNull();
    const [lastContact] = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.ticketId, ticket.id), eq(messages.fromMe, false)))
      .orderBy(desc(messages.id))
      .limit(1);
    expect(state?.handled).toBe(lastContact?.id);
  });

  it("the connection's greeting file (media-upload) goes before its greeting and menu", async () => {
    const c = await company();
    const boundary = "----greeting";
    const upload = await world.server.app.inject({
      method: "POST",
      url: `/whatsapp/${c.account.connectionId}/media-upload`,
      headers: {
        ...c.account.team.adminSession.headers,
        "content-type": `multipart/form-data; boundary=${boundary}`,
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="boas-vindas.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        SAMPLE_FILES.png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    await c.say("Oi");
    expect((await received(c.from, 2))[1]).toContain("*[ 1 ]* - Vendas");
    const sends = world.sim.sent.filter((s) => s.recipient === c.from && s.id);
    expect(sends.map((s) => s.body.type)).toEqual(["image", "text"]);
  });

  it("a connection with one queue: the contact enters it at once, greeted when sendGreetingMessageOneQueues", async () => {
    const c = await company();
    await db().delete(whatsappQueues).where(eq(whatsappQueues.queueId, c.sales.id));
    await db()
      .update(companySettings)
      .set({ sendGreetingMessageOneQueues: "enabled" })
      .where(eq(companySettings.companyId, c.companyId));
    await c.say("Oi");
    expect(await received(c.from, 1)).toEqual(["Bem-vindo ao Suporte"]);
    expect((await c.ticket()).queueId).toBe(c.support.id);
  });
});

describe("timers", () => {
  it("timeSendQueue: no choice in time moves the ticket to sendIdQueue (time moved by the test)", async () => {
    const c = await company();
    await db()
      .update(whatsapps)
      .set({ timeSendQueue: 5, sendIdQueue: c.support.id })
      .where(eq(whatsapps.id, c.account.connectionId));
    await c.say("Oi");
    await received(c.from, 1);
    const ticket = await c.ticket();
    const [state] = await db()
      .select()
      .from(ticketAutomations)
      .where(eq(ticketAutomations.ticketId, ticket.id));
    expect(state?.timerAt?.getTime()).toBeGreaterThan(Date.now() + 4 * 60_000);

    // Nothing happens before it is due.
    await world.server.automation.sweep();
    expect((await c.ticket()).queueId).toBeNull();

    await db()
      .update(ticketAutomations)
      .set({ timerAt: sql`now() - interval '1 minute'` })
      .where(eq(ticketAutomations.ticketId, ticket.id));
    await world.server.automation.sweep();
    expect((await c.ticket()).queueId).toBe(c.support.id);
    expect((await received(c.from, 2))[1]).toBe("Bem-vindo ao Suporte");
    // A second pass (a repeated timer job) does nothing more.
    await world.server.automation.sweep();
    await expectNothingMoreSent(c, 2);
  });
});

describe("the queue rotator", () => {
  it("two contacts who chose a rotating queue are handed to its two online users in turn", async () => {
    const c = await company();
    await db()
      .update(queues)
      .set({ ativarRoteador: true, tempoRoteador: 2 })
      .where(eq(queues.id, c.support.id));
    const [ana, bia] = [
      await buildUser(db(), c.companyId, { name: "Ana", online: true }),
      await buildUser(db(), c.companyId, { name: "Bia", online: true }),
    ];
    await db()
      .insert(userQueues)
      .values([ana, bia].map((u) => ({ companyId: c.companyId, userId: u.id, queueId: c.support.id })));
    const second = newNumber();
    const sayAsSecond = (body: string) =>
      world.sim.cloud.text(c.account.accountId, { from: second, body, name: "Outra Pessoa" });
    await c.say("Oi");
    await sayAsSecond("Olá");
    await received(c.from, 1);
    await received(second, 1);
    await c.say("2");
    await sayAsSecond("2");
    await received(c.from, 2);
    await received(second, 2);

    await world.server.automation.rotator.pass();
    const owners = await eventually(async () => {
      const rows = await db()
        .select({ userId: tickets.userId, status: tickets.status })
        .from(tickets)
        .where(eq(tickets.companyId, c.companyId))
        .orderBy(asc(tickets.id));
      return rows.every((r) => r.status === "open") && rows;
    });
    expect(owners.map((o) => o.userId).sort()).toEqual([ana.id, bia.id].sort());
  });
});

describe("out of hours", () => {
  it("scheduleType connection: the out-of-hours message once, the ticket waits without a menu", async () => {
    const closedAllWeek = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"].map(
      (weekdayEn) => ({
        weekday: weekdayEn,
        weekdayEn,
        startTimeA: "",
        endTimeA: "",
        startTimeB: "",
        endTimeB: "",
      }),
    );
    const c = await company({ outOfHoursMessage: "Fechados agora", schedules: closedAllWeek });
    await db()
      .update(companySettings)
      .set({ scheduleType: "connection" })
      .where(eq(companySettings.companyId, c.companyId));
    await c.say("Oi");
    expect(await received(c.from, 1)).toEqual(["Fechados agora"]);
    await c.say("alguém?");
    await expectNothingMoreSent(c, 1);
    expect(await c.ticket()).toMatchObject({ status: "pending", queueId: null });
  });
});

describe("LGPD consent and queue position", () => {
  it("the contact accepts the terms (stored with its time), then chooses a queue and is told their position", async () => {
    const c = await company();
    await db()
      .update(companySettings)
      .set({
        enableLGPD: "enabled",
        lgpdConsent: "enabled",
        lgpdMessage: "Tratamos seus dados conforme a LGPD.",
        lgpdLink: "https://loja.example/lgpd",
        sendQueuePosition: "enabled",
        sendQueuePositionMessage: "Você é o número",
      })
      .where(eq(companySettings.companyId, c.companyId));
    await c.say("Oi");
    expect((await received(c.from, 1))[0]).toBe(
      "Tratamos seus dados conforme a LGPD.\n\nhttps://loja.example/lgpd\n\n*[ 1 ]* - Aceito\n*[ 2 ]* - Não aceito",
    );
    expect((await c.ticket()).status).toBe("lgpd");
    await c.say("1");
    expect((await received(c.from, 2))[1]).toContain("*[ 2 ]* - Suporte");
    const ticket = await c.ticket();
    expect(ticket.status).toBe("pending");
    const [contact] = await db().select().from(contacts).where(eq(contacts.id, ticket.contactId));
    expect(contact?.lgpdAcceptedAt).toBeInstanceOf(Date);
    await c.say("2");
    const texts = await received(c.from, 4);
    expect(texts.slice(2)).toEqual(["Bem-vindo ao Suporte", "Você é o número *1*"]);
  });
});

describe("inactivity", () => {
  it("an open ticket idle gets inactiveMessage, then is closed with expiresInactiveMessage (time moved by the test)", async () => {
    const c = await company({
      expiresTicket: 30,
      timeInactiveMessage: 10,
      inactiveMessage: "Ainda está aí, {{firstName}}?",
      expiresInactiveMessage: "Encerramos por falta de resposta",
    });
    await c.say("Oi");
    await received(c.from, 1);
    const ticket = await c.ticket();
    const admin = c.account.team;
    const accepted = await world.server.app.inject({
      method: "PUT",
      url: `/tickets/${ticket.id}`,
      headers: admin.adminSession.headers,
      payload: { status: "open", queueId: c.support.id },
    });
    expect(accepted.statusCode).toBe(200);
    const age = (minutes: number) =>
      Promise.all([
        db()
          .update(messages)
          .set({ createdAt: sql`${messages.createdAt} - make_interval(mins => ${minutes})` })
          .where(eq(messages.ticketId, ticket.id)),
        db()
          .update(tickets)
          .set({ updatedAt: sql`${tickets.updatedAt} - make_interval(mins => ${minutes})` })
          .where(eq(tickets.id, ticket.id)),
      ]);

    await age(9);
    await world.server.automation.inactivitySweep();
    expect(textsTo(c.from)).toHaveLength(1);

    await age(2);
    await world.server.automation.inactivitySweep();
    expect((await received(c.from, 2))[1]).toBe("Ainda está aí, Rita?");
    await world.server.automation.inactivitySweep(); // warned once per idle stretch
    await age(29);
    await world.server.automation.inactivitySweep();
    expect(textsTo(c.from)).toHaveLength(2);
    expect((await c.ticket()).status).toBe("open");

    await age(1);
    await world.server.automation.inactivitySweep();
    expect((await received(c.from, 3))[2]).toBe("Encerramos por falta de resposta");
    const closed = await c.ticket();
    expect(closed.status).toBe("closed");
    expect(closed.closedAt).toBeInstanceOf(Date);
  });
});

describe("rating (NPS)", () => {
  it("resolve with rating: the ticket waits in nps, the contact's score is stored with the user, thanked, closed", async () => {
    const c = await company({
      ratingMessage: "Dê uma nota de 0 a 10",
      complationMessage: "Obrigado, {{firstName}}!",
      expiresTicketNPS: 10,
    });
    await db()
      .update(companySettings)
      .set({ userRating: "enabled" })
      .where(eq(companySettings.companyId, c.companyId));
    await c.say("Oi");
    await received(c.from, 1);
    const ticket = await c.ticket();
    const admin = c.account.team;
    const put = (payload: object) =>
      world.server.app.inject({
        method: "PUT",
        url: `/tickets/${ticket.id}`,
        headers: admin.adminSession.headers,
        payload,
      });
    expect((await put({ status: "open", queueId: c.support.id })).statusCode).toBe(200);
    const resolved = await put({ status: "closed", userId: admin.admin.id, sendFarewellMessage: true });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(resolved.json()).toMatchObject({ status: "nps" });
    expect((await received(c.from, 2))[1]).toBe("Dê uma nota de 0 a 10");

    await c.say("nota dez");
    expect((await received(c.from, 3))[2]).toBe("Dê uma nota de 0 a 10");
    await c.say("9");
    expect((await received(c.from, 4))[3]).toBe("Obrigado, Rita!");
    const closed = await eventually(async () => {
      const t = await c.ticket();
      return t.status === "closed" && t;
    });
    expect(closed).toMatchObject({ userId: admin.admin.id });
    expect(closed.closedAt).toBeInstanceOf(Date);
    const ratings = await db().select().from(userRatings).where(eq(userRatings.ticketId, ticket.id));
    expect(ratings).toMatchObject([{ rate: 9, userId: admin.admin.id, companyId: c.companyId }]);
  });
});

describe("exactly once", () => {
  it("the same webhook delivered twice gives one bot answer", async () => {
    const c = await company();
    const first = await c.say("Oi");
    await received(c.from, 1);
    const again = await world.sim.redeliver(first.deliveryId);
    expect(again.status).toBe(200);
    await untilIdle(world);
    await world.server.automation.sweep();
    await expectNothingMoreSent(c, 1);
  });

  it("a message stored but never answered (a crash after ingest) is answered once, however many runners try", async () => {
    const c = await company();
    // As a crash would leave it: the contact's message stored and the ticket due, no run made.
    await c.say("Oi");
    await received(c.from, 1);
    const ticket = await c.ticket();
    const [stored] = await db()
      .insert(messages)
      .values({
        companyId: c.companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        whatsappId: ticket.whatsappId,
        body: "2",
        fromMe: false,
        providerMessageId: `wamid.crash-${Date.now()}`,
      })
      .returning();
    expect(stored).toBeDefined();
    await db()
      .update(ticketAutomations)
      .set({ dueAt: sql`now() - interval '1 minute'` })
      .where(eq(ticketAutomations.ticketId, ticket.id));

    // Two processes' runners and the sweeper, all at once.
    const other = new AutomationRunner({
      db: db(),
      outbound: world.server.outbound,
      events: world.server.events,
      logger: { info() {}, warn() {} },
    });
    await Promise.all([
      world.server.automation.sweep(),
      other.run(c.companyId, ticket.id),
      world.server.automation.run(c.companyId, ticket.id),
    ]);
    expect((await received(c.from, 2))[1]).toBe("Bem-vindo ao Suporte");
    await other.idle(); // the second process's runner too
    await expectNothingMoreSent(c, 2);
    const [state] = await db()
      .select({ dueAt: ticketAutomations.dueAt })
      .from(ticketAutomations)
      .where(eq(ticketAutomations.ticketId, ticket.id));
    expect(state?.dueAt).toBeNull();
  });
});
