import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildQueue } from "../../test/factories.js";
import { FAKE_AZURE_KEY, type FakeAzureTts, startFakeAzureTts } from "../../test/fakes/fake-azure-tts.js";
import { FAKE_OPENAI_KEY, type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/fake-openai.js";
import { connectedCompany, startMetaWorld, untilIdle } from "../../test/meta.js";
import {
  integrationDeliveries,
  messages,
  prompts,
  ticketAutomations,
  tickets,
  whatsapps,
} from "../db/schema/index.js";
import { PROMPT_TRANSFER_MARKER } from "./prompt-step.js";

/**
 * A connection's AI prompt holding new conversations (prompt-step.ts through handover.ts) on the
 * real server: a contact writes over meta-sim, the prompt answers through a local OpenAI-compatible
 * fake (its answer repeats the contact: "Você disse: …"), speaks through a local Azure Speech fake,
 * and lets go to its queue when the contact asks for a person or the model says the marker.
 */

let world: Awaited<ReturnType<typeof startMetaWorld>>;
let openai: FakeOpenAi;
let azure: FakeAzureTts;
beforeAll(async () => {
  openai = await startFakeOpenAi();
  azure = await startFakeAzureTts();
  world = await startMetaWorld({ OPENAI_BASE_URL: `${openai.url}/v1`, AZURE_TTS_BASE_URL: azure.url });
});
afterAll(async () => {
  await world.close();
  await Promise.all([openai.close(), azure.close()]);
});

const db = () => world.server.database.db;
let counter = 0;
const newNumber = () => `55115${String(Date.now()).slice(-6)}${String(counter++ % 100).padStart(2, "0")}`;

async function withPrompt(fields: Partial<typeof prompts.$inferInsert> = {}) {
  const account = await connectedCompany(world, "whatsappapi");
  const companyId = account.team.company.id;
  const queue = await buildQueue(db(), companyId, { name: "Humanos", greetingMessage: "" });
  const [prompt] = await db()
    .insert(prompts)
    .values({
      companyId,
      name: "Assistente",
      apiKey: FAKE_OPENAI_KEY,
      prompt: "Você é a Ana.",
      queueId: queue.id,
      ...fields,
    })
    .returning();
  await db().update(whatsapps).set({ promptId: prompt?.id }).where(eq(whatsapps.id, account.connectionId));
  const from = newNumber();
  let sequence = 0;
  const say = async (body: string) => {
    await world.sim.cloud.text(account.accountId, {
      from,
      body,
      name: "Rita Cliente",
      id: `wamid.pr-${from}-${sequence++}`,
    });
    await untilIdle(world);
  };
  const sends = () => world.sim.sent.filter((s) => s.recipient === from && s.id);
  const texts = () => sends().map((s) => String((s.body.text as { body?: string } | undefined)?.body ?? ""));
  const ticket = async () => (await db().select().from(tickets).where(eq(tickets.companyId, companyId)))[0];
  const state = async () =>
    (
      await db()
        .select()
        .from(ticketAutomations)
        .where(eq(ticketAutomations.ticketId, (await ticket())?.id ?? 0))
    )[0]?.state as { stage?: string; integration?: { kind?: string } };
  return { companyId, queue, say, sends, texts, ticket, state };
}

describe("AI prompts", () => {
  it("answers each message with the model, until the contact asks for a person: then the prompt's queue", async () => {
    const c = await withPrompt();
    await c.say("Qual o horário?");
    expect(c.texts()).toEqual(["Você disse: Qual o horário?"]);
    expect(await c.state()).toMatchObject({ stage: "integration", integration: { kind: "prompt" } });
    await c.say("E no sábado?");
    expect(c.texts()).toEqual(["Você disse: Qual o horário?", "Você disse: E no sábado?"]);

    await c.say("Quero falar com um ATENDENTE");
    expect(c.texts()).toHaveLength(2);
    expect(await c.ticket()).toMatchObject({ queueId: c.queue.id, status: "pending" });
    expect(await c.state()).toMatchObject({ stage: "done" });
    await c.say("oi?");
    expect(c.texts()).toHaveLength(2);
  });

  it("the model's transfer marker moves the ticket to the queue; its words before it are sent", async () => {
    const c = await withPrompt();
    await c.say(PROMPT_TRANSFER_MARKER);
    // The fake repeats the contact: "Você disse: <marker>"; the words before the marker are sent.
    expect(c.texts()).toEqual(["Você disse:"]);
    expect((await c.ticket())?.queueId).toBe(c.queue.id);
  });

  it("a prompt with a voice answers with a voice note; a failing model gives the ticket back", async () => {
    const spoken = await withPrompt({
      voice: "Francisca",
      voiceKey: FAKE_AZURE_KEY,
      voiceRegion: "brazilsouth",
    });
    await spoken.say("Bom dia");
    const [note] = spoken.sends();
    expect(note?.body.type).toBe("audio");
    expect(azure.spoken.at(-1)).toMatchObject({
      voice: "pt-BR-FranciscaNeural",
      text: "Você disse: Bom dia",
    });
    // The bot's voice note, not the contact's message (rows come in no set order without one).
    const [stored] = await db()
      .select({ mediaUrl: messages.mediaUrl })
      .from(messages)
      .where(and(eq(messages.companyId, spoken.companyId), eq(messages.fromMe, true)));
    // Stored in the company's own folder (the fake's bytes are not a real Ogg file, so no .ogg here).
    expect(stored?.mediaUrl).toMatch(/^\/public\/company\d+\/prompt\//);

    const wrong = await withPrompt({ apiKey: "sk-wrong" });
    await wrong.say("Oi");
    expect(wrong.texts()).toEqual([]);
    expect(await wrong.state()).toMatchObject({ stage: "done" });
    const [delivery] = await db()
      .select()
      .from(integrationDeliveries)
      .where(eq(integrationDeliveries.companyId, wrong.companyId));
    expect(delivery).toMatchObject({ status: "failed", target: "prompt" });
  });
});
