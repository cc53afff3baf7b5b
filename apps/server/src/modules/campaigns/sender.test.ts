import { and, eq, isNotNull } from "drizzle-orm";
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
 * The campaign sender on a real database, sending through meta-sim (Cloud API): start, claim,
 * exactly one message per contact with two senders at once, pacing with a controlled clock,
 * cancel and restart (docs/CAMPAIGNS.md).
 */

let world: Awaited<ReturnType<typeof startMetaWorld>>;
beforeAll(async () => {
  world = await startMetaWorld();
});
afterAll(() => world.close());

const db = () => world.server.database.db;
/** A Monday 10:00 in São Paulo (the companies' default time zone): inside the default window. */
const MONDAY_10 = new Date("2026-03-02T13:00:00Z");

function senderAt(clock: { now: Date }) {
  return new CampaignSender({
    db: db(),
    realtime: world.server.realtime,
    outbound: world.server.outbound,
    logger: { warn: () => {} },
    clock: () => clock.now,
  });
}

async function campaignOf(
  size: number,
  settings: Record<string, unknown> = { messageInterval: 0, longerIntervalAfter: 0 },
) {
  const company = await connectedCompany(world, "whatsappapi");
  const companyId = company.team.company.id;
  const [list] = await db().insert(contactLists).values({ companyId, name: "Lista" }).returning();
  const base = 5511_9000_0000 + Math.floor(Math.random() * 1e6) * 100;
  const numbers = Array.from({ length: size }, (_, i) => String(base + i));
  await db()
    .insert(contactListItems)
    .values(
      numbers.map((number, i) => ({ companyId, contactListId: list!.id, name: `Pessoa ${i}`, number })),
    );
  await db().insert(contactListItems).values({
    companyId,
    contactListId: list!.id,
    name: "Inválido",
    number: "5511000000000",
    isWhatsappValid: false,
  });
  await db()
    .insert(campaignSettings)
    .values(
      Object.entries(settings).map(([key, value]) => ({ companyId, key, value: JSON.stringify(value) })),
    );
  const [campaign] = await db()
    .insert(campaigns)
    .values({
      companyId,
      name: "Campanha",
      status: "PROGRAMADA",
      scheduledAt: new Date(MONDAY_10.getTime() - 60_000),
      message1: "Olá {nome}",
      message2: "Oi {nome}, tudo bem?",
      contactListId: list!.id,
      whatsappId: company.connectionId,
    })
    .returning();
  return {
    companyId,
    campaignId: campaign!.id,
    numbers,
    accountId: company.accountId,
    headers: company.team.adminSession.headers,
  };
}

const shippings = (campaignId: number) =>
  db().select().from(campaignShippings).where(eq(campaignShippings.campaignId, campaignId));
const statusOf = async (campaignId: number) =>
  (await db().select().from(campaigns).where(eq(campaigns.id, campaignId)))[0]?.status;
const sentTo = (accountId: string) =>
  world.sim.sent.filter((s) => s.accountId === accountId && s.httpStatus === 200).map((s) => s.recipient);

