import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { queueIntegrations } from "../../db/schema/index.js";

/**
 * A queue's integration and a chatbot option's integration (issue 13: a queue or a chatbot option
 * with an integration hands the conversation to it): the company's own integrations only.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

async function integrationOf(companyId: number) {
  const [row] = await db()
    .insert(queueIntegrations)
    .values({ companyId, name: "Sistema", type: "webhook", urlN8N: "https://example.com/hook" })
    .returning();
  if (!row) throw new Error("no integration");
  return row;
}

describe("integrations of queues and chatbot options", () => {
  it("keeps the company's integration on a queue and an option; refuses another company's", async () => {
    const team = await buildTeam(server.app, db());
    const other = await buildTeam(server.app, db());
    const own = await integrationOf(team.company.id);
    const foreign = await integrationOf(other.company.id);
    const headers = team.adminSession.headers as Record<string, string>;
    const create = (payload: object) =>
      server.app.inject({ method: "POST", url: "/queue", headers, payload });

    const made = await create({
      name: "Robô",
      color: "#0a0b0c",
      integrationId: own.id,
      chatbots: [{ name: "Sistema", queueType: "integration", optIntegrationId: own.id }],
    });
    expect(made.statusCode, made.body).toBe(201);
    const queue = made.json() as {
      id: number;
      integrationId: number | null;
      chatbots: { optIntegrationId: number | null }[];
    };
    expect(queue.integrationId).toBe(own.id);
    expect(queue.chatbots[0]?.optIntegrationId).toBe(own.id);

    const foreignQueue = await create({
      name: "Outra",
      color: "#0a0b0d",
      greetingMessage: "Olá",
      integrationId: foreign.id,
    });
    expect(foreignQueue.statusCode).toBe(400);
    expect(foreignQueue.json()).toMatchObject({ error: "ERR_NOT_FOUND", field: "integrationId" });
    const foreignOption = await server.app.inject({
      method: "PUT",
      url: `/queue/${queue.id}`,
      headers,
      payload: { chatbots: [{ name: "Sistema", queueType: "integration", optIntegrationId: foreign.id }] },
    });
    expect(foreignOption.statusCode).toBe(400);

    const cleared = await server.app.inject({
      method: "PUT",
      url: `/queue/${queue.id}`,
      headers,
      payload: { integrationId: null },
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect((cleared.json() as { integrationId: number | null }).integrationId).toBeNull();
  });
});
