import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectedCompany, startMetaWorld } from "../../../test/meta.js";
import {
  campaignSettings,
  campaignShippings,
  campaigns,
  contactListItems,
  contactLists,
  messages,
} from "../../db/schema/index.js";
import { CampaignSender } from "./sender.js";

/**
 * Campaign confirmation (issue 12): with confirmation on, a contact's answer to the campaign
 * message gets the variant's confirmation message, once, and the report counts it. Through
 * meta-sim, ingest and the automation runner, on a real database.
 */

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
const NOW = new Date("2026-03-02T13:00:00Z"); // a Monday 10:00 in São Paulo: inside the window

async function sentCampaign(options: { confirmation: boolean; confirmation2?: string }) {
  const company = await connectedCompany(world, "whatsappapi");
  const companyId = company.team.company.id;
  await db().insert(campaignSettings).values({ companyId, key: "messageInterval", value: "0" });
  const [list] = await db().insert(contactLists).values({ companyId, name: "Lista" }).returning();
  // 13 digits, as the import normalises a Brazilian mobile (ingest would add the ninth digit).
  const base = 5531_9_8000_0000 + Math.floor(Math.random() * 1e6) * 10;
  const numbers = [String(base + 1), String(base + 2)];
  await db()
    .insert(contactListItems)
    .values(numbers.map((number, i) => ({ companyId, contactListId: list!.id, name: `Pessoa${i}`, number })));
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      companyId,
      name: "Confirma",
      status: "PROGRAMADA",
      scheduledAt: NOW,
      confirmation: options.confirmation,
      message1: "Olá {nome}, confirma a consulta?",
      confirmationMessage1: "Obrigado {nome}, consulta confirmada!",
      message2: "Oi {nome}, podemos confirmar?",
      confirmationMessage2: options.confirmation2 ?? "Confirmado, {nome}.",
      contactListId: list!.id,
      whatsappId: company.connectionId,
    })
    .returning();
  const sender = new CampaignSender({
    db: db(),
    realtime: world.server.realtime,
    outbound: world.server.outbound,
    logger: { warn: () => {} },
    clock: () => NOW,
  });
  await sender.start(companyId, campaign!.id);
  await sender.run(companyId, campaign!.id);
  const rows = await db()
    .select()
    .from(campaignShippings)
    .where(eq(campaignShippings.campaignId, campaign!.id));
  return { company, companyId, campaignId: campaign!.id, numbers, rows };
}

const report = async (campaignId: number, headers: object) =>
  (
    await world.server.app.inject({
      method: "GET",
      url: `/campaigns/${campaignId}`,
      headers: headers as Record<string, string>,
    })
  ).json().report as { confirmationRequested: number; confirmed: number; delivered: number };

/** Waits until the contact's ticket has `count` messages from us after the campaign's. */
async function ourMessagesTo(companyId: number, contactId: number, count: number) {
  for (let i = 0; i < 200; i++) {
    await world.server.outbound.idle();
    const rows = await db()
      .select({ body: messages.body, ack: messages.ack })
      .from(messages)
      .where(
        and(eq(messages.companyId, companyId), eq(messages.contactId, contactId), eq(messages.fromMe, true)),
      );
    if (rows.length >= count) return rows;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("timed out waiting for our messages");
}

describe("campaign confirmation", () => {
  it("the contact's answer gets its variant's confirmation once; a redelivery or a second message adds none", async () => {
    const { company, companyId, campaignId, numbers, rows } = await sentCampaign({ confirmation: true });
    expect(rows.every((r) => r.confirmationRequestedAt !== null && !r.confirmed)).toBe(true);
    const headers = company.team.adminSession.headers;
    expect(await report(campaignId, headers)).toMatchObject({
      confirmationRequested: 2,
      confirmed: 0,
    });

    const first = rows.find((r) => r.number === numbers[0])!;
    const delivery = await world.sim.cloud.text(company.accountId, { from: numbers[0]!, body: "Sim" });
    const ours = await ourMessagesTo(companyId, first.contactId!, 2);
    const expected = first.variant === 1 ? "Obrigado Pessoa0, consulta confirmada!" : "Confirmado, Pessoa0.";
    expect(ours.map((m) => m.body)).toContain(expected);

    // The same webhook again, and a second answer: still one confirmation.
    await world.sim.redeliver(delivery.deliveryId);
    await world.sim.cloud.text(company.accountId, { from: numbers[0]!, body: "Sim, confirmo" });
    await new Promise((r) => setTimeout(r, 500));
    await world.server.outbound.idle();
    const after = await ourMessagesTo(companyId, first.contactId!, 2);
    expect(after.filter((m) => m.body === expected)).toHaveLength(1);
    const sends = world.sim.sent.filter((s) => s.recipient === numbers[0] && s.httpStatus === 200);
    expect(sends.filter((s) => JSON.stringify(s.body).includes(expected))).toHaveLength(1);

    const [row] = await db().select().from(campaignShippings).where(eq(campaignShippings.id, first.id));
    expect(row).toMatchObject({ confirmed: true, confirmationMessageId: expect.any(Number) });
    expect(await report(campaignId, headers)).toMatchObject({
      confirmationRequested: 2,
      confirmed: 1,
    });
  });

  it("with confirmation off, or a variant without a confirmation message, the answer gets none", async () => {
    const off = await sentCampaign({ confirmation: false });
    expect(off.rows.every((r) => r.confirmationRequestedAt === null)).toBe(true);
    const partial = await sentCampaign({ confirmation: true, confirmation2: "" });
    const withoutText = partial.rows.find((r) => r.variant === 2)!;
    expect(withoutText.confirmationRequestedAt).toBeNull();
    expect(partial.rows.find((r) => r.variant === 1)!.confirmationRequestedAt).not.toBeNull();

    for (const { company, numbers } of [off, partial])
      for (const from of numbers) await world.sim.cloud.text(company.accountId, { from, body: "Sim" });
    await new Promise((r) => setTimeout(r, 500));
    await world.server.outbound.idle();
    for (const { companyId, numbers, rows } of [off, partial]) {
      for (const row of rows) {
        if (companyId === partial.companyId && row.variant === 1) continue;
        const ours = await ourMessagesTo(companyId, row.contactId!, 1);
        expect(ours, `${numbers.join()}`).toHaveLength(1); // only the campaign message
      }
    }
  });
});