describe("campaign sender", () => {
  it("start: PROGRAMADA at scheduledAt -> EM_ANDAMENTO, one row per valid contact; not before", async () => {
    const clock = { now: new Date(MONDAY_10.getTime() - 120_000) };
    const sender = senderAt(clock);
    const { companyId, campaignId, numbers } = await campaignOf(3);
    expect(await sender.start(companyId, campaignId)).toBe(false);
    expect(await statusOf(campaignId)).toBe("PROGRAMADA");
    clock.now = MONDAY_10;
    expect(await sender.start(companyId, campaignId)).toBe(true);
    expect(await sender.start(companyId, campaignId)).toBe(true); // a repeated start adds nothing
    expect(await statusOf(campaignId)).toBe("EM_ANDAMENTO");
    expect((await shippings(campaignId)).map((r) => r.number).sort()).toEqual([...numbers].sort());
    const [row] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(row).toMatchObject({ audienceTotal: 4 });
  });

  it("two senders at once: every contact gets exactly one message, then FINALIZADA", async () => {
    const clock = { now: MONDAY_10 };
    const { companyId, campaignId, numbers, accountId } = await campaignOf(24);
    const a = senderAt(clock);
    const b = senderAt(clock);
    await a.start(companyId, campaignId);
    await Promise.all([
      a.run(companyId, campaignId),
      b.run(companyId, campaignId),
      a.run(companyId, campaignId),
    ]);
    expect(await statusOf(campaignId)).toBe("FINALIZADA");
    const rows = await shippings(campaignId);
    expect(rows).toHaveLength(24);
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(24);
    expect(rows.every((r) => r.deliveredAt !== null)).toBe(true);
    const stored = await db()
      .select()
      .from(messages)
      .where(
        and(
          eq(messages.companyId, companyId),
          eq(messages.fromMe, true),
          isNotNull(messages.providerMessageId),
        ),
      );
    expect(stored).toHaveLength(24);
    // Meta got one message per contact, none twice; variants among the filled slots.
    expect(sentTo(accountId).sort()).toEqual([...numbers].sort());
    expect(new Set(rows.map((r) => r.variant))).toEqual(new Set([1, 2]));
    const first = rows.find((r) => r.variant === 1)!;
    const body = stored.find((m) => m.id === first.messageId)?.body;
    expect(body).toBe(`Olá ${first.name}`);
  });

  it("pacing: messageInterval between messages, only inside the window (controlled clock)", async () => {
    const clock = { now: MONDAY_10 };
    const sender = senderAt(clock);
    const { companyId, campaignId } = await campaignOf(4, { messageInterval: 20, endHour: "10:01" });
    await sender.start(companyId, campaignId);
    const later = (seconds: number) => new Date(MONDAY_10.getTime() + seconds * 1000);
    expect((await sender.step(companyId, campaignId)).kind).toBe("sent");
    expect(await sender.step(companyId, campaignId)).toEqual({ kind: "wait", until: later(20) });
    clock.now = later(20);
    expect((await sender.step(companyId, campaignId)).kind).toBe("sent");
    clock.now = later(50);
    expect((await sender.step(companyId, campaignId)).kind).toBe("sent");
    // The next pause ends at 10:01:10, after endHour 10:01: Tuesday at 09:00 (12:00 UTC).
    clock.now = later(65);
    const tuesday = new Date("2026-03-03T12:00:00Z");
    expect(await sender.step(companyId, campaignId)).toEqual({ kind: "wait", until: tuesday });
    clock.now = tuesday;
    expect((await sender.step(companyId, campaignId)).kind).toBe("sent");
    // No row left: it ends at once, without waiting for the pace.
    expect(await sender.step(companyId, campaignId)).toEqual({ kind: "finished" });
  });

  it("without a pause, one step stores several messages at once, and stops at the longer pause", async () => {
    const clock = { now: MONDAY_10 };
    const sender = senderAt(clock);
    const { companyId, campaignId } = await campaignOf(12, {
      messageInterval: 0,
      longerIntervalAfter: 5,
      greaterInterval: 30,
    });
    await sender.start(companyId, campaignId);
    const first = await sender.step(companyId, campaignId, 25);
    // Five go at once; the sixth is due after the longer pause.
    expect(first.kind === "sent" ? first.sent : []).toHaveLength(5);
    expect(await sender.step(companyId, campaignId, 25)).toEqual({
      kind: "wait",
      until: new Date(MONDAY_10.getTime() + 30_000),
    });
    clock.now = new Date(MONDAY_10.getTime() + 30_000);
    const second = await sender.step(companyId, campaignId, 3);
    expect(second.kind === "sent" ? second.sent : []).toHaveLength(3); // at most `max`
    const rows = await shippings(campaignId);
    expect(rows.filter((r) => r.messageId !== null)).toHaveLength(8);
    const [campaign] = await db().select().from(campaigns).where(eq(campaigns.id, campaignId));
    expect(campaign?.sentCount).toBe(8);
  });

  it("cancel stops before the next message; restart resumes where it stopped", async () => {
    const clock = { now: MONDAY_10 };
    const sender = senderAt(clock);
    const { companyId, campaignId, numbers, accountId, headers } = await campaignOf(6);
    await sender.start(companyId, campaignId);
    for (let i = 0; i < 2; i++) {
      const step = await sender.step(companyId, campaignId);
      if (step.kind !== "sent") throw new Error(`expected a message, got ${step.kind}`);
      expect(step.sent).toHaveLength(1);
      await world.server.outbound.send(companyId, step.sent[0]!.messageId);
    }
    const cancel = await world.server.app.inject({
      method: "POST",
      url: `/campaigns/${campaignId}/cancel`,
      headers,
    });
    expect(cancel.json().status).toBe("CANCELADA");
    expect(await sender.step(companyId, campaignId)).toEqual({ kind: "stopped" });
    expect((await shippings(campaignId)).filter((r) => r.messageId !== null)).toHaveLength(2);
    const restart = await world.server.app.inject({
      method: "POST",
      url: `/campaigns/${campaignId}/restart`,
      headers,
    });
    expect(restart.json().status).toBe("EM_ANDAMENTO");
    await sender.run(companyId, campaignId);
    expect(await statusOf(campaignId)).toBe("FINALIZADA");
    const rows = await shippings(campaignId);
    expect(new Set(rows.map((r) => r.messageId)).size).toBe(6);
    await world.server.outbound.idle();
    expect(sentTo(accountId).sort()).toEqual([...numbers].sort());
  });
});
