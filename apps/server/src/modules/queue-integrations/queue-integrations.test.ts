import { QUEUE_INTEGRATION_ADMIN_ONLY } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../../test/factories.js";
import { type FakeDialogflow, startFakeDialogflow } from "../../../test/fakes/fake-dialogflow.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { queueIntegrations } from "../../db/schema/index.js";

/** Integrations through the API (spec 3 /queue-integration), on a real database. */

let server: TestServer;
let dialogflow: FakeDialogflow;
const events: { companyId: number; topic: string; payload: unknown }[] = [];
beforeAll(async () => {
  dialogflow = await startFakeDialogflow();
  server = await startTestServer({
    env: { DIALOGFLOW_BASE_URL: dialogflow.url, INTEGRATIONS_TIMEOUT_MS: "1000" },
  });
  const emit = server.realtime.toCompany.bind(server.realtime);
  server.realtime.toCompany = (companyId, topic, payload) => {
    events.push({ companyId, topic, payload });
    emit(companyId, topic, payload);
  };
});
afterAll(async () => {
  await server.close();
  await dialogflow.close();
});

const db = () => server.database.db;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: object) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload });

describe("/queueIntegration", () => {
  it("creates, reads, updates and deletes, with the spec's defaults and live events", async () => {
    const team = await buildTeam(server.app, db());
    const h = team.adminSession.headers;
    const created = await call("POST", "/queueIntegration", h, {
      name: "Robô",
      type: "typebot",
      typebotSlug: "atendimento",
    });
    expect(created.statusCode, created.body).toBe(201);
    const integration = created.json();
    expect(integration).toMatchObject({
      name: "Robô",
      type: "typebot",
      typebotSlug: "atendimento",
      typebotExpires: 0,
      typebotDelayMessage: 1000,
      geminiMaxTokens: 1024,
      geminiTemperature: 0.7,
      geminiMaxMessages: 20,
      jsonContentSet: false,
      geminiApiKeySet: false,
    });
    expect(events.at(-1)).toMatchObject({
      companyId: team.company.id,
      topic: "queueIntegration",
      payload: { action: "create", queueIntegration: { id: integration.id } },
    });
    const updated = await call("PUT", `/queueIntegration/${integration.id}`, h, {
      name: "Robô 2",
      type: "n8n",
      urlN8N: "https://n8n.example.com/hook",
    });
    expect(updated.json()).toMatchObject({
      name: "Robô 2",
      type: "n8n",
      urlN8N: "https://n8n.example.com/hook",
    });
    expect((await call("GET", `/queueIntegration/${integration.id}`, h)).json().name).toBe("Robô 2");
    expect((await call("DELETE", `/queueIntegration/${integration.id}`, h)).statusCode).toBe(200);
    expect(events.at(-1)).toMatchObject({ payload: { action: "delete", integrationId: integration.id } });
    expect((await call("GET", `/queueIntegration/${integration.id}`, h)).statusCode).toBe(404);
  });

  it("keeps credentials write-only: never answered, kept when left out, removed with null", async () => {
    const team = await buildTeam(server.app, db());
    const h = team.adminSession.headers;
    const created = await call("POST", "/queueIntegration", h, {
      name: "Gemini",
      type: "gemini",
      geminiApiKey: "AIzaSecretKey1234",
      jsonContent: '{"private_key":"-----BEGIN"}',
    });
    const id = created.json().id;
    expect(created.body).not.toContain("AIzaSecret");
    expect(created.body).not.toContain("private_key");
    expect(created.json()).toMatchObject({
      geminiApiKeySet: true,
      geminiApiKeyHint: "…1234",
      jsonContentSet: true,
    });
    const kept = await call("PUT", `/queueIntegration/${id}`, h, {
      name: "Gemini",
      type: "gemini",
      geminiApiKey: "",
    });
    expect(kept.json()).toMatchObject({ geminiApiKeySet: true, jsonContentSet: true });
    const [row] = await db().select().from(queueIntegrations).where(eq(queueIntegrations.id, id));
    expect(row?.geminiApiKey).toBe("AIzaSecretKey1234");
    const cleared = await call("PUT", `/queueIntegration/${id}`, h, {
      name: "Gemini",
      type: "gemini",
      geminiApiKey: null,
    });
    expect(cleared.json()).toMatchObject({
      geminiApiKeySet: false,
      geminiApiKeyHint: null,
      jsonContentSet: true,
    });
    const page = await call("GET", "/queueIntegration", h);
    expect(page.body).not.toContain("private_key");
    const event = JSON.stringify(events.filter((e) => e.topic === "queueIntegration"));
    expect(event).not.toContain("AIzaSecret");
  });

  it("makes a webhook signing secret at create, answered only then; a save with one replaces it", async () => {
    const team = await buildTeam(server.app, db());
    const h = team.adminSession.headers;
    const created = await call("POST", "/queueIntegration", h, { name: "Gancho", type: "webhook" });
    const { id, webhookSecret } = created.json();
    expect(webhookSecret).toMatch(/^[\w-]{43}$/);
    expect(created.json().webhookSecretSet).toBe(true);
    const shown = await call("GET", `/queueIntegration/${id}`, h);
    expect(shown.json()).toMatchObject({ webhookSecretSet: true });
    expect(shown.body).not.toContain(webhookSecret);
    expect(JSON.stringify(events)).not.toContain(webhookSecret);
    const own = "a-secret-of-my-own-choosing-1234";
    const kept = await call("PUT", `/queueIntegration/${id}`, h, { name: "Gancho", type: "webhook" });
    expect(kept.body).not.toContain(webhookSecret);
    await call("PUT", `/queueIntegration/${id}`, h, { name: "Gancho", type: "webhook", webhookSecret: own });
    const [row] = await db().select().from(queueIntegrations).where(eq(queueIntegrations.id, id));
    expect(row?.webhookSecret).toBe(own);
    const short = await call("PUT", `/queueIntegration/${id}`, h, {
      name: "Gancho",
      type: "webhook",
      webhookSecret: "x",
    });
    expect(short.json()).toMatchObject({ error: "ERR_VALIDATION", field: "webhookSecret" });
  });

  it("validates with the spec's messages", async () => {
    const team = await buildTeam(server.app, db());
    const h = team.adminSession.headers;
    const short = await call("POST", "/queueIntegration", h, { name: "A", type: "webhook" });
    expect(short.json()).toMatchObject({ error: "ERR_VALIDATION", field: "name", message: "Too Short!" });
    const noType = await call("POST", "/queueIntegration", h, { name: "Sem tipo" });
    expect(noType.json()).toMatchObject({ error: "ERR_VALIDATION", field: "type", message: "Required" });
    const badUrl = await call("POST", "/queueIntegration", h, {
      name: "Gancho",
      type: "webhook",
      urlN8N: "ftp://x",
    });
    expect(badUrl.json()).toMatchObject({ error: "ERR_VALIDATION", field: "urlN8N" });
  });

  it("pages by name, each integration once; search by name", async () => {
    const team = await buildTeam(server.app, db());
    const h = team.adminSession.headers;
    for (let i = 0; i < 25; i++)
      await call("POST", "/queueIntegration", h, {
        name: `Integração ${String(i).padStart(2, "0")}`,
        type: "webhook",
      });
    const first = (await call("GET", "/queueIntegration?pageNumber=1", h)).json();
    const second = (await call("GET", "/queueIntegration?pageNumber=2", h)).json();
    expect(first).toMatchObject({ count: 25, hasMore: true });
    expect(second.hasMore).toBe(false);
    const names = [...first.queueIntegrations, ...second.queueIntegrations].map(
      (i: { name: string }) => i.name,
    );
    expect(new Set(names).size).toBe(25);
    expect(names).toEqual([...names].sort());
    const found = (await call("GET", "/queueIntegration?searchParam=o%2007", h)).json();
    expect(found.queueIntegrations.map((i: { name: string }) => i.name)).toEqual(["Integração 07"]);
  });

  it("profile user: no reading (ERR_NO_PERMISSION) and the spec's message on writes", async () => {
    const team = await buildTeam(server.app, db());
    const h = team.userSession.headers;
    expect((await call("GET", "/queueIntegration", h)).json().error).toBe("ERR_NO_PERMISSION");
    const write = await call("POST", "/queueIntegration", h, { name: "Minha", type: "webhook" });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ error: "ERR_NO_PERMISSION", message: QUEUE_INTEGRATION_ADMIN_ONLY });
  });

  it("POST /queueIntegration/test: a detect intent with the given or the stored key, failures as codes", async () => {
    const team = await buildTeam(server.app, db());
    const h = team.adminSession.headers;
    const fields = { projectName: "agente-teste", language: "pt-BR" };
    const given = await call("POST", "/queueIntegration/test", h, {
      ...fields,
      jsonContent: dialogflow.jsonContent,
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json()).toEqual({
      messages: ["Olá! Como posso ajudar?", "Digite 'tchau' para sair."],
      intent: "Default Welcome Intent",
      confidence: 1,
      endInteraction: false,
    });
    const created = await call("POST", "/queueIntegration", h, {
      name: "Dialogflow",
      type: "dialogflow",
      ...fields,
      jsonContent: dialogflow.jsonContent,
    });
    const stored = await call("POST", "/queueIntegration/test", h, {
      ...fields,
      integrationId: created.json().id,
      text: "tchau",
    });
    expect(stored.json()).toMatchObject({ messages: ["Até logo!"], endInteraction: true });

    const noKey = await call("POST", "/queueIntegration/test", h, { ...fields, jsonContent: '{"a":1}' });
    expect(noKey.json()).toMatchObject({ error: "ERR_INTEGRATION_CREDENTIALS", field: "jsonContent" });
    const refused = await call("POST", "/queueIntegration/test", h, {
      projectName: "missing",
      jsonContent: dialogflow.jsonContent,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe("ERR_INTEGRATION_REFUSED");
    dialogflow.hang = true;
    const slow = await call("POST", "/queueIntegration/test", h, {
      ...fields,
      jsonContent: dialogflow.jsonContent,
    });
    dialogflow.hang = false;
    expect(slow.statusCode).toBe(502);
    expect(slow.json().error).toBe("ERR_INTEGRATION_UNAVAILABLE");
    expect(JSON.stringify([given.json(), refused.json(), slow.json()])).not.toContain("PRIVATE KEY");

    const other = await buildTeam(server.app, db());
    const foreign = await call("POST", "/queueIntegration/test", other.adminSession.headers, {
      ...fields,
      integrationId: created.json().id,
    });
    expect(foreign.statusCode).toBe(404);
    const user = await call("POST", "/queueIntegration/test", team.userSession.headers, {
      ...fields,
      jsonContent: dialogflow.jsonContent,
    });
    expect(user.statusCode).toBe(403);
  });
});
