import { FLOW_CAMPAIGN_LIST_MAX } from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildTeam } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { flowCampaigns, flows, whatsapps } from "../../db/schema/index.js";

/** Phrase campaigns through the API (spec 3 /phrase-lists, /flowcampaign), on a real database. */

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
  const [flow] = await db()
    .insert(flows)
    .values({ companyId: team.company.id, name: "Boas-vindas" })
    .returning();
  const connection = await buildConnection(db(), team.company.id, { channel: "whatsapp" });
  return { team, flow: flow!, connection };
}

describe("/flowcampaign", () => {
  it("creates, lists by name, reads, updates and deletes", async () => {
    const { team, flow, connection } = await setup();
    const h = team.adminSession.headers;
    const created = await call("POST", "/flowcampaign", h, {
      name: "Promoção",
      flowId: flow.id,
      whatsappId: connection.id,
      phrase: "quero desconto",
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: "Promoção", status: true, whatsappId: connection.id });
    await call("POST", "/flowcampaign", h, { name: "Atendimento", flowId: flow.id, phrase: "oi" });
    const list = (await call("GET", "/flowcampaign", h)).json();
    expect(list.flow.map((c: { name: string }) => c.name)).toEqual(["Atendimento", "Promoção"]);
    const id = created.json().id;
    const updated = await call("PUT", "/flowcampaign", h, {
      id,
      name: "Promoção 2",
      flowId: flow.id,
      whatsappId: connection.id,
      phrase: "desconto",
      status: false,
    });
    expect(updated.json()).toMatchObject({ name: "Promoção 2", phrase: "desconto", status: false });
    expect((await call("GET", `/flowcampaign/${id}`, h)).json()).toMatchObject({
      name: "Promoção 2",
      flowId: flow.id,
    });
    expect((await call("DELETE", `/flowcampaign/${id}`, h)).statusCode).toBe(200);
    expect((await call("GET", `/flowcampaign/${id}`, h)).statusCode).toBe(404);
    // The /phrase-lists page stays live: each change on company-{id}-flowcampaign, to this company only.
    const mine = events.filter((e) => e.topic === "flowcampaign" && e.companyId === team.company.id);
    expect(mine.map((e) => (e.payload as { action: string }).action)).toEqual([
      "create",
      "create",
      "update",
      "delete",
    ]);
    expect(mine[3]?.payload).toEqual({ action: "delete", flowCampaignId: id });
  });

  it("refuses a phrase campaign past the company's limit, so the list (answered whole) leaves none out", async () => {
    const { team, flow } = await setup();
    const h = team.adminSession.headers;
    await db()
      .insert(flowCampaigns)
      .values(
        Array.from({ length: FLOW_CAMPAIGN_LIST_MAX - 1 }, (_, i) => ({
          companyId: team.company.id,
          name: `Campanha ${String(i).padStart(4, "0")}`,
          flowId: flow.id,
          phrase: `frase ${i}`,
        })),
      );
    const last = await call("POST", "/flowcampaign", h, { name: "Última", flowId: flow.id, phrase: "fim" });
    expect(last.statusCode, last.body).toBe(201);
    const refused = await call("POST", "/flowcampaign", h, { name: "Demais", flowId: flow.id, phrase: "x" });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: "ERR_FLOW_CAMPAIGNS_LIMIT",
      limit: FLOW_CAMPAIGN_LIST_MAX,
    });
    const list = (await call("GET", "/flowcampaign", h)).json();
    expect(list.flow).toHaveLength(FLOW_CAMPAIGN_LIST_MAX);
    expect(list.flow.some((c: { name: string }) => c.name === "Última")).toBe(true);
    // Another company is not held by this one's count.
    const other = await setup();
    const elsewhere = await call("POST", "/flowcampaign", other.team.adminSession.headers, {
      name: "Outra",
      flowId: other.flow.id,
      phrase: "oi",
    });
    expect(elsewhere.statusCode).toBe(201);
  });

  it("requires name, flow and phrase; refuses another company's flow or connection; a missing connection is fine", async () => {
    const { team, flow } = await setup();
    const other = await setup();
    const h = team.adminSession.headers;
    for (const [payload, field] of [
      [{ flowId: flow.id, phrase: "x" }, "name"],
      [{ name: "A", phrase: "x" }, "flowId"],
      [{ name: "A", flowId: flow.id, phrase: "  " }, "phrase"],
      [{ name: "A", flowId: other.flow.id, phrase: "x" }, "flowId"],
      [{ name: "A", flowId: flow.id, phrase: "x", whatsappId: other.connection.id }, "whatsappId"],
    ] as const) {
      const res = await call("POST", "/flowcampaign", h, payload);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ error: "ERR_VALIDATION", field });
    }
    expect(
      (await call("POST", "/flowcampaign", h, { name: "Sem conexão", flowId: flow.id, phrase: "x" }))
        .statusCode,
    ).toBe(201);
  });

  it("deleting needs an admin; deleting the flow deletes its phrase campaigns, the connection only unlinks", async () => {
    const { team, flow, connection } = await setup();
    const created = await call("POST", "/flowcampaign", team.userSession.headers, {
      name: "Do atendente",
      flowId: flow.id,
      whatsappId: connection.id,
      phrase: "menu",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id;
    expect((await call("DELETE", `/flowcampaign/${id}`, team.userSession.headers)).json().error).toBe(
      "ERR_NO_PERMISSION",
    );
    await db().delete(whatsapps).where(eq(whatsapps.id, connection.id));
    const [unlinked] = await db().select().from(flowCampaigns).where(eq(flowCampaigns.id, id));
    expect(unlinked).toMatchObject({ whatsappId: null, companyId: team.company.id });
    await db().delete(flows).where(eq(flows.id, flow.id));
    expect(await db().select().from(flowCampaigns).where(eq(flowCampaigns.id, id))).toEqual([]);
  });
});
