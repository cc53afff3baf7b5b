import {
  CAMPAIGN_AUDIENCE_REQUIRED,
  type CampaignDto,
  canEditCampaignMessages,
  isCampaignEditable,
  parseCampaignSettings,
  renderCampaignMessage,
} from "@inbox/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConnection, buildContact, buildTeam, unique } from "../../../test/factories.js";
import { startTestServer, type TestServer } from "../../../test/harness.js";
import { campaigns, contactListItems, contactLists, contactTags, tags } from "../../db/schema/index.js";

/** Campaigns and campaign settings through the API (spec 3 sections 2 to 9), on a real database. */

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
const request = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: object,
  payload?: unknown,
) =>
  server.app.inject({ method, url, headers: headers as Record<string, string>, payload: payload as object });

async function setup() {
  const team = await buildTeam(server.app, db());
  const connection = await buildConnection(db(), team.company.id, {
    channel: "whatsapp",
    status: "CONNECTED",
  });
  const [list] = await db()
    .insert(contactLists)
    .values({ companyId: team.company.id, name: "Clientes" })
    .returning();
  await db()
    .insert(contactListItems)
    .values([
      { companyId: team.company.id, contactListId: list!.id, name: "Ana", number: "5511900000001" },
      {
        companyId: team.company.id,
        contactListId: list!.id,
        name: "Bia",
        number: "5511900000002",
        isWhatsappValid: false,
      },
    ]);
  return { ...team, connection, list: list!, h: team.adminSession.headers };
}

const HOUR = 3_600_000;

describe("the editable rule (spec 3 section 4)", () => {
  const now = new Date("2026-03-02T12:00:00Z");
  it("INATIVA is editable; PROGRAMADA only more than an hour ahead; CANCELADA takes message edits", () => {
    expect(isCampaignEditable({ status: "INATIVA", scheduledAt: null }, now)).toBe(true);
    expect(
      isCampaignEditable({ status: "PROGRAMADA", scheduledAt: new Date(now.getTime() + HOUR + 1000) }, now),
    ).toBe(true);
    expect(
      isCampaignEditable({ status: "PROGRAMADA", scheduledAt: new Date(now.getTime() + HOUR) }, now),
    ).toBe(false);
    expect(
      isCampaignEditable({ status: "PROGRAMADA", scheduledAt: new Date(now.getTime() - 1000) }, now),
    ).toBe(false);
    for (const status of ["EM_ANDAMENTO", "CANCELADA", "FINALIZADA"])
      expect(isCampaignEditable({ status, scheduledAt: null }, now)).toBe(false);
    expect(canEditCampaignMessages({ status: "CANCELADA", scheduledAt: null }, now)).toBe(true);
    expect(canEditCampaignMessages({ status: "FINALIZADA", scheduledAt: null }, now)).toBe(false);
  });

  it("variables: {nome}, {numero}, {email} and the settings' own; unknown ones stay", () => {
    const text = renderCampaignMessage(
      "Oi {nome} ({numero}, {email}) {cupom} {outro}",
      { name: "Ana", number: "5511", email: "a@x.com" },
      [{ key: "cupom", value: "BLACK10" }],
    );
    expect(text).toBe("Oi Ana (5511, a@x.com) BLACK10 {outro}");
  });
});

