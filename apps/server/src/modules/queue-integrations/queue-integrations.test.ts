import { QUEUE_INTEGRATION_ADMIN_ONLY } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { queueIntegrations } from "../../db/schema/index.js";

/** Integrations through the API (spec 3 /queue-integration), on a real database. */

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
});
