import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQueue } from "../../test/factories.js";
import { type FakeDialogflow, startFakeDialogflow } from "../../test/fakes/fake-dialogflow.js";
import { FAKE_GEMINI_KEY, type FakeGemini, startFakeGemini } from "../../test/fakes/fake-gemini.js";
import { type FakeTypebot, startFakeTypebot } from "../../test/fakes/fake-typebot.js";
import { type FakeWebhook, startFakeWebhook } from "../../test/fakes/fake-webhook.js";
import { sendJson } from "../../test/fakes/http-fake.js";
import { connectedCompany, eventually, startMetaWorld, untilIdle } from "../../test/meta.js";
import {
  flows,
  integrationDeliveries,
  messages,
  queueIntegrations,
  ticketAutomations,
  tickets,
  whatsappQueues,
  whatsapps,
} from "../db/schema/index.js";

/**
 * Conversations handed to integrations (handover.ts) on the real server: a contact writes over
 * meta-sim, a welcome flow's integration node hands the ticket over, and each later message goes
 * to a local fake of the provider (a signed webhook receiver, Typebot's chat API, Gemini's
 * generateContent); what meta-sim received is the assertion. Jobs are off in tests: the runner
 * delivers right after its commit, and the sweep takes retries whose time the test moves.
 */

const SECRET = "webhook-secret-for-tests-0123456789abcdef";
let world: Awaited<ReturnType<typeof startMetaWorld>>;
let hook: FakeWebhook;
let typebot: FakeTypebot;
let gemini: FakeGemini;
let dialogflow: FakeDialogflow;
beforeAll(async () => {
  dialogflow = await startFakeDialogflow();
  hook = await startFakeWebhook(SECRET);
  typebot = await startFakeTypebot();
  gemini = await startFakeGemini();
  world = await startMetaWorld({
    INTEGRATIONS_ALLOW_PRIVATE_URLS: "true",
    GEMINI_BASE_URL: gemini.url,
    DIALOGFLOW_BASE_URL: dialogflow.url,
  });
});
afterAll(async () => {
  await world.close();
  await Promise.all([hook.close(), typebot.close(), gemini.close(), dialogflow.close()]);
});

