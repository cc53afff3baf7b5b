import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildConnection } from "../../../test/factories.js";
import { connectedCompany, eventually, startMetaWorld, untilIdle } from "../../../test/meta.js";
import {
  campaignSettings,
  campaignShippings,
  campaigns,
  contactListItems,
  contactLists,
  messages,
  whatsapps,
} from "../../db/schema/index.js";
import { CampaignSender } from "./sender.js";

/**
 * Cloud API templates (issue 12): GET /campaigns/templates/{whatsappId} lists the connection's
 * approved templates from meta-sim's Graph API, and a campaign on a whatsappapi connection sends one
 * template per contact, its variant's (one template per message slot), with the parameters filled
 * per contact, never free text; a contact's answer gets its variant's confirmation.
 */

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
const get = (url: string, headers: object) =>
  world.server.app.inject({ method: "GET", url, headers: headers as Record<string, string> });

/** A Cloud API company whose connection knows its WABA (as the connection form stores it). */
async function cloudCompany() {
  const company = await connectedCompany(world, "whatsappapi");
  await db()
    .update(whatsapps)
    .set({ wabaId: `waba-${company.accountId}` })
    .where(eq(whatsapps.id, company.connectionId));
  return company;
}

/** The part of a recorded template send the test reads. */
type Sent = { template: { components: { parameters: { text: string }[] }[] } };

const body = (text: string) => [{ type: "BODY" as const, text }];

/** Starts the campaign at `now` and runs it to its end (messageInterval 0). */
async function send(companyId: number, campaignId: number, now: Date) {
  const sender = new CampaignSender({
    db: db(),
    realtime: world.server.realtime,
    outbound: world.server.outbound,
    logger: { warn: () => {} },
    clock: () => now,
  });
  await sender.start(companyId, campaignId);
  await sender.run(companyId, campaignId);
}

describe("GET /campaigns/templates/{whatsappId}", () => {
  it("lists only the approved templates, across Graph pages, with their parameter counts", async () => {
    const company = await cloudCompany();
    world.sim.setTemplates(company.accountId, [
      { name: "boas_vindas", language: "pt_BR", components: body("Olá {{1}}, seu pedido {{2}} saiu") },
      { name: "em_analise", language: "pt_BR", status: "PENDING", components: body("x") },
      ...Array.from({ length: 120 }, (_, i) => ({
        name: `lote_${i}`,
        language: "pt_BR",
        category: "UTILITY" as const,
        components: body("Aviso"),
      })),
    ]);
    const res = await get(`/campaigns/templates/${company.connectionId}`, company.team.adminSession.headers);
    expect(res.statusCode).toBe(200);
    const { templates } = res.json() as { templates: { name: string; parameterCount: number }[] };
    expect(templates).toHaveLength(121); // two Graph pages of 100
    expect(templates.map((t) => t.name)).not.toContain("em_analise");
    expect(templates[0]).toEqual({
      name: "boas_vindas",
      language: "pt_BR",
      category: "MARKETING",
      body: "Olá {{1}}, seu pedido {{2}} saiu",
      parameterCount: 2,
    });
  });

  it("another channel is a 400 on whatsappId, an unknown connection 404, a refused token 502", async () => {
    const company = await cloudCompany();
    const headers = company.team.adminSession.headers;
    const baileys = await buildConnection(db(), company.team.company.id, { channel: "whatsapp" });
    const other = await get(`/campaigns/templates/${baileys.id}`, headers);
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ error: "ERR_VALIDATION", field: "whatsappId" });
    expect((await get("/campaigns/templates/999999999", headers)).json().error).toBe("ERR_NO_WAPP_FOUND");
    await db()
      .update(whatsapps)
      .set({ accessToken: "revoked" })
      .where(eq(whatsapps.id, company.connectionId));
    const refused = await get(`/campaigns/templates/${company.connectionId}`, headers);
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error).toBe("ERR_FACEBOOK_GRAPH");
    expect(refused.body).not.toContain("revoked");
  });

  it("a user with profile user gets the no-permission answer", async () => {
    const company = await cloudCompany();
    const res = await get(`/campaigns/templates/${company.connectionId}`, company.team.userSession.headers);
    expect(res.statusCode).toBe(403);
  });
});