describe("campaigns", () => {
  it("create, show, list with search and report counts, update, delete; each change is announced", async () => {
    const { h, company, connection, list } = await setup();
    const created = await request("POST", "/campaigns", h, {
      name: "Black Friday",
      message1: "Oi {nome}",
      message2: "",
      confirmation: true,
      confirmationMessage1: "Obrigado",
      contactListId: list.id,
      tagListId: "Nenhuma",
      whatsappId: connection.id,
      scheduledAt: "",
      status: "FINALIZADA",
    });
    expect(created.statusCode, created.body).toBe(201);
    const campaign = created.json() as CampaignDto;
    expect(campaign).toMatchObject({
      name: "Black Friday",
      status: "INATIVA",
      scheduledAt: null,
      contactList: { id: list.id, name: "Clientes" },
      tagListId: null,
      whatsapp: { id: connection.id, channel: "whatsapp" },
      statusTicket: "closed",
      openTicket: "disabled",
      editable: true,
      report: { contacts: 2, valid: 1, delivered: 0 },
    });
    expect(events).toContainEqual({
      companyId: company.id,
      topic: "campaign",
      payload: { action: "create", record: campaign },
    });

    await request("POST", "/campaigns", h, { name: "Natal", whatsappId: connection.id });
    const page = (await request("GET", "/campaigns?searchParam=black&pageNumber=1", h)).json();
    expect(page).toMatchObject({ count: 1, hasMore: false });
    expect(page.records.map((r: CampaignDto) => r.id)).toEqual([campaign.id]);
    const all = (await request("GET", "/campaigns", h)).json();
    expect(all.records.map((r: CampaignDto) => r.name)).toEqual(["Natal", "Black Friday"]);

    const scheduled = await request("PUT", `/campaigns/${campaign.id}`, h, {
      name: "Black Friday 2",
      message1: "Oi {nome}",
      contactListId: list.id,
      whatsappId: connection.id,
      scheduledAt: "2099-11-27 09:00:00",
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    // A wall time is the company's (America/Sao_Paulo by default: UTC-3).
    expect(scheduled.json()).toMatchObject({
      status: "PROGRAMADA",
      scheduledAt: "2099-11-27T12:00:00.000Z",
      editable: true,
    });

    expect((await request("GET", `/campaigns/${campaign.id}`, h)).json().name).toBe("Black Friday 2");
    expect((await request("DELETE", `/campaigns/${campaign.id}`, h)).statusCode).toBe(200);
    expect((await request("GET", `/campaigns/${campaign.id}`, h)).statusCode).toBe(404);
    expect(events).toContainEqual({
      companyId: company.id,
      topic: "campaign",
      payload: { action: "delete", id: campaign.id },
    });
  });

  it("validation: the spec's messages, a queue when a user is chosen, an audience and a message to schedule", async () => {
    const { h, connection, admin } = await setup();
    const short = await request("POST", "/campaigns", h, { name: "x", whatsappId: connection.id });
    expect(short.json()).toMatchObject({ error: "ERR_VALIDATION", field: "name", message: "Too Short!" });
    const noConnection = await request("POST", "/campaigns", h, { name: "Sem conexão" });
    expect(noConnection.json()).toMatchObject({
      error: "ERR_VALIDATION",
      field: "whatsappId",
      message: "Required",
    });
    const noQueue = await request("POST", "/campaigns", h, {
      name: "Sem fila",
      whatsappId: connection.id,
      openTicket: "enabled",
      userId: admin.id,
    });
    expect(noQueue.json()).toMatchObject({ error: "ERR_VALIDATION", field: "queueId" });
    const noAudience = await request("POST", "/campaigns", h, {
      name: "Sem público",
      message1: "Oi",
      whatsappId: connection.id,
      scheduledAt: "2099-01-01 10:00:00",
    });
    expect(noAudience.json()).toMatchObject({ field: "contactListId", message: CAMPAIGN_AUDIENCE_REQUIRED });
  });

  it("tag audience: the tag's WhatsApp contacts are counted", async () => {
    const { h, company, connection } = await setup();
    const [tag] = await db()
      .insert(tags)
      .values({ companyId: company.id, name: unique("vip"), color: "#111111" })
      .returning();
    for (let i = 0; i < 3; i++) {
      const contact = await buildContact(db(), company.id, { channel: "whatsapp" });
      await db().insert(contactTags).values({ companyId: company.id, contactId: contact.id, tagId: tag!.id });
    }
    const res = await request("POST", "/campaigns", h, {
      name: "Por tag",
      message1: "Oi",
      tagListId: tag!.id,
      whatsappId: connection.id,
    });
    expect(res.json()).toMatchObject({ tagList: { id: tag!.id }, report: { contacts: 3, valid: 3 } });
  });

  it("not editable: refused; a cancelled campaign takes message edits only", async () => {
    const { h, connection, list } = await setup();
    const created = (
      await request("POST", "/campaigns", h, {
        name: "Em curso",
        message1: "Oi",
        contactListId: list.id,
        whatsappId: connection.id,
      })
    ).json() as CampaignDto;
    await db().update(campaigns).set({ status: "EM_ANDAMENTO" }).where(eq(campaigns.id, created.id));
    const refused = await request("PUT", `/campaigns/${created.id}`, h, {
      name: "Outro",
      whatsappId: connection.id,
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe("ERR_CAMPAIGN_NOT_EDITABLE");

    const cancelled = await request("POST", `/campaigns/${created.id}/cancel`, h);
    expect(cancelled.json()).toMatchObject({ status: "CANCELADA", editable: false });
    const edited = await request("PUT", `/campaigns/${created.id}`, h, {
      name: "Renomeada",
      message1: "Nova mensagem",
      whatsappId: connection.id,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: "Em curso", message1: "Nova mensagem", status: "CANCELADA" });

    // PROGRAMADA less than an hour ahead is not editable either.
    const soon = (
      await request("POST", "/campaigns", h, {
        name: "Logo",
        message1: "Oi",
        contactListId: list.id,
        whatsappId: connection.id,
        scheduledAt: new Date(Date.now() + HOUR / 2).toISOString(),
      })
    ).json() as CampaignDto;
    expect(soon).toMatchObject({ status: "PROGRAMADA", editable: false });
    expect(
      (await request("PUT", `/campaigns/${soon.id}`, h, { name: "Logo", whatsappId: connection.id }))
        .statusCode,
    ).toBe(409);
  });

  it("cancel only while EM_ANDAMENTO, restart only when CANCELADA", async () => {
    const { h, connection } = await setup();
    const created = (
      await request("POST", "/campaigns", h, { name: "Estados", whatsappId: connection.id })
    ).json() as CampaignDto;
    const cancel = await request("POST", `/campaigns/${created.id}/cancel`, h);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toBe("ERR_CAMPAIGN_INVALID_STATUS");
    expect((await request("POST", `/campaigns/${created.id}/restart`, h)).statusCode).toBe(409);
    await db().update(campaigns).set({ status: "EM_ANDAMENTO" }).where(eq(campaigns.id, created.id));
    expect((await request("POST", `/campaigns/${created.id}/cancel`, h)).json().status).toBe("CANCELADA");
    expect((await request("POST", `/campaigns/${created.id}/restart`, h)).json().status).toBe("EM_ANDAMENTO");
  });

  it("a user with profile user is refused (spec 3 section 6)", async () => {
    const { userSession } = await setup();
    for (const [method, url] of [
      ["GET", "/campaigns"],
      ["GET", "/campaign-settings"],
    ] as const) {
      const res = await request(method, url, userSession.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("ERR_NO_PERMISSION");
    }
  });
});

describe("campaign settings", () => {
  it("defaults, save some keys, read back as key/value JSON text; options outside spec 3 section 9 refused", async () => {
    const { h } = await setup();
    const defaults = (await request("GET", "/campaign-settings", h)).json();
    expect(parseCampaignSettings(defaults)).toEqual({
      messageInterval: 20,
      longerIntervalAfter: 20,
      greaterInterval: 60,
      variables: [],
      sabado: false,
      domingo: false,
      startHour: "09:00",
      endHour: "18:00",
    });
    const saved = await request("POST", "/campaign-settings", h, {
      settings: { messageInterval: 5, sabado: true, variables: [{ key: "cupom", value: "X1" }] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toContainEqual({ key: "messageInterval", value: "5" });
    expect(parseCampaignSettings((await request("GET", "/campaign-settings", h)).json())).toMatchObject({
      messageInterval: 5,
      sabado: true,
      variables: [{ key: "cupom", value: "X1" }],
      greaterInterval: 60,
    });
    for (const settings of [
      { messageInterval: 7 },
      { greaterInterval: 10 },
      { longerIntervalAfter: 70 },
      { startHour: "25:00" },
    ]) {
      const res = await request("POST", "/campaign-settings", h, { settings });
      expect(res.statusCode, JSON.stringify(settings)).toBe(400);
    }
  });
});
