import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQueue } from "../../test/factories.js";
import { SAMPLE_FILES } from "../../test/files.js";
import { connectedCompany, eventually, startMetaWorld, untilIdle } from "../../test/meta.js";
import {
  flowCampaigns,
  flows,
  flowVersions,
  messages,
  ticketAutomations,
  ticketLogs,
  tickets,
  whatsapps,
} from "../db/schema/index.js";

/**
 * Flows on the real server (issue 13, "Flow runtime"): a contact writes over meta-sim, the
 * automation walks the flow and answers through the outbound path; what meta-sim received is the
 * assertion. Interval timers are moved by the test (due time set in the past, then the sweeper).
 */

type MetaWorld = Awaited<ReturnType<typeof startMetaWorld>>;
let world: MetaWorld;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
let counter = 0;
const newNumber = () => `55117${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

type Spec = { id: string; type: string; data?: Record<string, unknown> };
const graphOf = (nodes: Spec[], edges: [string, string, string?][]) => ({
  nodes: nodes.map((node, index) => ({ data: {}, ...node, position: { x: index * 200, y: 0 } })),
  connections: edges.map(([source, target, sourceHandle]) => ({ source, target, sourceHandle })),
});

/** Welcome: a message, a menu; option 1 waits 30 s then says goodbye, option 2 moves to Suporte. */
const welcomeGraph = (supportQueueId: number, goodbye = "Até logo") =>
  graphOf(
    [
      { id: "start", type: "start" },
      { id: "hello", type: "message", data: { label: "Olá {{firstName}}!" } },
      {
        id: "menu",
        type: "menu",
        data: {
          message: "Escolha",
          arrayOption: [
            { number: 1, value: "Esperar" },
            { number: 2, value: "Suporte" },
          ],
        },
      },
      { id: "wait", type: "interval", data: { sec: 30 } },
      { id: "bye", type: "message", data: { label: goodbye } },
      { id: "queue", type: "ticket", data: { queue: { id: supportQueueId, name: "Suporte" } } },
    ],
    [
      ["start", "hello"],
      ["hello", "menu"],
      ["menu", "wait", "a1"],
      ["wait", "bye"],
      ["menu", "queue", "a2"],
    ],
  );

async function company() {
  const account = await connectedCompany(world, "whatsappapi");
  const companyId = account.team.company.id;
  const support = await buildQueue(db(), companyId, { name: "Suporte", greetingMessage: "" });
  const from = newNumber();
  let sequence = 0;
  const say = (body: string, id = `wamid.flow-${from}-${sequence++}`) =>
    world.sim.cloud.text(account.accountId, { from, body, name: "Rita Cliente", id });
  const addFlow = async (graph: ReturnType<typeof graphOf>, name = "Boas-vindas") => {
    const [flow] = await db()
      .insert(flows)
      .values({ companyId, name, nodes: graph.nodes, connections: graph.connections })
      .returning();
    if (!flow) throw new Error("no flow");
    return flow;
  };
  const connect = (fields: Partial<typeof whatsapps.$inferInsert>) =>
    db().update(whatsapps).set(fields).where(eq(whatsapps.id, account.connectionId));
  const ticket = () =>
    eventually(async () => {
      const [row] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
      return row;
    });
  return { account, companyId, support, from, say, addFlow, connect, ticket };
}

const textsTo = (to: string) =>
  world.sim.sent
    .filter((s) => s.recipient === to && s.id)
    .map((s) => String((s.body.text as { body?: string } | undefined)?.body ?? ""));

const received = (to: string, count: number) =>
  eventually(async () => {
    const texts = textsTo(to);
    return texts.length >= count && texts;
  }, 10_000);

async function expectNothingMoreSent(c: { companyId: number; from: string }, count: number) {
  await untilIdle(world);
  expect(textsTo(c.from)).toHaveLength(count);
  const waiting = await db()
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(eq(messages.companyId, c.companyId), eq(messages.fromMe, true), isNull(messages.providerMessageId)),
    );
  expect(waiting).toEqual([]);
}

/** The interval's timer made due now, then the sweeper's pass (a lost job's path); `times` passes. */
async function fireTimer(ticketId: number, times = 1) {
  await db()
    .update(ticketAutomations)
    .set({ timerAt: sql`now() - interval '1 minute'` })
    .where(eq(ticketAutomations.ticketId, ticketId));
  for (let i = 0; i < times; i += 1) await world.server.automation.sweep();
}

const MENU = "Escolha\n\n*[ 1 ]* - Esperar\n*[ 2 ]* - Suporte";

describe("the welcome flow", () => {
  it("walks message, menu (an invalid answer repeats it), interval (its timer once) and message", async () => {
    const c = await company();
    const flow = await c.addFlow(welcomeGraph(c.support.id));
    await c.connect({ flowIdWelcome: flow.id });

    await c.say("Oi");
    expect(await received(c.from, 2)).toEqual(["Olá Rita!", MENU]);
    await c.say("talvez");
    expect((await received(c.from, 3))[2]).toBe(MENU);

    // The answer is delivered twice (a webhook redelivery): applied once.
    await c.say("1", "wamid.answer-once");
    await c.say("1", "wamid.answer-once");
    await untilIdle(world);
    const ticket = await c.ticket();
    const [state] = await db()
      .select()
      .from(ticketAutomations)
      .where(eq(ticketAutomations.ticketId, ticket.id));
    expect(state?.state).toMatchObject({
      stage: "flow",
      flow: { flowId: flow.id, position: { nodeId: "wait" } },
    });
    expect(state?.timerAt?.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await expectNothingMoreSent(c, 3);

    // The timer fires, and fires again (a repeated job, a second sweeper): the goodbye goes once.
    await fireTimer(ticket.id, 2);
    expect((await received(c.from, 4))[3]).toBe("Até logo");
    await expectNothingMoreSent(c, 4);

    // Every node gone through is in the ticket's history, and the walk's end.
    const steps = await db()
      .select({ detail: ticketLogs.detail })
      .from(ticketLogs)
      .where(and(eq(ticketLogs.ticketId, ticket.id), eq(ticketLogs.type, "flow")))
      .orderBy(asc(ticketLogs.id));
    expect(steps.map((s) => s.detail?.nodeId ?? s.detail?.ended)).toEqual([
      "start",
      "hello",
      "menu",
      "wait",
      "bye",
      "end",
    ]);
  });

  it("a flow edited mid-walk: the contact finishes the version they started; new contacts get the new one", async () => {
    const c = await company();
    const flow = await c.addFlow(welcomeGraph(c.support.id, "Versão antiga"));
    await c.connect({ flowIdWelcome: flow.id });
    await c.say("Oi");
    await received(c.from, 2);

    const edited = welcomeGraph(c.support.id, "Versão nova");
    await db()
      .update(flows)
      .set({ nodes: edited.nodes, connections: edited.connections, updatedAt: new Date(Date.now() + 1000) })
      .where(eq(flows.id, flow.id));
    await c.say("1");
    await untilIdle(world);
    await fireTimer((await c.ticket()).id);
    expect((await received(c.from, 3))[2]).toBe("Versão antiga");
    const kept = await db().select().from(flowVersions).where(eq(flowVersions.flowId, flow.id));
    expect(kept).toHaveLength(1);
  });

  it("a ticket node moves the conversation to its queue; an old contact gets no welcome flow", async () => {
    const c = await company();
    const flow = await c.addFlow(welcomeGraph(c.support.id));
    await c.connect({ flowIdWelcome: flow.id });
    await c.say("Oi");
    await received(c.from, 2);
    await c.say("Suporte");
    const ticket = await eventually(async () => {
      const row = await c.ticket();
      return row.queueId === c.support.id && row;
    });
    expect(ticket.status).toBe("pending");
    await expectNothingMoreSent(c, 2);

    // The contact's next ticket (this one closed): not a new contact, no welcome flow.
    await db().update(tickets).set({ status: "closed" }).where(eq(tickets.id, ticket.id));
    await c.say("Oi de novo");
    await untilIdle(world);
    expect(textsTo(c.from)).toHaveLength(2);
  });
});

describe("media, condition, randomizer, content and integration nodes", () => {
  it("sends stored uploads, branches on a condition, sends a content card in order and hands over", async () => {
    const c = await company();
    const folder = join(world.server.config.dataDir, "public", `company${c.companyId}`, "flow");
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, "1-aaaaaaaaaaaaaaaaaaaaaaaa.png"), SAMPLE_FILES.png);
    await writeFile(join(folder, "2-bbbbbbbbbbbbbbbbbbbbbbbb.pdf"), SAMPLE_FILES.pdf);
    const flow = await c.addFlow(
      graphOf(
        [
          { id: "s", type: "start" },
          { id: "img", type: "img", data: { url: "1-aaaaaaaaaaaaaaaaaaaaaaaa.png" } },
          { id: "cond", type: "condition", data: { key: "nome", condition: 1, value: "rita cliente" } },
          { id: "rand", type: "randomizer", data: { percent: 100 } },
          {
            id: "card",
            type: "singleBlock",
            data: {
              seq: ["message1", "pdf1", "message2"],
              elements: [
                { number: "message1", value: "Segue a tabela" },
                { number: "pdf1", value: "2-bbbbbbbbbbbbbbbbbbbbbbbb.pdf", original: "tabela.pdf" },
                { number: "message2", value: "Qualquer dúvida, chame" },
              ],
            },
          },
          { id: "other", type: "message", data: { label: "nunca" } },
          { id: "hook", type: "integration", data: { integrationId: 999_999, type: "webhook" } },
        ],
        [
          ["s", "img"],
          ["img", "cond"],
          ["cond", "rand", "a"],
          ["cond", "other", "b"],
          ["rand", "card", "a"],
          ["rand", "other", "b"],
          ["card", "hook"],
        ],
      ),
    );
    await c.connect({ flowIdWelcome: flow.id });
    await c.say("Oi");
    await eventually(
      async () => world.sim.sent.filter((s) => s.recipient === c.from && s.id).length >= 4,
      10_000,
    );
    await untilIdle(world);
    const sends = world.sim.sent.filter((s) => s.recipient === c.from && s.id);
    expect(sends.map((s) => s.body.type)).toEqual(["image", "text", "document", "text"]);
    expect(textsTo(c.from).filter(Boolean)).toEqual(["Segue a tabela", "Qualquer dúvida, chame"]);
    expect((sends[2]?.body.document as { filename?: string } | undefined)?.filename).toBe("tabela.pdf");
    // The integration node ended the walk (the hand-over is the integrations' part).
    const ticket = await c.ticket();
    const [state] = await db()
      .select()
      .from(ticketAutomations)
      .where(eq(ticketAutomations.ticketId, ticket.id));
    expect(state?.state).toMatchObject({ stage: "done" });
    expect(state?.state).not.toHaveProperty("flow");
  });
});

describe("phrases, the no-phrase flow and the step cap", () => {
  it("a phrase starts its flow; another first message starts flowIdNotPhrase", async () => {
    const c = await company();
    const promo = await c.addFlow(
      graphOf(
        [
          { id: "s", type: "start" },
          { id: "m", type: "message", data: { label: "Cupom BF10" } },
        ],
        [["s", "m"]],
      ),
      "Promoção",
    );
    const fallback = await c.addFlow(
      graphOf(
        [
          { id: "s", type: "start" },
          { id: "m", type: "message", data: { label: "Não entendi" } },
        ],
        [["s", "m"]],
      ),
      "Padrão",
    );
    await db().insert(flowCampaigns).values({
      companyId: c.companyId,
      name: "BF",
      flowId: promo.id,
      whatsappId: c.account.connectionId,
      phrase: "black friday",
    });
    await c.connect({ flowIdNotPhrase: fallback.id });

    await c.say("Quero a promoção de BLACK Friday!");
    expect(await received(c.from, 1)).toEqual(["Cupom BF10"]);
    // The flow ended; a later message holding the phrase starts it again, any other gets nothing.
    await c.say("obrigada");
    await c.say("black friday de novo");
    expect(await received(c.from, 2)).toEqual(["Cupom BF10", "Cupom BF10"]);
    await expectNothingMoreSent(c, 2);

    const other = await company();
    await db()
      .insert(flowCampaigns)
      .values({
        companyId: other.companyId,
        name: "BF",
        flowId: (await other.addFlow(graphOf([{ id: "s", type: "start" }], []))).id,
        whatsappId: other.account.connectionId,
        phrase: "black friday",
      });
    const otherFallback = await other.addFlow(
      graphOf(
        [
          { id: "s", type: "start" },
          { id: "m", type: "message", data: { label: "Não entendi" } },
        ],
        [["s", "m"]],
      ),
    );
    await other.connect({ flowIdNotPhrase: otherFallback.id });
    await other.say("bom dia");
    expect(await received(other.from, 1)).toEqual(["Não entendi"]);
  });

  it("a cycle without a wait stops at the step cap", async () => {
    const c = await company();
    const loop = await c.addFlow(
      graphOf(
        [
          { id: "s", type: "start" },
          { id: "m", type: "message", data: { label: "eco" } },
        ],
        [
          ["s", "m"],
          ["m", "m"],
        ],
      ),
    );
    await c.connect({ flowIdWelcome: loop.id });
    await c.say("Oi");
    await untilIdle(world);
    const sent = textsTo(c.from);
    expect(sent.length).toBeGreaterThan(0);
    expect(sent.length).toBeLessThan(50);
    const ticket = await c.ticket();
    const [end] = await db()
      .select({ detail: ticketLogs.detail })
      .from(ticketLogs)
      .where(
        and(
          eq(ticketLogs.ticketId, ticket.id),
          eq(ticketLogs.type, "flow"),
          sql`${ticketLogs.detail} ? 'ended'`,
        ),
      );
    expect(end?.detail?.ended).toBe("cap");
  });

  it("an inactive flow never starts: the queue menu answers instead", async () => {
    const c = await company();
    const flow = await c.addFlow(welcomeGraph(c.support.id));
    await db().update(flows).set({ active: false }).where(eq(flows.id, flow.id));
    await c.connect({ flowIdWelcome: flow.id, greetingMessage: "Saudação da conexão" });
    await c.say("Oi");
    await untilIdle(world);
    expect(textsTo(c.from).some((text) => text.startsWith("Olá"))).toBe(false);
  });
});