const db = () => world.server.database.db;
let counter = 0;
const newNumber = () => `55116${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

/** A company whose connection's welcome flow hands the conversation to the integration at once. */
async function handedTo(integration: Partial<typeof queueIntegrations.$inferInsert> & { type: string }) {
  const account = await connectedCompany(world, "whatsappapi");
  const companyId = account.team.company.id;
  const [row] = await db()
    .insert(queueIntegrations)
    .values({ companyId, name: "Sistema", ...integration })
    .returning();
  if (!row) throw new Error("no integration");
  const [flow] = await db()
    .insert(flows)
    .values({
      companyId,
      name: "Para o sistema",
      nodes: [
        { id: "s", type: "start", position: { x: 0, y: 0 }, data: {} },
        {
          id: "i",
          type: "integration",
          position: { x: 200, y: 0 },
          data: { integrationId: row.id, type: row.type },
        },
      ],
      connections: [{ source: "s", target: "i" }],
    })
    .returning();
  await db().update(whatsapps).set({ flowIdWelcome: flow?.id }).where(eq(whatsapps.id, account.connectionId));
  const from = newNumber();
  let sequence = 0;
  const say = async (body: string, id = `wamid.ho-${from}-${sequence++}`) => {
    await world.sim.cloud.text(account.accountId, { from, body, name: "Rita Cliente", id });
    await untilIdle(world);
  };
  const texts = () =>
    world.sim.sent
      .filter((s) => s.recipient === from && s.id)
      .map((s) => String((s.body.text as { body?: string } | undefined)?.body ?? ""));
  const state = async () => {
    const [ticket] = await db().select().from(tickets).where(eq(tickets.companyId, companyId));
    const [row] = await db()
      .select()
      .from(ticketAutomations)
      .where(eq(ticketAutomations.ticketId, ticket?.id ?? 0));
    return row?.state as { stage?: string; integration?: { id: number; session?: { id: string } } };
  };
  const deliveries = () =>
    db()
      .select()
      .from(integrationDeliveries)
      .where(eq(integrationDeliveries.companyId, companyId))
      .orderBy(integrationDeliveries.id);
  return { companyId, integration: row, from, say, texts, state, deliveries };
}

describe("webhook and n8n", () => {
  it("each message goes signed to the URL once; its answers are sent; finish gives the ticket back", async () => {
    hook.respond = (payload, res) => {
      const body = (payload.message as { body: string }).body;
      if (body === "tchau") return sendJson(res, 200, { messages: ["Até mais!"], finish: true });
      return sendJson(res, 200, { messages: [`Recebi: ${body}`, { text: "Algo mais?" }] });
    };
    const c = await handedTo({ type: "webhook", urlN8N: hook.url, webhookSecret: SECRET });
    const before = hook.accepted.length;
    await c.say("Oi");
    expect(c.texts()).toEqual(["Recebi: Oi", "Algo mais?"]);
    const first = hook.accepted[before] as Record<string, Record<string, unknown>>;
    expect(first).toMatchObject({
      webhook_type: "webhook",
      message: { body: "Oi", fromMe: false },
      contact: { name: "Rita Cliente", number: c.from },
      ticket: { status: "pending", companyId: c.companyId },
    });
    expect(await c.state()).toMatchObject({ stage: "integration", integration: { id: c.integration.id } });

    // A redelivered webhook of the contact's message is handed over once.
    await c.say("pizza", "wamid.ho-pizza");
    await c.say("pizza", "wamid.ho-pizza");
    expect(hook.accepted.length - before).toBe(2);
    expect(c.texts()).toEqual(["Recebi: Oi", "Algo mais?", "Recebi: pizza", "Algo mais?"]);

    await c.say("tchau");
    expect(c.texts().at(-1)).toBe("Até mais!");
    expect(await c.state()).toMatchObject({ stage: "done" });
    expect(await c.state()).not.toHaveProperty("integration");
    // Given back: the next message stays with the people.
    await c.say("alguém aí?");
    expect(hook.accepted.length - before).toBe(3);
    expect((await c.deliveries()).map((d) => d.status)).toEqual(["done", "done", "done"]);
  });

  it("retries a failing receiver with backoff, then gives the ticket back to a person", async () => {
    let calls = 0;
    hook.respond = (_payload, res) => {
      calls += 1;
      sendJson(res, 503, { error: "down" });
    };
    const c = await handedTo({ type: "n8n", urlN8N: hook.url, webhookSecret: SECRET });
    await c.say("Oi");
    expect(calls).toBe(1);
    const [waiting] = await c.deliveries();
    expect(waiting).toMatchObject({ status: "pending", attempts: 1 });
    expect(waiting?.lastError).toContain("503");
    expect(waiting?.nextAt.getTime()).toBeGreaterThan(Date.now());

    for (const expected of [2, 3]) {
      await db()
        .update(integrationDeliveries)
        .set({ nextAt: sql`now() - interval '1 second'` })
        .where(eq(integrationDeliveries.companyId, c.companyId));
      await world.server.automation.sweep();
      expect(calls).toBe(expected);
    }
    const [given] = await c.deliveries();
    expect(given).toMatchObject({ status: "failed", attempts: 3 });
    expect(await c.state()).toMatchObject({ stage: "done" });
    expect(c.texts()).toEqual([]);
  });

  it("a receiver that refuses (4xx) or a wrong signature secret gives the ticket back at once", async () => {
    hook.respond = (_payload, res) => sendJson(res, 422, { error: "no" });
    const refused = await handedTo({ type: "webhook", urlN8N: hook.url, webhookSecret: SECRET });
    await refused.say("Oi");
    expect((await refused.deliveries())[0]).toMatchObject({ status: "failed", attempts: 1 });
    expect(await refused.state()).toMatchObject({ stage: "done" });

    // A wrong signature secret: the receiver answers 401, which will not pass either.
    const unsigned = await handedTo({
      type: "webhook",
      urlN8N: hook.url,
      webhookSecret: "another-secret-entirely-000000000",
    });
    await unsigned.say("Oi");
    expect((await unsigned.deliveries())[0]?.lastError).toContain("401");
  });
});

describe("a connection's or a queue's integration", () => {
  it("the connection's integration takes a new conversation; a queue's takes the contacts the bot brings in", async () => {
    hook.respond = (payload, res) =>
      sendJson(res, 200, { messages: [`Sistema: ${(payload.message as { body: string }).body}`] });
    const account = await connectedCompany(world, "whatsappapi");
    const companyId = account.team.company.id;
    const [integration] = await db()
      .insert(queueIntegrations)
      .values({ companyId, name: "Sistema", type: "webhook", urlN8N: hook.url, webhookSecret: SECRET })
      .returning();
    await db()
      .update(whatsapps)
      .set({ integrationId: integration?.id })
      .where(eq(whatsapps.id, account.connectionId));
    const from = newNumber();
    await world.sim.cloud.text(account.accountId, { from, body: "Oi", name: "Rita Cliente" });
    await untilIdle(world);
    const texts = world.sim.sent
      .filter((s) => s.recipient === from && s.id)
      .map((s) => String((s.body.text as { body?: string } | undefined)?.body ?? ""));
    expect(texts).toEqual(["Sistema: Oi"]);

    // A queue with the integration, chosen from another connection's menu: its greeting, then the integration.
    const second = await connectedCompany(world, "whatsappapi");
    const secondId = second.team.company.id;
    const [queued] = await db()
      .insert(queueIntegrations)
      .values({
        companyId: secondId,
        name: "Sistema",
        type: "webhook",
        urlN8N: hook.url,
        webhookSecret: SECRET,
      })
      .returning();
    await db()
      .update(whatsapps)
      .set({ greetingMessage: "Escolha:" })
      .where(eq(whatsapps.id, second.connectionId));
    const sales = await buildQueue(db(), secondId, {
      name: "Vendas",
      greetingMessage: "Bem-vindo a Vendas",
      integrationId: queued?.id,
    });
    const support = await buildQueue(db(), secondId, { name: "Suporte", greetingMessage: "" });
    await db()
      .insert(whatsappQueues)
      .values([
        { companyId: secondId, whatsappId: second.connectionId, queueId: sales.id },
        { companyId: secondId, whatsappId: second.connectionId, queueId: support.id },
      ]);
    const other = newNumber();
    const say = async (body: string) => {
      await world.sim.cloud.text(second.accountId, { from: other, body, name: "Outro Cliente" });
      await untilIdle(world);
    };
    const otherTexts = () =>
      world.sim.sent
        .filter((s) => s.recipient === other && s.id)
        .map((s) => String((s.body.text as { body?: string } | undefined)?.body ?? ""));
    await say("Oi");
    expect(otherTexts()[0]).toContain("*[ 1 ]* - Vendas");
    await say("1");
    expect(otherTexts().slice(1)).toEqual(["Bem-vindo a Vendas", "Sistema: 1"]);
    await say("quero comprar");
    expect(otherTexts().at(-1)).toBe("Sistema: quero comprar");
  });
});

describe("typebot, dialogflow and gemini", () => {
  it("dialogflow: each message is a detect intent in the ticket's session; an intent that ends the interaction gives it back", async () => {
    const c = await handedTo({
      type: "dialogflow",
      projectName: "agente-teste",
      jsonContent: dialogflow.jsonContent,
      language: "pt-BR",
    });
    await c.say("Oi");
    expect(c.texts()).toEqual(["Olá! Como posso ajudar?", "Digite 'tchau' para sair."]);
    await c.say("tchau");
    expect(c.texts().at(-1)).toBe("Até logo!");
    expect(await c.state()).toMatchObject({ stage: "done" });
    // One Dialogflow session per ticket, the same for both messages.
    const mine = dialogflow.sessions.slice(-2);
    expect(mine[0]).toBe(mine[1]);
    expect(mine[0]).toMatch(/^agente-teste\/[0-9a-f-]{36}$/);
  });

  it("typebot: starts a chat by slug with the contact's name, continues the session, ends when the bot does", async () => {
    const c = await handedTo({
      type: "typebot",
      typebotSlug: "atendimento",
      urlN8N: typebot.url,
      typebotDelayMessage: 300,
    });
    await c.say("Oi");
    const greeting = c.texts();
    // typebotDelayMessage: each of the bot's messages 300 ms after the one before.
    const stored = await db()
      .select({ extra: messages.extra })
      .from(messages)
      .where(and(eq(messages.companyId, c.companyId), eq(messages.fromMe, true)))
      .orderBy(messages.id);
    const due = stored.map((m) => (m.extra as { sendAfter?: string } | null)?.sendAfter ?? null);
    expect(due[0]).toBeNull();
    expect(due.length).toBeGreaterThanOrEqual(3);
    expect(Date.parse(due[2] as string) - Date.parse(due[1] as string)).toBe(300);
    expect(greeting[0]).toContain("Rita Cliente");
    expect(greeting.at(-1)).toBe("Escolha uma opção:");
    const session = (await c.state()).integration?.session?.id;
    expect(session).toBeTruthy();

    await c.say("Vendas");
    expect(c.texts().at(-1)).toBe("_Um vendedor já vem._");
    expect(typebot.sessions.get(session as string)).toEqual(["Vendas"]);
    // The typebot's flow ended: the ticket waits for a person.
    expect(await c.state()).toMatchObject({ stage: "done" });
  });

  it("typebot: the finish keyword gives the ticket back without calling the bot", async () => {
    const c = await handedTo({
      type: "typebot",
      typebotSlug: "atendimento",
      urlN8N: typebot.url,
      typebotKeywordFinish: "sair",
    });
    await c.say("Oi");
    const sent = c.texts().length;
    await c.say("SAIR");
    expect(c.texts()).toHaveLength(sent);
    expect(await c.state()).toMatchObject({ stage: "done" });
  });

  it("gemini: answers with the conversation as context; a provider error gives the ticket back", async () => {
    const c = await handedTo({ type: "gemini", geminiApiKey: FAKE_GEMINI_KEY, geminiPrompt: "Seja breve" });
    await c.say("Qual o horário?");
    await eventually(async () => c.texts().length >= 1);
    expect(c.texts()).toEqual(["Você disse: Qual o horário?"]);

    const wrong = await handedTo({ type: "gemini", geminiApiKey: "AIzaWrongKey", geminiPrompt: "" });
    await wrong.say("Oi");
    expect((await wrong.deliveries())[0]).toMatchObject({ status: "failed" });
    expect(await wrong.state()).toMatchObject({ stage: "done" });
    const [row] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(integrationDeliveries)
      .where(
        and(
          eq(integrationDeliveries.companyId, wrong.companyId),
          eq(integrationDeliveries.status, "pending"),
        ),
      );
    expect(row?.n).toBe(0);
  });
});