describe("a campaign on a Cloud API connection", () => {
  it("is scheduled only with a template in some slot; its templates come back by slot, other channels keep none", async () => {
    const company = await cloudCompany();
    const companyId = company.team.company.id;
    const headers = company.team.adminSession.headers as Record<string, string>;
    const [list] = await db().insert(contactLists).values({ companyId, name: "Lista" }).returning();
    const post = (payload: object) =>
      world.server.app.inject({ method: "POST", url: "/campaigns", headers, payload });
    const scheduled = {
      name: "Variantes",
      contactListId: list!.id,
      scheduledAt: "2030-01-02T10:00:00Z",
      message1: "texto livre",
    };
    const none = await post({ ...scheduled, whatsappId: company.connectionId, templates: [null, null] });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: "ERR_VALIDATION", field: "templates" });

    const template = { name: "promo", language: "pt_BR", variables: ["{nome}"], body: "Oi {{1}}" };
    const created = await post({
      ...scheduled,
      whatsappId: company.connectionId,
      templates: [null, template],
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ status: "PROGRAMADA", templates: [null, template] });
    const six = await post({
      ...scheduled,
      whatsappId: company.connectionId,
      templates: Array(6).fill(template),
    });
    expect(six.statusCode).toBe(400);

    const baileys = await buildConnection(db(), companyId, { channel: "whatsapp" });
    const other = await post({ ...scheduled, whatsappId: baileys.id, templates: [template] });
    expect(other.json()).toMatchObject({ status: "PROGRAMADA", templates: [] });
  });

  it("sends its template to each contact with the variables filled, and stores the filled body", async () => {
    const company = await cloudCompany();
    const companyId = company.team.company.id;
    world.sim.setTemplates(company.accountId, [
      { name: "promo", language: "pt_BR", components: body("Oi {{1}}! Cupom {{2}}") },
    ]);
    await db().insert(campaignSettings).values({ companyId, key: "messageInterval", value: "0" });
    const [list] = await db().insert(contactLists).values({ companyId, name: "Lista" }).returning();
    const base = 5521_9000_0000 + Math.floor(Math.random() * 1e6) * 10;
    await db()
      .insert(contactListItems)
      .values([
        { companyId, contactListId: list!.id, name: "Ana", number: String(base + 1) },
        { companyId, contactListId: list!.id, name: "Bruno", number: String(base + 2) },
      ]);
    const now = new Date("2026-03-02T13:00:00Z"); // a Monday 10:00 in São Paulo
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        companyId,
        name: "Modelo",
        status: "PROGRAMADA",
        scheduledAt: now,
        message1: "texto livre que não deve sair",
        contactListId: list!.id,
        whatsappId: company.connectionId,
        templates: [
          {
            name: "promo",
            language: "pt_BR",
            variables: ["{nome}", "BLACK"],
            body: "Oi {{1}}! Cupom {{2}}",
          },
        ],
      })
      .returning();
    await send(companyId, campaign!.id, now);

    const sends = world.sim.sent.filter((s) => s.accountId === company.accountId && s.httpStatus === 200);
    expect(sends).toHaveLength(2);
    const byRecipient = new Map(sends.map((s) => [s.recipient, s.body as Sent]));
    expect(byRecipient.get(String(base + 1))).toMatchObject({
      type: "template",
      template: {
        name: "promo",
        language: { code: "pt_BR" },
        components: [
          {
            type: "body",
            parameters: [
              { type: "text", text: "Ana" },
              { type: "text", text: "BLACK" },
            ],
          },
        ],
      },
    });
    expect(byRecipient.get(String(base + 2))?.template.components[0]?.parameters[0]?.text).toBe("Bruno");
    const stored = await db()
      .select({ body: messages.body, mediaType: messages.mediaType })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), eq(messages.fromMe, true)));
    expect(stored.map((m) => m.body).sort()).toEqual(["Oi Ana! Cupom BLACK", "Oi Bruno! Cupom BLACK"]);
    expect(stored.every((m) => m.mediaType === "template")).toBe(true);
  });

  it("two templates are two variants: one template per contact, both used, each answer gets its variant's confirmation", async () => {
    const company = await cloudCompany();
    const companyId = company.team.company.id;
    world.sim.setTemplates(company.accountId, [
      { name: "promo_a", language: "pt_BR", components: body("Oi {{1}}, oferta A") },
      { name: "promo_b", language: "pt_BR", components: body("Olá {{1}}, oferta B com {{2}}") },
    ]);
    await db().insert(campaignSettings).values({ companyId, key: "messageInterval", value: "0" });
    const [list] = await db().insert(contactLists).values({ companyId, name: "Lista" }).returning();
    // 13 digits, as the import normalises a Brazilian mobile (the answers' ingest finds the contact).
    const base = 5521_9_7000_0000 + Math.floor(Math.random() * 1e6) * 10;
    const people = ["Ana", "Bruno", "Caio", "Duda"].map((name, i) => ({
      name,
      number: String(base + i + 1),
    }));
    await db()
      .insert(contactListItems)
      .values(people.map((p) => ({ companyId, contactListId: list!.id, ...p })));
    const now = new Date("2026-03-02T13:00:00Z");
    const [campaign] = await db()
      .insert(campaigns)
      .values({
        companyId,
        name: "Duas variantes",
        status: "PROGRAMADA",
        scheduledAt: now,
        confirmation: true,
        confirmationMessage1: "A confirmada, {nome}!",
        confirmationMessage3: "B confirmada, {nome}!",
        contactListId: list!.id,
        whatsappId: company.connectionId,
        // Slots 1 and 3: an empty slot between them is no variant.
        templates: [
          { name: "promo_a", language: "pt_BR", variables: ["{nome}"], body: "Oi {{1}}, oferta A" },
          null,
          {
            name: "promo_b",
            language: "pt_BR",
            variables: ["{nome}", "frete grátis"],
            body: "Olá {{1}}, oferta B com {{2}}",
          },
        ],
      })
      .returning();
    await send(companyId, campaign!.id, now);

    const sends = world.sim.sent.filter((s) => s.accountId === company.accountId && s.httpStatus === 200);
    expect(sends.map((s) => s.recipient).sort()).toEqual(people.map((p) => p.number).sort());
    const templateOf = new Map(
      sends.map((s) => [s.recipient, (s.body as { template: { name: string } }).template.name]),
    );
    expect(new Set(templateOf.values())).toEqual(new Set(["promo_a", "promo_b"]));
    const rows = await db()
      .select()
      .from(campaignShippings)
      .where(eq(campaignShippings.campaignId, campaign!.id));
    expect(rows).toHaveLength(4);
    for (const row of rows) {
      expect(row.variant === 1 ? "promo_a" : row.variant === 3 ? "promo_b" : "none").toBe(
        templateOf.get(row.number),
      );
      expect(row.confirmationRequestedAt).not.toBeNull();
    }

    // One contact of each variant answers: each gets its own variant's confirmation, as free text.
    for (const variant of [1, 3]) {
      const row = rows.find((r) => r.variant === variant)!;
      await world.sim.cloud.text(company.accountId, { from: row.number, body: "Quero" });
      const expected = `${variant === 1 ? "A" : "B"} confirmada, ${row.name}!`;
      const texts = await eventually(async () => {
        await untilIdle(world);
        const out = world.sim.sent
          .filter((s) => s.recipient === row.number && s.httpStatus === 200)
          .map((s) => s.body as { type: string; text?: { body: string } })
          .filter((b) => b.type === "text");
        return out.length > 0 && out;
      });
      expect(texts.map((b) => b.text?.body)).toEqual([expected]);
    }
    // The tickets show each contact's variant filled in.
    const stored = await db()
      .select({ body: messages.body })
      .from(messages)
      .where(
        and(eq(messages.companyId, companyId), eq(messages.fromMe, true), eq(messages.mediaType, "template")),
      );
    const filled = (row: (typeof rows)[number]) =>
      row.variant === 1 ? `Oi ${row.name}, oferta A` : `Olá ${row.name}, oferta B com frete grátis`;
    expect(stored.map((m) => m.body).sort()).toEqual(rows.map(filled).sort());
  });
});
