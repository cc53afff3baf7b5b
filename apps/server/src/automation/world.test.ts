import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCompany, buildConnection, buildQueue } from "../../test/factories.js";
import { openTestDatabase } from "../../test/harness.js";
import type { Database } from "../db/client.js";
import {
  chatbots,
  companies,
  companySettings,
  flowCampaigns,
  flows,
  queueIntegrations,
  whatsappQueues,
} from "../db/schema/index.js";
import { loadWorld } from "./world.js";

/**
 * The machine's world as the one statement reads it (world.ts): every part of the connection and
 * its company, typed as the machine expects (dates as dates, queues in menu order, options as a
 * tree), and nothing of another company's.
 */

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
const db = () => database.db;

async function flowOf(companyId: number, active = true) {
  const [row] = await db().insert(flows).values({ companyId, name: "Boas-vindas", active }).returning();
  if (!row) throw new Error("no flow");
  return row;
}

describe("loadWorld", () => {
  it("reads the connection, its company's settings, queues, options and flows in one piece", async () => {
    const { id: companyId } = await buildCompany(db());
    const other = await buildCompany(db());
    await db().update(companies).set({ timezone: "America/Manaus" }).where(eq(companies.id, companyId));
    await db()
      .update(companySettings)
      .set({
        scheduleType: "company",
        enableLGPD: "enabled",
        lgpdMessage: "Tratamos seus dados.",
        sendQueuePosition: "enabled",
        sendQueuePositionMessage: "Você é o número",
      })
      .where(eq(companySettings.companyId, companyId));
    const welcome = await flowOf(companyId);
    const byIntegration = await flowOf(companyId);
    const inactive = await flowOf(companyId, false);
    const vacationStart = new Date("2026-12-20T03:00:00.000Z");
    const connection = await buildConnection(db(), companyId, {
      greetingMessage: "Olá!",
      greetingMediaAttachment: "saudacao.png",
      collectiveVacationStart: vacationStart,
      collectiveVacationEnd: new Date("2027-01-05T03:00:00.000Z"),
      collectiveVacationMessage: "Férias coletivas",
      flowIdWelcome: welcome.id,
      schedules: [{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" }],
    });
    const second = await buildQueue(db(), companyId, { name: "Financeiro", orderQueue: 2 });
    const first = await buildQueue(db(), companyId, { name: "Vendas", orderQueue: 1 });
    await buildQueue(db(), other.id, { name: "Outra empresa", orderQueue: 0 });
    await db().insert(whatsappQueues).values({ companyId, whatsappId: connection.id, queueId: first.id });
    const [parent] = await db()
      .insert(chatbots)
      .values({ companyId, queueId: first.id, name: "Planos", greetingMessage: "Qual plano?" })
      .returning();
    if (!parent) throw new Error("no option");
    await db()
      .insert(chatbots)
      .values({ companyId, chatbotId: parent.id, name: "Mensal", queueType: "queue" });
    await db()
      .insert(flowCampaigns)
      .values([
        { companyId, name: "Promo", flowId: welcome.id, whatsappId: connection.id, phrase: "promo" },
        {
          companyId,
          name: "Off",
          flowId: welcome.id,
          whatsappId: connection.id,
          phrase: "off",
          status: false,
        },
        { companyId, name: "Inativo", flowId: inactive.id, whatsappId: connection.id, phrase: "inativo" },
      ]);
    const [integration] = await db()
      .insert(queueIntegrations)
      .values({ companyId, name: "Fluxo", type: "flowbuilder", projectName: String(byIntegration.id) })
      .returning();
    if (!integration) throw new Error("no integration");

    const world = await loadWorld(db(), companyId, connection.id);
    if (!world) throw new Error("no world");

    expect(world.timeZone).toBe("America/Manaus");
    expect(world.connection.greetingMessage).toBe("Olá!");
    expect(world.connection.hasGreetingMedia).toBe(true);
    expect(world.connection.collectiveVacationStart).toBeInstanceOf(Date);
    expect(world.connection.collectiveVacationStart?.getTime()).toBe(vacationStart.getTime());
    expect(world.connection.collectiveVacationMessage).toBe("Férias coletivas");
    expect(world.connection.schedules).toEqual(connection.schedules);
    expect(world.connection.queues.map((q) => q.id)).toEqual([first.id]);
    expect(world.settings).toMatchObject({
      scheduleType: "company",
      lgpd: { enabled: true, consent: false, message: "Tratamos seus dados.", link: null },
      queuePositionMessage: "Você é o número",
    });
    // Every queue of the company, in menu order; none of another company's.
    expect([...world.queuesById.values()].map((q) => q.name)).toEqual(["Vendas", "Financeiro"]);
    expect(world.queuesById.get(second.id)?.options).toEqual([]);
    const [planos] = world.queuesById.get(first.id)?.options ?? [];
    expect(planos?.name).toBe("Planos");
    expect(planos?.options.map((o) => o.name)).toEqual(["Mensal"]);
    // Flows: the welcome flow, the active phrase on an active flow, the integration's flow.
    expect(world.connectionFlows?.welcome?.flowId).toBe(welcome.id);
    expect(world.connectionFlows?.notPhrase).toBeNull();
    expect(world.connectionFlows?.phrases.map((p) => p.phrase)).toEqual(["promo"]);
    expect(world.connectionFlows?.byIntegration.get(integration.id)?.flowId).toBe(byIntegration.id);
  });

  it("answers nothing for another company's connection, and defaults for a company without settings", async () => {
    const { id: companyId } = await buildCompany(db());
    const other = await buildCompany(db());
    const connection = await buildConnection(db(), companyId);
    expect(await loadWorld(db(), other.id, connection.id)).toBeUndefined();

    await db().delete(companySettings).where(eq(companySettings.companyId, companyId));
    const world = await loadWorld(db(), companyId, connection.id);
    expect(world?.settings).toMatchObject({
      scheduleType: "disabled",
      sendGreetingMessageOneQueues: false,
      lgpd: { enabled: false, consent: false, message: null, link: null },
      queuePositionMessage: null,
    });
    expect(world?.connection.queues).toEqual([]);
    expect(world?.connection.collectiveVacationStart).toBeNull();
    expect(world?.connectionFlows).toBeUndefined();
  });
});
