import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildQueue, buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { prompts, queues, whatsapps } from "../../db/schema/index.js";

/** AI prompts through the API (spec 3 /prompts, /prompt), on a real database. */

let server: TestServer;
const events: { companyId: number; topic: string; payload: unknown }[] = [];
beforeAll(async () => {
  server = await startTestServer();
  const emit = server.realtime.toCompany.bind(server.realtime);
  server.realtime.toCompany = (companyId, topic, payload) => {
    events.push({ companyId, topic, payload });
    emit(companyId, topic, payload);
  };
});
afterAll(() => server.close());

const db = () => server.database.db;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });

async function setup() {
  const team = await buildTeam(server.app, db());
  const queue = await buildQueue(db(), team.company.id, { name: "Vendas" });
  return { team, queue };
}

const API_KEY = "sk-secret-api-key-0001";
const VOICE_KEY = "azure-secret-voice-key";

describe("/prompt", () => {
  it("creates with the spec's defaults, lists with the count, reads, updates and deletes; keys never answered", async () => {
    const { team, queue } = await setup();
    const h = team.adminSession.headers;
    const created = await call("POST", "/prompt", h, {
      name: "Atendente virtual",
      apiKey: API_KEY,
      prompt: "Você é um atendente educado.",
      queueId: queue.id,
    });
    expect(created.statusCode, created.body).toBe(201);
    const prompt = created.json();
    expect(prompt).toMatchObject({
      name: "Atendente virtual",
      voice: "texto",
      temperature: 1,
      maxTokens: 100,
      maxMessages: 10,
      queueId: queue.id,
      queue: { id: queue.id, name: "Vendas" },
      apiKeySet: true,
      voiceKeySet: false,
    });
    await call("POST", "/prompt", h, { name: "Agendador", apiKey: "k2", prompt: "p", queueId: queue.id });
    const page = (await call("GET", "/prompt", h)).json();
    expect(page.count).toBe(2);
    expect(page.hasMore).toBe(false);
    expect(page.prompts.map((p: { name: string }) => p.name)).toEqual(["Agendador", "Atendente virtual"]);

    // A save without the keys keeps them; a new voice key is stored, never answered.
    const updated = await call("PUT", `/prompt/${prompt.id}`, h, {
      name: "Atendente",
      prompt: "Seja breve.",
      voice: "pt-BR-FranciscaNeural",
      voiceKey: VOICE_KEY,
      voiceRegion: "brazilsouth",
      temperature: 0.5,
      maxTokens: 300,
      maxMessages: 5,
      queueId: queue.id,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: "Atendente",
      voice: "pt-BR-FranciscaNeural",
      voiceKeySet: true,
    });
    const [stored] = await db().select().from(prompts).where(eq(prompts.id, prompt.id));
    expect(stored).toMatchObject({ apiKey: API_KEY, voiceKey: VOICE_KEY, maxTokens: 300 });

    const shown = await call("GET", `/prompt/${prompt.id}`, h);
    for (const body of [created.body, updated.body, shown.body, (await call("GET", "/prompt", h)).body]) {
      expect(body).not.toContain(API_KEY);
      expect(body).not.toContain(VOICE_KEY);
    }

    // Deleting unlinks the connections answering through it.
    const connection = await buildConnection(db(), team.company.id, { channel: "whatsapp" });
    await db().update(whatsapps).set({ promptId: prompt.id }).where(eq(whatsapps.id, connection.id));
    const removed = await call("DELETE", `/prompt/${prompt.id}`, h);
    expect(removed.json()).toEqual({ message: "Prompt deleted" });
    expect((await call("GET", `/prompt/${prompt.id}`, h)).statusCode).toBe(404);
    const [unlinked] = await db().select().from(whatsapps).where(eq(whatsapps.id, connection.id));
    expect(unlinked?.promptId).toBeNull();

    const mine = events.filter((e) => e.topic === "prompt" && e.companyId === team.company.id);
    expect(mine.map((e) => (e.payload as { action: string }).action)).toEqual([
      "create",
      "create",
      "update",
      "delete",
    ]);
    expect(JSON.stringify(mine)).not.toContain(API_KEY);
    expect(JSON.stringify(mine)).not.toContain(VOICE_KEY);
    expect(mine[3]?.payload).toEqual({ action: "delete", promptId: prompt.id });
  });

  it("validates: name, apiKey and prompt required, 'Informe o setor' without a queue or with another company's, voices of the spec", async () => {
    const { team, queue } = await setup();
    const other = await setup();
    const h = team.adminSession.headers;
    const valid = { name: "A", apiKey: "k", prompt: "p", queueId: queue.id };
    for (const [payload, field, message] of [
      [{ ...valid, name: "  " }, "name", undefined],
      [{ ...valid, prompt: "" }, "prompt", undefined],
      [{ ...valid, apiKey: undefined }, "apiKey", undefined],
      [{ ...valid, apiKey: "" }, "apiKey", undefined],
      [{ ...valid, queueId: undefined }, "queueId", "Informe o setor"],
      [{ ...valid, queueId: "" }, "queueId", "Informe o setor"],
      [{ ...valid, queueId: other.queue.id }, "queueId", "Informe o setor"],
      [{ ...valid, voice: "pt-BR-Robot" }, "voice", undefined],
      [{ ...valid, temperature: 3 }, "temperature", undefined],
    ] as const) {
      const res = await call("POST", "/prompt", h, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: "ERR_VALIDATION", field });
      if (message) expect(res.json().message).toBe(message);
    }
    expect((await call("POST", "/prompt", h, { ...valid, voice: "pt-BR-YaraNeural" })).statusCode).toBe(201);
  });

  it("is admins' and the company's own; deleting the queue leaves the prompt without one", async () => {
    const { team, queue } = await setup();
    const other = await setup();
    const created = await call("POST", "/prompt", team.adminSession.headers, {
      name: "Robô",
      apiKey: API_KEY,
      prompt: "p",
      queueId: queue.id,
    });
    const id = created.json().id;
    for (const [method, url] of [
      ["GET", "/prompt"],
      ["GET", `/prompt/${id}`],
      ["DELETE", `/prompt/${id}`],
    ] as const)
      expect((await call(method, url, team.userSession.headers)).json().error).toBe("ERR_NO_PERMISSION");
    expect(
      (
        await call("POST", "/prompt", team.userSession.headers, {
          name: "x",
          apiKey: "k",
          prompt: "p",
          queueId: queue.id,
        })
      ).statusCode,
    ).toBe(403);
    const foreign = other.team.adminSession.headers;
    expect((await call("GET", `/prompt/${id}`, foreign)).statusCode).toBe(404);
    expect((await call("DELETE", `/prompt/${id}`, foreign)).statusCode).toBe(404);
    expect((await call("GET", "/prompt", foreign)).json().count).toBe(0);

    await db().delete(queues).where(eq(queues.id, queue.id));
    expect((await call("GET", `/prompt/${id}`, team.adminSession.headers)).json()).toMatchObject({
      queueId: null,
      queue: null,
      companyId: team.company.id,
    });
  });
});
