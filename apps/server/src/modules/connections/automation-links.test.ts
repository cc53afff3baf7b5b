import type { AddressInfo } from "node:net";
import { companyEvent } from "@inbox/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildQueue, buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { eventually } from "../../../test/meta.js";
import { TestSockets } from "../../../test/sockets.js";
import { flows, prompts, queueIntegrations, whatsappQueues } from "../../db/schema/index.js";

/** A connection's automation (spec 3): prompt, integration, welcome flow and no-phrase flow, of its company. */

let server: TestServer;
let url: string;
const clients = new TestSockets(() => url);
beforeAll(async () => {
  server = await startTestServer();
  await server.app.listen({ port: 0, host: "127.0.0.1" });
  url = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
});
afterEach(() => clients.closeAll());
afterAll(() => server.close());

/** The `whatsapp` updates a signed-in client of the company hears. */
async function connectionUpdates(token: string, companyId: number) {
  type Update = { action: string; whatsapp?: Record<string, unknown> };
  return (await clients.hearing<Update>(token, companyEvent(companyId, "whatsapp"))).heard;
}

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
    const heard = await connectionUpdates(mine.team.adminSession.token, mine.team.company.id);
    const lastHeard = () => heard.filter((e) => e.whatsapp?.id === mine.connection.id).at(-1)?.whatsapp;

    // Each deletion is heard as the connection's update, with the link gone.
    for (const [path, field] of [
      [`/flowbuilder/${mine.flow.id}`, "flowIdWelcome"],
      [`/queueIntegration/${mine.integration.id}`, "integrationId"],
      [`/prompt/${mine.prompt.id}`, "promptId"],
    ] as const) {
      const gone = await call("DELETE", path);
      expect(gone.statusCode, `${path} ${gone.body}`).toBe(200);
      await eventually(async () => lastHeard()?.[field] === null);
    }
    expect(lastHeard()).toMatchObject({ flowIdNotPhrase: null, promptId: null, integrationId: null });
    expect(heard.every((e) => e.action === "update")).toBe(true);
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

  it("deleting a queue is heard as an update of the connections it served, without it", async () => {
    const mine = await company();
    const other = await buildQueue(db(), mine.team.company.id);
    const queue = await buildQueue(db(), mine.team.company.id);
    const companyId = mine.team.company.id;
    await db()
      .insert(whatsappQueues)
      .values([
        { companyId, whatsappId: mine.connection.id, queueId: queue.id },
        { companyId, whatsappId: mine.connection.id, queueId: other.id },
      ]);
    const heard = await connectionUpdates(mine.team.adminSession.token, companyId);

    const gone = await server.app.inject({
      method: "DELETE",
      url: `/queue/${queue.id}`,
      headers: mine.team.adminSession.headers,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await eventually(async () => heard.length > 0);
    expect(heard[0]).toMatchObject({ action: "update", whatsapp: { id: mine.connection.id } });
    const queues = (heard[0]?.whatsapp?.queues ?? []) as { id: number }[];
    expect(queues.map((q) => q.id)).toEqual([other.id]);
  });
});
