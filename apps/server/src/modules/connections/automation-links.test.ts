import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildQueue, buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { flows, prompts, queueIntegrations } from "../../db/schema/index.js";

/** A connection's automation (spec 3): prompt, integration, welcome flow and no-phrase flow, of its company. */

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const db = () => server.database.db;

async function company() {
  const team = await buildTeam(server.app, db());
  const companyId = team.company.id;
  const queue = await buildQueue(db(), companyId);
  const [flow] = await db().insert(flows).values({ companyId, name: "Boas-vindas" }).returning();
  const [prompt] = await db()
    .insert(prompts)
    .values({ companyId, name: "IA", apiKey: "k", prompt: "p", queueId: queue.id })
    .returning();
  const [integration] = await db()
    .insert(queueIntegrations)
    .values({ companyId, name: "Hook", type: "webhook" })
    .returning();
  const connection = await buildConnection(db(), companyId, { channel: "whatsapp" });
  return { team, flow: flow!, prompt: prompt!, integration: integration!, connection };
}

describe("PUT /whatsapp/{id}: promptId, integrationId, flowIdWelcome, flowIdNotPhrase", () => {
  it("stores the company's records, null removes them, another company's are refused on their field", async () => {
    const mine = await company();
    const other = await company();
    const put = (payload: object) =>
      server.app.inject({
        method: "PUT",
        url: `/whatsapp/${mine.connection.id}`,
        headers: mine.team.adminSession.headers,
        payload,
      });
    const linked = await put({
      promptId: mine.prompt.id,
      integrationId: mine.integration.id,
      flowIdWelcome: mine.flow.id,
      flowIdNotPhrase: mine.flow.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({
      promptId: mine.prompt.id,
      integrationId: mine.integration.id,
      flowIdWelcome: mine.flow.id,
      flowIdNotPhrase: mine.flow.id,
    });
    for (const [field, id] of [
      ["promptId", other.prompt.id],
      ["integrationId", other.integration.id],
      ["flowIdWelcome", other.flow.id],
      ["flowIdNotPhrase", other.flow.id],
    ] as const) {
      const res = await put({ [field]: id });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: "ERR_VALIDATION", field });
    }
    const cleared = await put({
      promptId: null,
      integrationId: "",
      flowIdWelcome: null,
      flowIdNotPhrase: null,
    });
    expect(cleared.json()).toMatchObject({
      promptId: null,
      integrationId: null,
      flowIdWelcome: null,
      flowIdNotPhrase: null,
    });
  });

  it("deleting the flow, integration or prompt unlinks it, and the connection saves as before", async () => {
    const mine = await company();
    const h = mine.team.adminSession.headers;
    const call = (method: "PUT" | "DELETE" | "GET", url: string, payload?: object) =>
      server.app.inject({ method, url, headers: h, ...(payload ? { payload } : {}) });
    const linked = await call("PUT", `/whatsapp/${mine.connection.id}`, {
      promptId: mine.prompt.id,
      integrationId: mine.integration.id,
      flowIdWelcome: mine.flow.id,
      flowIdNotPhrase: mine.flow.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);

    for (const url of [
      `/flowbuilder/${mine.flow.id}`,
      `/queueIntegration/${mine.integration.id}`,
      `/prompt/${mine.prompt.id}`,
    ]) {
      const gone = await call("DELETE", url);
      expect(gone.statusCode, `${url} ${gone.body}`).toBe(200);
    }
    const shown = await call("GET", `/whatsapp/${mine.connection.id}`);
    expect(shown.json()).toMatchObject({
      promptId: null,
      integrationId: null,
      flowIdWelcome: null,
      flowIdNotPhrase: null,
    });
    // The form sends back what it shows: no 'Unknown record' on a link that no longer exists.
    const saved = await call("PUT", `/whatsapp/${mine.connection.id}`, {
      name: "Renomeada",
      flowIdWelcome: shown.json().flowIdWelcome,
    });
    expect(saved.statusCode, saved.body).toBe(200);
  });
});
