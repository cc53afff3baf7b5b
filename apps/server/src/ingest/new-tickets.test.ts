import { and, asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  buildCompany,
  buildConnection,
  buildContact,
  buildQueue,
  buildUser,
  unique,
} from "../../test/factories.js";
import { connectedCompany, eventually, startMetaWorld } from "../../test/meta.js";
import type { InboundEvent } from "../channels/types.js";
import {
  companySettings,
  contacts,
  messages,
  ticketAutomations,
  ticketLogs,
  tickets,
  userQueues,
  users,
  whatsappQueues,
  whatsapps,
} from "../db/schema/index.js";

/**
 * Which ticket a contact's message lands on (issue 9, rule 4): a closed one
 * reopened within the connection's timeCreateNewTicket, else a new one.
 * Deliveries straight into ingest, and a conversation over meta-sim.
 */

type MetaWorld = Awaited<ReturnType<typeof startMetaWorld>>;
let world: MetaWorld;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
let counter = 0;
const newNumber = () => `55119${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

const text = (from: string, id = unique("wamid"), body = "Olá"): InboundEvent => ({
  kind: "message",
  message: {
    providerMessageId: id,
    timestamp: new Date(),
    fromMe: false,
    contact: { id: from, name: "Cliente" },
    body,
    mediaType: "chat",
    isForwarded: false,
  },
});

async function setup(timeCreateNewTicket: number) {
  const company = await buildCompany(db());
  const connection = await buildConnection(db(), company.id, { channel: "whatsappapi", timeCreateNewTicket });
  const queue = await buildQueue(db(), company.id);
  const from = newNumber();
  const deliver = (...events: InboundEvent[]) =>
    world.server.ingest.deliver({ id: connection.id, companyId: company.id }, events);
  const ticketsOf = () =>
    db().select().from(tickets).where(eq(tickets.companyId, company.id)).orderBy(asc(tickets.id));
  return { company, connection, queue, from, deliver, ticketsOf };
}

/** As an attendant's resolve leaves it (lifecycle), `minutesAgo` minutes back. */
async function close(
  ticketId: number,
  minutesAgo: number,
  values: Partial<typeof tickets.$inferInsert> = {},
) {
  await db()
    .update(tickets)
    .set({
      status: "closed",
      unreadMessages: 0,
      closedAt: sql`now() - make_interval(mins => ${minutesAgo})`,
      ...values,
    })
    .where(eq(tickets.id, ticketId));
}

const logsOf = (ticketId: number) =>
  db()
    .select({ type: ticketLogs.type, userId: ticketLogs.userId, queueId: ticketLogs.queueId })
    .from(ticketLogs)
    .where(eq(ticketLogs.ticketId, ticketId))
    .orderBy(asc(ticketLogs.id));

const messagesOf = (ticketId: number) =>
  db().select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id));

describe("timeCreateNewTicket", () => {
  it("a contact writing within the window reopens the closed ticket: pending, its queue kept, no user", async () => {
    const s = await setup(10);
    await s.deliver(text(s.from, "wamid.first"));
    const [first] = await s.ticketsOf();
    const attendant = await buildUser(db(), s.company.id);
    await close(first!.id, 9, { queueId: s.queue.id, userId: attendant.id });

    await s.deliver(text(s.from, "wamid.again", "Voltei"));
    const rows = await s.ticketsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: first!.id,
      status: "pending",
      queueId: s.queue.id,
      userId: null,
      closedAt: null,
      unreadMessages: 1,
      lastMessage: "Voltei",
    });
    expect(await logsOf(first!.id)).toEqual([
      { type: "create", userId: null, queueId: null },
      { type: "reopen", userId: null, queueId: s.queue.id },
    ]);
    expect((await messagesOf(first!.id)).map((m) => m.body)).toEqual(["Olá", "Voltei"]);
  });

  it("after the window, or with 0, a new ticket opens and the closed one stays closed", async () => {
    for (const [minutes, closedAgo] of [
      [10, 11],
      [0, 0],
    ] as const) {
      const s = await setup(minutes);
      await s.deliver(text(s.from));
      const [first] = await s.ticketsOf();
      await close(first!.id, closedAgo, { queueId: s.queue.id });
      await s.deliver(text(s.from, unique("wamid"), "De novo"));
      const rows = await s.ticketsOf();
      expect(rows.map((t) => t.status)).toEqual(["closed", "pending"]);
      expect(rows[1]).toMatchObject({ queueId: null, lastMessage: "De novo" });
      expect((await logsOf(rows[1]!.id)).map((l) => l.type)).toEqual(["create"]);
    }
  });

  it("the latest closed ticket is the one reopened", async () => {
    const s = await setup(30);
    await s.deliver(text(s.from));
    const [older] = await s.ticketsOf();
    await close(older!.id, 5);
    const [newer] = await db()
      .insert(tickets)
      .values({ companyId: s.company.id, contactId: older!.contactId, whatsappId: s.connection.id })
      .returning();
    await close(newer!.id, 2);
    await s.deliver(text(s.from));
    expect((await s.ticketsOf()).map((t) => [t.id, t.status])).toEqual([
      [older!.id, "closed"],
      [newer!.id, "pending"],
    ]);
  });

  it("deliveries at once: one ticket reopened, every message on it, one reopen logged", async () => {
    const s = await setup(10);
    await s.deliver(text(s.from));
    const [first] = await s.ticketsOf();
    await close(first!.id, 1, { queueId: s.queue.id });
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => s.deliver(text(s.from, unique("wamid"), `m${i}`))),
    );
    const rows = await s.ticketsOf();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "pending", unreadMessages: 12 });
    expect(await messagesOf(first!.id)).toHaveLength(13);
    expect((await logsOf(first!.id)).map((l) => l.type)).toEqual(["create", "reopen"]);
  });

  it("a contact's ticket opened elsewhere meanwhile: the closed one is left closed, the message joins the open one", async () => {
    const s = await setup(10);
    await s.deliver(text(s.from));
    const [first] = await s.ticketsOf();
    await close(first!.id, 1);
    // Another path (a schedule, an attendant starting a conversation) opened a ticket since.
    const [other] = await db()
      .insert(tickets)
      .values({ companyId: s.company.id, contactId: first!.contactId, whatsappId: s.connection.id })
      .returning();
    await s.deliver(text(s.from, unique("wamid"), "Oi"));
    expect((await s.ticketsOf()).map((t) => [t.id, t.status])).toEqual([
      [first!.id, "closed"],
      [other!.id, "pending"],
    ]);
    expect(await messagesOf(other!.id)).toHaveLength(1);
  });

  it("a redelivered message after its ticket was closed again reopens nothing and opens nothing", async () => {
    for (const minutes of [10, 0]) {
      const s = await setup(minutes);
      const event = text(s.from, unique("wamid"), "Uma vez");
      await s.deliver(event);
      const [first] = await s.ticketsOf();
      await close(first!.id, 1);
      await s.deliver(event);
      const rows = await s.ticketsOf();
      expect(rows.map((t) => t.status)).toEqual(["closed"]);
      expect(await messagesOf(first!.id)).toHaveLength(1);
      expect((await logsOf(first!.id)).map((l) => l.type)).toEqual(["create"]);
    }
  });

  it("a webhook batch of many contacts, half of them coming back, takes a handful of statements", async () => {
    const s = await setup(10);
    const numbers = Array.from({ length: 40 }, () => newNumber());
    await s.deliver(...numbers.slice(0, 20).map((n) => text(n)));
    for (const ticket of await s.ticketsOf()) await close(ticket.id, 2);
    const ref = { id: s.connection.id, companyId: s.company.id };
    const batch = numbers.map((n) => [{ connection: ref, events: [text(n), text(n)] }]);
    // The connection and the company's number-privacy setting are cached reads: warm, as on a busy server.
    await world.server.ingest.deliver(ref, []);
    await world.server.numbers.hides(s.company.id);
    const statements = await countingStatements(() => world.server.ingest.deliverMany(batch));
    // The read, new contacts, the reopens, the new tickets, the messages.
    expect(statements).toBeLessThanOrEqual(5);
    const rows = await s.ticketsOf();
    expect(rows).toHaveLength(40);
    expect(rows.every((t) => t.status === "pending" && t.unreadMessages >= 2)).toBe(true);
  });
});

describe("timeCreateNewTicket over meta-sim", () => {
  it("a contact resolved a minute ago writes again: the same ticket comes back to its queue; later, a new one", async () => {
    const account = await connectedCompany(world, "whatsappapi");
    const companyId = account.team.company.id;
    const queue = await buildQueue(db(), companyId, { name: "Suporte" });
    await db()
      .update(whatsapps)
      .set({ timeCreateNewTicket: 10 })
      .where(eq(whatsapps.id, account.connectionId));
    const from = newNumber();
    const say = (body: string) =>
      world.sim.cloud.text(account.accountId, { from, body, name: "Rita Cliente" });
    const ticketsOf = () =>
      db().select().from(tickets).where(eq(tickets.companyId, companyId)).orderBy(asc(tickets.id));
    const put = (id: number, payload: object) =>
      world.server.app.inject({
        method: "PUT",
        url: `/tickets/${id}`,
        headers: account.team.adminSession.headers,
        payload,
      });

    await say("Oi");
    const [ticket] = await eventually(async () => {
      const rows = await ticketsOf();
      return rows.length > 0 && rows;
    });
    expect((await put(ticket!.id, { status: "open", queueId: queue.id })).statusCode).toBe(200);
    expect((await put(ticket!.id, { status: "closed", sendFarewellMessage: false })).statusCode).toBe(200);

    await say("Esqueci de perguntar");
    const back = await eventually(async () => {
      const [row] = await ticketsOf();
      return row?.status === "pending" && row;
    });
    expect(back).toMatchObject({ id: ticket!.id, queueId: queue.id, userId: null, closedAt: null });
    expect((await ticketsOf()).length).toBe(1);
    expect((await logsOf(ticket!.id)).map((l) => l.type)).toEqual(["create", "open", "closed", "reopen"]);
    const bodies = await db()
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.ticketId, ticket!.id), eq(messages.fromMe, false)))
      .orderBy(asc(messages.id));
    expect(bodies.map((m) => m.body)).toEqual(["Oi", "Esqueci de perguntar"]);

    // Time moved by the test: resolved 11 minutes ago is past the window.
    expect((await put(ticket!.id, { status: "open", queueId: queue.id })).statusCode).toBe(200);
    expect((await put(ticket!.id, { status: "closed", sendFarewellMessage: false })).statusCode).toBe(200);
    await db()
      .update(tickets)
      .set({ closedAt: sql`now() - interval '11 minutes'` })
      .where(eq(tickets.id, ticket!.id));
    await say("Bom dia de novo");
    const rows = await eventually(async () => {
      const all = await ticketsOf();
      return all.length === 2 && all;
    });
    expect(rows.map((t) => t.status)).toEqual(["closed", "pending"]);
  });
});

describe("DirectTicketsToWallets", () => {
  /** A company with the setting as given, a connection with two queues (menu order B then A) and a contact. */
  async function walletSetup(setting: "enabled" | "disabled", options: { queues?: boolean } = {}) {
    const s = await setup(0);
    await db()
      .update(companySettings)
      .set({ directTicketsToWallets: setting })
      .where(eq(companySettings.companyId, s.company.id));
    const owner = await buildUser(db(), s.company.id, { name: "Olga Dona" });
    const first = await buildQueue(db(), s.company.id, { orderQueue: 1 });
    const second = await buildQueue(db(), s.company.id, { orderQueue: 2 });
    const outside = await buildQueue(db(), s.company.id, { orderQueue: 0 });
    if (options.queues !== false)
      await db()
        .insert(whatsappQueues)
        .values(
          [first, second].map((q) => ({
            companyId: s.company.id,
            whatsappId: s.connection.id,
            queueId: q.id,
          })),
        );
    // The owner works in the connection's second queue and in one the connection does not serve.
    await db()
      .insert(userQueues)
      .values([second, outside].map((q) => ({ companyId: s.company.id, userId: owner.id, queueId: q.id })));
    const contact = await buildContact(db(), s.company.id, { number: s.from, walletUserId: owner.id });
    return { ...s, owner, first, second, contact };
  }

  it("enabled: the contact's new ticket opens for its wallet user in their first queue of the connection", async () => {
    const s = await walletSetup("enabled");
    await s.deliver(text(s.from, unique("wamid"), "Oi"));
    const [ticket] = await s.ticketsOf();
    expect(ticket).toMatchObject({
      status: "open",
      userId: s.owner.id,
      queueId: s.second.id,
      contactId: s.contact.id,
    });
    expect(await logsOf(ticket!.id)).toEqual([
      { type: "create", userId: null, queueId: null },
      { type: "open", userId: s.owner.id, queueId: s.second.id },
    ]);
    // The ticket is the attendant's: the bot leaves it alone.
    await world.server.automation.kick({ companyId: s.company.id, ticketId: ticket!.id });
    expect((await messagesOf(ticket!.id)).filter((m) => m.fromMe)).toEqual([]);
    expect((await s.ticketsOf())[0]).toMatchObject({ status: "open", userId: s.owner.id });
    // Looked at: no longer due.
    const [state] = await db()
      .select({ dueAt: ticketAutomations.dueAt })
      .from(ticketAutomations)
      .where(eq(ticketAutomations.ticketId, ticket!.id));
    expect(state?.dueAt).toBeNull();
  });

  it("a connection without a queue the owner shares: open for the owner, no queue", async () => {
    const s = await walletSetup("enabled", { queues: false });
    await s.deliver(text(s.from));
    expect((await s.ticketsOf())[0]).toMatchObject({ status: "open", userId: s.owner.id, queueId: null });
  });

  it("disabled, no wallet, or a deleted wallet user: a pending ticket as usual", async () => {
    const disabled = await walletSetup("disabled");
    await disabled.deliver(text(disabled.from));
    expect((await disabled.ticketsOf())[0]).toMatchObject({ status: "pending", userId: null, queueId: null });

    const deleted = await walletSetup("enabled");
    await db().delete(users).where(eq(users.id, deleted.owner.id));
    await deleted.deliver(text(deleted.from));
    expect((await deleted.ticketsOf())[0]).toMatchObject({ status: "pending", userId: null });

    const nobody = await walletSetup("enabled");
    await db().update(contacts).set({ walletUserId: null }).where(eq(contacts.id, nobody.contact.id));
    await nobody.deliver(text(nobody.from));
    expect((await nobody.ticketsOf())[0]).toMatchObject({ status: "pending", userId: null });
  });

  it("only new tickets: an open ticket keeps its state, and a reopened one comes back pending to its queue", async () => {
    const s = await walletSetup("enabled");
    await db().update(whatsapps).set({ timeCreateNewTicket: 10 }).where(eq(whatsapps.id, s.connection.id));
    await s.deliver(text(s.from));
    const [ticket] = await s.ticketsOf();
    await close(ticket!.id, 1);
    await s.deliver(text(s.from));
    expect(await s.ticketsOf()).toMatchObject([
      { id: ticket!.id, status: "pending", userId: null, queueId: s.second.id },
    ]);
  });
});

/**
 * How many statements `run` sends to the database: PGlite's `query`/`exec`
 * or the PostgreSQL pool's `query`, counted while it runs.
 */
async function countingStatements(run: () => Promise<unknown>): Promise<number> {
  const database = world.server.database;
  const target = (database.pglite ?? database.pool) as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  const names = ["query", "exec"].filter((name) => typeof target[name] === "function");
  const originals = names.map((name) => [name, target[name]] as const);
  let count = 0;
  for (const [name, original] of originals)
    target[name] = (...args: unknown[]) => {
      count += 1;
      return (original as (...a: unknown[]) => unknown).apply(target, args);
    };
  try {
    await run();
  } finally {
    for (const [name, original] of originals) target[name] = original as (...args: unknown[]) => unknown;
  }
  return count;
}
