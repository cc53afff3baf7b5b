import { and, eq, isNotNull } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { buildContact, buildQueue } from "../../test/factories.js";
import { connectedCompany, eventually, startMetaWorld } from "../../test/meta.js";
import { ticketAutomations, tickets, whatsappQueues, whatsapps } from "../db/schema/index.js";
import { BotEffects } from "./effects.js";

/**
 * Runs in batches (runner.ts): a burst of contacts is decided a batch per
 * transaction, each contact answered exactly once, and one ticket whose run
 * fails does not hold the others of its batch.
 */

type MetaWorld = Awaited<ReturnType<typeof startMetaWorld>>;
let world: MetaWorld;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());
afterEach(() => vi.restoreAllMocks());

const db = () => world.server.database.db;
let counter = 0;
const numbers = (n: number) =>
  Array.from(
    { length: n },
    () => `55117${String(Date.now()).slice(-5)}${String(counter++).padStart(3, "0")}`,
  );

/** A Cloud API company whose connection answers every new contact with a two-queue menu. */
async function company() {
  const account = await connectedCompany(world, "whatsappapi");
  const companyId = account.team.company.id;
  const sales = await buildQueue(db(), companyId, { name: "Vendas", orderQueue: 1 });
  const support = await buildQueue(db(), companyId, { name: "Suporte", orderQueue: 2 });
  await db()
    .insert(whatsappQueues)
    .values([
      { companyId, whatsappId: account.connectionId, queueId: sales.id },
      { companyId, whatsappId: account.connectionId, queueId: support.id },
    ]);
  await db()
    .update(whatsapps)
    .set({ greetingMessage: "Olá! Escolha:" })
    .where(eq(whatsapps.id, account.connectionId));
  return { account, companyId };
}

const menusTo = (to: string) =>
  world.sim.sent.filter(
    (s) => s.recipient === to && s.id && String((s.body.text as { body?: string })?.body).startsWith("Olá!"),
  );

/** Every contact's ticket exists and the runner has nothing queued or in flight. */
async function settled(companyId: number, contacts: number) {
  await eventually(async () => {
    const rows = await db().select({ id: tickets.id }).from(tickets).where(eq(tickets.companyId, companyId));
    return rows.length === contacts;
  }, 20_000);
  await world.server.automation.idle();
}

describe("runs in batches", () => {
  it("80 contacts writing at once (more than a batch) each get the menu exactly once", async () => {
    const c = await company();
    const from = numbers(80);
    await Promise.all(from.map((n) => world.sim.cloud.text(c.account.accountId, { from: n, body: "Oi" })));
    await settled(c.companyId, from.length);
    await eventually(async () => from.every((n) => menusTo(n).length > 0), 20_000);
    // A second delivery of nothing new, and a sweep, change nothing.
    await world.server.automation.sweep();
    await world.server.automation.idle();
    for (const n of from) expect(menusTo(n)).toHaveLength(1);
    const states = await db()
      .select({ state: ticketAutomations.state })
      .from(ticketAutomations)
      .where(eq(ticketAutomations.companyId, c.companyId));
    expect(states).toHaveLength(80);
    expect(states.every((s) => (s.state as { stage?: string }).stage === "menu")).toBe(true);
    const due = await db()
      .select({ id: ticketAutomations.ticketId })
      .from(ticketAutomations)
      .where(and(eq(ticketAutomations.companyId, c.companyId), isNotNull(ticketAutomations.dueAt)));
    expect(due).toEqual([]);
  }, 90_000);

  it("a ticket whose run fails is left due for the sweeper; the rest of its batch is answered", async () => {
    const c = await company();
    const [unlucky, ...others] = numbers(6) as [string, ...string[]];
    // The unlucky contact is known before it writes, so its run can be told apart.
    const known = await buildContact(db(), c.companyId, { number: unlucky, name: "Azarado" });
    const apply = BotEffects.prototype.apply;
    vi.spyOn(BotEffects.prototype, "apply").mockImplementation(function (this: BotEffects, ...args) {
      if (args[1].contactId === known.id) return Promise.reject(new Error("this ticket's run fails"));
      return apply.apply(this, args);
    });
    await Promise.all(
      [unlucky, ...others].map((n) => world.sim.cloud.text(c.account.accountId, { from: n, body: "Oi" })),
    );
    await settled(c.companyId, 6);
    await eventually(async () => others.every((n) => menusTo(n).length === 1), 20_000);
    expect(menusTo(unlucky)).toEqual([]);
    const due = await db()
      .select({ id: ticketAutomations.ticketId })
      .from(ticketAutomations)
      .where(and(eq(ticketAutomations.companyId, c.companyId), isNotNull(ticketAutomations.dueAt)));
    expect(due).toHaveLength(1);

    // Mended, the next pass answers it once.
    vi.restoreAllMocks();
    const [stuck] = due;
    await world.server.automation.kick({ companyId: c.companyId, ticketId: stuck?.id as number });
    await eventually(async () => menusTo(unlucky).length === 1, 20_000);
    await world.server.automation.idle();
    expect(menusTo(unlucky)).toHaveLength(1);
    for (const n of others) expect(menusTo(n)).toHaveLength(1);
  });
});
